/** `coopctl serve` as a real process (the built bin/coopctl): start-up output, and a graceful stop on SIGTERM. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, operation, sampleParams } from '../../src/spec/index.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-serve-proc-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a child: its own folders, no colour, no server token unless given. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config'), NO_COLOR: '1' };
  delete env['COOPCTL_SERVER_TOKEN'];
  return env;
}

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  stderr(): string;
  /** Resolves when stderr has printed `text`. */
  printed(text: string): Promise<void>;
  exited: Promise<number | null>;
}

async function start(args: string[]): Promise<Proc> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const waiters: Array<[string, () => void]> = [];
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString('utf8');
    for (const [text, resolve] of waiters) if (err.includes(text)) resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (c: Buffer) => resolve(c.toString('utf8').trim()));
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return {
    child,
    url,
    stderr: () => err,
    printed: (text) => new Promise((resolve) => (err.includes(text) ? resolve() : waiters.push([text, resolve]))),
    exited,
  };
}

describe('coopctl serve process', () => {
  it('finishes a request in flight on SIGTERM, closes the database and exits 0', async () => {
    const db = join(dir, 'proc.db');
    const proc = await start(['--db', db]);
    expect(proc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(proc.stderr()).toContain('(new, demo data loaded)');

    // A request whose headers the server has taken (100 Continue) but whose body is not sent yet.
    const op = operation('enrol.contract.create');
    const body = JSON.stringify(sampleParams(op));
    const req = http.request(`${proc.url}${op.path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answered = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
      });
      req.on('error', reject);
    });
    await new Promise<void>((resolve) => {
      req.on('continue', resolve);
      req.flushHeaders();
    });

    proc.child.kill('SIGTERM');
    await proc.printed('stopping');
    req.end(body);

    const res = await answered;
    expect(res.status).toBe(200);
    expect(res.connection).toBe('close');
    const check = checkResponse(op, JSON.parse(res.text));
    expect(check.ok && check.outcome).toBe('ok');
    expect(await proc.exited).toBe(0);
    expect(proc.stderr()).toMatch(/stopped\n$/);
    // A cleanly closed SQLite database leaves no write-ahead log behind.
    expect(existsSync(db)).toBe(true);
    expect(existsSync(`${db}-wal`)).toBe(false);
  });

  it('refuses a non-loopback address without a token, with exit 2', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--host', '0.0.0.0', '--port', '0', '--db', ':memory:'], {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/without a token/);
  });
});
