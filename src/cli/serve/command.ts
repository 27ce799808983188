/** `coopctl serve`: the embedded server, loaded only when this command runs. */
import { InvalidArgumentError } from 'commander';
import type { ServeOptions } from '../../server/serve.js';
import { StartError } from '../../server/start-error.js';
import { BindingError, type BindingProblem } from '../../server/store/sqlite/binding.js';
import { READ_CACHE_BYTES } from '../../server/store/types.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { wholeNumber } from '../flags/global.js';
import { defineCommand } from '../commands/command-def.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import { type FlagDecls, named, type TextKey } from '../flags/declared.js';
import { ANY_ORIGIN, originOf } from '../../server/http/origins.js';
import * as lazy from '../lazy.js';
import { orphanSignal } from './orphan.js';
import { words as standInWords } from './words.js';

function port(m: Messages) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError(m.help.invalid.port);
    return Number(value);
  };
}

/** A host name for `--allowed-host`: letters, digits, `-`, `_` and dots; a leading dot also allows its subdomains. */
function hostName(m: Messages) {
  return (value: string): string => {
    const name = value.trim().toLowerCase();
    if (!/^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name)) throw new InvalidArgumentError(m.help.invalid.hostName);
    return name;
  };
}

/** An origin for `--cors` and `--allowed-origin` (`*` for `--cors` only), as the server compares them. */
function origin(m: Messages, any: boolean) {
  return (value: string): string => {
    if (any && value.trim() === ANY_ORIGIN) return ANY_ORIGIN;
    const o = originOf(value);
    if (o === undefined) throw new InvalidArgumentError(m.help.invalid.origin);
    return o;
  };
}

/** A base URL for `--proxy-to`: http or https, nothing after the path. */
function baseUrl(m: Messages) {
  return (value: string): string => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new InvalidArgumentError(m.help.invalid.baseUrl);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
      throw new InvalidArgumentError(m.help.invalid.baseUrl);
    return url.href;
  };
}

/** The help of a flag of `serve`, in the language of `m`. */
const says =
  (key: TextKey<Messages['commandsHelp']['serve']>) =>
  (m: Messages): string =>
    m.commandsHelp.serve[key];
const file = named('file');
const n = () => 'n';

/** The server's flags (ServeOptions, src/server/serve.ts, but for the global --token-file and -q). */
const serveFlags = {
  host: { type: 'value', placeholder: named('address'), help: says('host'), default: '127.0.0.1' },
  allowedHost: {
    type: 'value',
    placeholder: named('name'),
    help: says('allowedHost'),
    parse: hostName,
    repeatable: true,
  },
  cors: {
    type: 'value',
    placeholder: named('origin'),
    help: says('cors'),
    parse: (m: Messages) => origin(m, true),
    repeatable: true,
  },
  allowedOrigin: {
    type: 'value',
    placeholder: named('origin'),
    help: says('allowedOrigin'),
    parse: (m: Messages) => origin(m, false),
    repeatable: true,
  },
  port: { type: 'value', placeholder: n, help: says('port'), parse: port, default: 8787 },
  db: { type: 'value', placeholder: named('pathOrUrl'), help: says('db') },
  importSqlite: { type: 'value', placeholder: file, help: says('importSqlite'), conflicts: ['demo', 'fixtures'] },
  demo: { type: 'boolean', help: says('demo'), conflicts: ['fixtures'] },
  fixtures: { type: 'value', placeholder: file, help: says('fixtures') },
  allowPrefer: { type: 'boolean', help: says('allowPrefer') },
  admin: { type: 'boolean', help: says('admin') },
  journalBodies: { type: 'boolean', help: says('journalBodies') },
  proxyTo: { type: 'value', placeholder: named('url'), help: says('proxyTo'), parse: baseUrl },
  proxyToTest: { type: 'value', placeholder: named('url'), help: says('proxyToTest'), parse: baseUrl },
  record: { type: 'value', placeholder: file, help: says('record') },
  journalSize: {
    type: 'value',
    placeholder: n,
    help: says('journalSize'),
    parse: wholeNumber(1, 100_000),
    default: 500,
  },
  logFormat: { type: 'value', placeholder: named('format'), help: says('logFormat'), choices: ['text', 'json'] },
  metrics: { type: 'boolean', negatable: true, help: says('noMetrics') },
  metricsTokenFile: { type: 'value', placeholder: file, help: says('metricsTokenFile') },
  privateProbes: { type: 'boolean', help: says('privateProbes') },
  readCache: {
    type: 'value',
    placeholder: () => 'MiB',
    help: says('readCache'),
    parse: wholeNumber(0, 4096),
    // The store's own default (4 MiB): a default written here would be the one every `serve` runs with.
    default: READ_CACHE_BYTES / (1024 * 1024),
  },
  shutdownDelay: {
    type: 'value',
    placeholder: named('seconds'),
    help: says('shutdownDelay'),
    parse: wholeNumber(0, 600),
    default: 0,
  },
  audit: { type: 'boolean', negatable: true, help: says('noAudit') },
  auditRetention: {
    type: 'value',
    placeholder: named('days'),
    help: says('auditRetention'),
    parse: wholeNumber(0, 36_500),
    default: 180,
  },
  auditKeyFile: { type: 'value', placeholder: file, help: says('auditKeyFile') },
  newAuditKey: { type: 'boolean', help: says('newAuditKey') },
  maxConnections: {
    type: 'value',
    placeholder: n,
    help: says('maxConnections'),
    parse: wholeNumber(1, 1_000_000),
    default: 1024,
  },
  dbTimeout: {
    type: 'value',
    placeholder: named('seconds'),
    help: says('dbTimeout'),
    parse: wholeNumber(1, 600),
    default: 5,
  },
} as const satisfies FlagDecls;

/**
 * Why the SQLite binding is not usable, in full (every line the loader gave),
 * and what to run about it: a Node new enough, or a reinstall or a build.
 */
async function bindingFailure(inv: Io, problem: BindingProblem): Promise<void> {
  const words = inv.m.errors.binding;
  if (problem.kind === 'node') {
    await inv.notice(words.node(problem.node, problem.napi), 'error');
    inv.say(words.nodeHint);
    return;
  }
  await inv.notice(words.load, 'error');
  for (const line of problem.detail.split('\n')) inv.say(`  ${line}`);
  inv.say(words.reinstall(problem.root));
  if (problem.folder) inv.say(words.fromSource(problem.folder));
}

/**
 * The options and action of the `serve` command. Of the global options only
 * --token-file (the server's token), -q and --lang apply to it, and its help
 * lists only those: the client's (--output, --timeout, --profile, …) do not.
 */
export const serveCommand = defineCommand({
  words: ['serve'],
  flags: serveFlags,
  globals: (m) => ({
    '--token-file': m.commandsHelp.serve.tokenFile,
    '--quiet': m.commandsHelp.serve.quiet,
    '--lang': undefined,
  }),
  examples: (m) => [
    { command: 'coopctl serve --port 0 --db :memory:', note: m.commandsHelp.serve.memory },
    { command: 'coopctl serve --port 0 --allow-prefer', note: m.commandsHelp.serve.prefer },
    { command: 'coopctl serve --port 0 --db :memory: --log-format json', note: m.commandsHelp.serve.jsonLog },
  ],
  notes: (m) => [m.commandsHelp.serve.note],
  async run(io, _args, { allowedHost, allowedOrigin, ...flags }) {
    const opts: ServeOptions = {
      ...flags,
      allowedHosts: allowedHost,
      allowedOrigins: allowedOrigin,
      tokenFile: io.globals.tokenFile,
      quiet: io.globals.quiet,
    };
    const { runServe } = await lazy.serve();
    // The server speaks English by itself; a Portuguese run gives it its words.
    const words = io.lang === 'pt-BR' ? { words: (await lazy.serveWords()).ptServeWords } : {};
    // Started by npm exec, it stops when npm has gone (a SIGTERM npm's shell did not pass on: serve/orphan.ts).
    const orphan = orphanSignal(io.ctx.env, () => io.say(standInWords[io.lang].npmGone));
    try {
      // The server stops on SIGINT/SIGTERM itself; the run's signal is not passed, or one Ctrl-C would count twice.
      await runServe(opts, {
        stdout: io.ctx.stdout,
        stderr: io.ctx.stderr,
        env: io.ctx.env,
        stdin: io.ctx.stdin,
        ...(orphan.signal ? { signal: orphan.signal } : {}),
        ...words,
      });
    } catch (err) {
      if (err instanceof BindingError) {
        await bindingFailure(io, err.problem);
        return ExitCode.failed;
      }
      if (!(err instanceof StartError)) throw err;
      const said = io.m.common.said(err.said);
      if (err.exitCode === ExitCode.usage) throw new UsageError(said, 'coopctl serve --help');
      await io.notice(said, 'error');
      return ExitCode.failed;
    } finally {
      orphan.dispose();
    }
    return ExitCode.ok;
  },
});
