/** `coopctl serve` as a real process (the built bin/coopctl): start-up output, and a graceful stop on SIGTERM. */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { checkResponse, operation, sampleParams } from '../../src/catalogue/index.js';
import { startServe, type ServeProcess } from '../helpers/serve-process.js';
import { parseRaw, rawExchange } from './raw.js';
import { TOKEN_A } from '../helpers/tokens.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-serve-proc-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a child: its own folders, no colour, no server token unless given. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    NO_COLOR: '1',
  };
  delete env['COOPCTL_SERVER_TOKEN'];
  return env;
}

/** `coopctl serve --port 0 ...args` in the test's folders, once it has printed its URL. */
const start = (args: string[]): Promise<ServeProcess> => startServe(args, childEnv());

describe('coopctl serve process', () => {
  it("runs with V8's young generation capped (4 MB a semi-space): the same process, restarted with the flag; NODE_OPTIONS setting one wins", async () => {
    // /proc/<pid>/cmdline: the spawned pid runs Node with the flag (process.execve: no second process to signal).
    const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const plain = { ...childEnv() };
    delete plain['NODE_OPTIONS'];
    const capped = await startServe(['--db', ':memory:', '--quiet'], plain);
    onTestFinished(() => capped.stop().then(() => undefined));
    expect(commandLine(capped.child.pid!).slice(1, 4)).toEqual(['--max-semi-space-size=4', BIN, 'serve']);
    const ok = await fetch(`${capped.url}/healthz`);
    expect(ok.status).toBe(200);

    // V8's flags take underscores too.
    for (const flag of ['--max-semi-space-size=8', '--max_semi_space_size=8']) {
      const chosen = await startServe(['--db', ':memory:', '--quiet'], { ...plain, NODE_OPTIONS: flag });
      onTestFinished(() => chosen.stop().then(() => undefined));
      expect(commandLine(chosen.child.pid!).slice(1, 3), flag).toEqual([BIN, 'serve']);
    }
  });

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
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
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

  it('answers --allowed-host names and refuses other Host names with 403', async () => {
    const proc = await start([
      '--db',
      ':memory:',
      '-q',
      '--allowed-host',
      'coop.example.org',
      '--allowed-host',
      '.lan.example',
    ]);
    const port = Number(new URL(proc.url).port);
    const status = async (host: string) =>
      parseRaw((await rawExchange(port, `GET /nowhere HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).text)
        .status;
    expect(await status('coop.example.org')).toBe(404);
    expect(await status(`x.lan.example:${port}`)).toBe(404);
    expect(await status('other.example')).toBe(403);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it.each([
    [
      'a guessable token from COOPCTL_SERVER_TOKEN',
      [],
      { COOPCTL_SERVER_TOKEN: 'aaaaaaaaaaaaaaaa' },
      '',
      /too easy to guess: about 0 bits of entropy, at least 128 needed/,
    ],
    [
      'a guessable token from --token-file -',
      ['--token-file', '-'],
      {},
      'a-token-of-24-characters\n',
      /token in stdin is too easy to guess/,
    ],
    [
      'a token file others can read',
      ['--token-file', 'TOKEN_FILE'],
      {},
      '',
      /open to other users \(mode 0644\): run chmod 600 /,
    ],
    ['a malformed --allowed-host', ['--allowed-host', 'coop.example.org:80'], {}, '', /must be a host name/],
  ])('refuses %s, with exit 2', async (_what, args, env, stdin, message) => {
    const file = join(dir, 'open-token');
    writeFileSync(file, `${TOKEN_A}\n`);
    chmodSync(file, 0o644);
    const argv = [BIN, 'serve', '--port', '0', '--db', ':memory:', ...args.map((a) => (a === 'TOKEN_FILE' ? file : a))];
    const child = spawn(process.execPath, argv, { env: { ...childEnv(), ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    // A server that started after all would outlive a failed test.
    onTestFinished(() => void child.kill());
    child.stdin.end(stdin);
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(message);
    for (const token of [TOKEN_A, 'aaaaaaaaaaaaaaaa', 'a-token-of-24-characters']) expect(err).not.toContain(token);
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
