/** `coopctl serve`: options to a running server, a start-up banner, and a graceful stop on SIGINT/SIGTERM. */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { Writable } from 'node:stream';
import { startServer } from './start.js';
import { StartError } from './start-error.js';
import { checkExposure } from './host.js';
import { banner } from './banner.js';
import { stopper } from './stop-signals.js';

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly db?: string;
  readonly demo?: boolean;
  readonly fixtures?: string;
  readonly tokenFile?: string;
  readonly allowPrefer?: boolean;
  /** No banner and no access log (the URL is still printed on stdout). */
  readonly quiet?: boolean;
}

export interface ServeContext {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
  /** Stops the server like SIGTERM does (tests; the CLI relies on the signals). */
  readonly signal?: AbortSignal;
}

/** `$XDG_DATA_HOME/coopctl/coopctl.db`, or `~/.local/share/coopctl/coopctl.db`. */
export function defaultDbPath(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg && isAbsolute(xdg) ? xdg : join(env['HOME'] || homedir(), '.local', 'share');
  return join(base, 'coopctl', 'coopctl.db');
}

/** The server token: from `--token-file`, else `COOPCTL_SERVER_TOKEN`; surrounding whitespace dropped. */
export async function readServerToken(tokenFile: string | undefined, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  let token = env['COOPCTL_SERVER_TOKEN'];
  let source = 'COOPCTL_SERVER_TOKEN';
  if (tokenFile !== undefined) {
    source = tokenFile;
    try {
      token = await readFile(tokenFile, 'utf8');
    } catch (err) {
      throw new StartError(`cannot read the token file ${tokenFile} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (token === undefined) return undefined;
  token = token.trim();
  if (!token) throw new StartError(`the server token in ${source} is empty`);
  return token;
}

async function readFixtures(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new StartError(`cannot read the fixtures file ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new StartError(`the fixtures file ${file} is not JSON`);
  }
}

export async function runServe(opts: ServeOptions, ctx: ServeContext): Promise<void> {
  if (opts.demo && opts.fixtures) throw new StartError('--demo and --fixtures cannot be used together');
  const token = await readServerToken(opts.tokenFile, ctx.env);
  checkExposure(opts.host, token);
  const fixtures = opts.fixtures === undefined ? undefined : await readFixtures(opts.fixtures);
  const db = opts.db ?? defaultDbPath(ctx.env);
  if (db !== ':memory:') mkdirSync(dirname(db), { recursive: true, mode: 0o700 });
  // A new database gets the demo dataset unless fixtures are given (`--demo` says so explicitly).
  const demo = fixtures === undefined;

  const running = await startServer({ host: opts.host, port: opts.port, db, demo, fixtures, token, allowPrefer: opts.allowPrefer, log: opts.quiet ? undefined : ctx.stderr });
  const stop = stopper(ctx.signal);
  stop.onSecond = () => running.abort();
  try {
    const loaded = !running.store.created ? '' : fixtures !== undefined ? ' (new, fixtures loaded)' : demo ? ' (new, demo data loaded)' : ' (new)';
    if (!opts.quiet) ctx.stderr.write(await banner(running, { db, loaded, token: token !== undefined, allowPrefer: opts.allowPrefer === true }));
    ctx.stdout.write(`${running.url}\n`);
    await stop.stopped;
    if (!opts.quiet) ctx.stderr.write('coopctl serve: stopping, finishing requests in flight (Ctrl-C again to drop them)\n');
  } finally {
    await running.close();
    stop.dispose();
  }
  if (!opts.quiet) ctx.stderr.write('coopctl serve: stopped\n');
}
