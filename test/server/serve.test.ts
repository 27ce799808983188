import { mkdtempSync, rmSync, existsSync, writeFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkResponse, operation } from '../../src/catalogue/index.js';
import { defaultDbPath, runServe, type ServeOptions } from '../../src/server/serve.js';
import { startError } from '../helpers/server.js';
import { TOKEN_A, TOKEN_B } from '../helpers/tokens.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-serve-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

/** Runs `coopctl serve` in this process until `stop()`, resolving once its URL is printed. */
async function serve(opts: Partial<ServeOptions>, env: NodeJS.ProcessEnv = {}) {
  const out = sink();
  const err = sink();
  const ac = new AbortController();
  const gotUrl = new Promise<string>((resolve) =>
    out.stream.on('data', (c: Buffer) => resolve(c.toString('utf8').trim())),
  );
  const done = runServe(
    { host: '127.0.0.1', port: 0, ...opts },
    { stdout: out.stream, stderr: err.stream, env: { HOME: dir, ...env }, signal: ac.signal },
  );
  const url = await Promise.race([gotUrl, done.then(() => Promise.reject(new Error('stopped before listening')))]);
  return {
    url,
    stdout: out.text,
    stderr: err.text,
    stop: async () => {
      ac.abort();
      await done;
    },
  };
}

describe('coopctl serve', () => {
  it('creates the default database under XDG_DATA_HOME with demo data, prints its URL and demo cards, and stops', async () => {
    const xdg = join(dir, 'data');
    const db = defaultDbPath({ XDG_DATA_HOME: xdg });
    expect(db).toBe(join(xdg, 'coopctl', 'coopctl.db'));
    const srv = await serve({}, { XDG_DATA_HOME: xdg });
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(srv.stdout()).toBe(`${srv.url}\n`);
    expect(existsSync(db)).toBe(true);
    expect(statSync(join(xdg, 'coopctl')).mode & 0o777).toBe(0o700);
    // The demo's first card is the spec examples' card (docs/decisions.md).
    const card = '00010001000001005';
    expect(srv.stderr()).toMatch(new RegExp(`^demo cards: ${card}, \\d{17}`, 'm'));
    expect(srv.stderr()).toContain(`try: coopctl registration show ${card}`);

    const op = operation('registration.show');
    const res = await fetch(`${srv.url}${op.path}?usuario_cartao=${card}`);
    expect(res.status).toBe(200);
    const check = checkResponse(op, await res.json());
    expect(check.ok && check.outcome).toBe('found');
    expect(check.ok && check.records[0]).toMatchObject({ nome: 'Ana Beatriz Souza' });

    await srv.stop();
    expect(srv.stderr()).toMatch(/stopped\n$/);
    // The access log never carries the query.
    expect(srv.stderr()).toMatch(new RegExp(`^GET ${op.path} 200 `, 'm'));
    expect(
      srv
        .stderr()
        .split('\n')
        .filter((l) => l.startsWith('GET '))
        .join('\n'),
    ).not.toContain(card);
  });

  it('opens an existing database as it is, without loading the demo dataset again', async () => {
    const db = join(dir, 'again.db');
    const first = await serve({ db });
    expect(first.stderr()).toContain(`database: ${db} (new, demo data loaded)`);
    const create = operation('enrol.contract.create');
    const created = await fetch(`${first.url}${create.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' }),
    });
    expect(created.status).toBe(200);
    const search = operation('enrol.contract.search');
    const count = async (url: string) => ((await (await fetch(`${url}${search.path}`)).json()) as unknown[]).length;
    // The demo's 7 contracts and the one created.
    expect(await count(first.url)).toBe(8);
    await first.stop();

    const second = await serve({ db, demo: true });
    expect(second.stderr()).toContain(`database: ${db}\n`);
    expect(await count(second.url)).toBe(8);
    await second.stop();
  });

  it('falls back to ~/.local/share without XDG_DATA_HOME', () => {
    expect(defaultDbPath({ HOME: '/home/ana' })).toBe('/home/ana/.local/share/coopctl/coopctl.db');
    expect(defaultDbPath({ HOME: '/home/ana', XDG_DATA_HOME: 'relative' })).toBe(
      '/home/ana/.local/share/coopctl/coopctl.db',
    );
  });

  it('serves :memory: with demo data', async () => {
    const srv = await serve({ db: ':memory:' });
    expect(srv.stderr()).toContain('database: :memory:');
    expect(srv.stderr()).toMatch(/demo cards: \d{17}/);
    await srv.stop();
  });

  it('requires the token from --token-file, and never prints it', async () => {
    const file = join(dir, 'token');
    writeFileSync(file, `${TOKEN_A}\n`, { mode: 0o600 });
    const srv = await serve({ db: join(dir, 'a.db'), tokenFile: file }, { COOPCTL_SERVER_TOKEN: TOKEN_B });
    const path = operation('enrol.contract.search').path;
    expect((await fetch(`${srv.url}${path}`)).status).toBe(401);
    expect((await fetch(`${srv.url}${path}`, { headers: { authorization: `Bearer ${TOKEN_B}` } })).status).toBe(401);
    expect((await fetch(`${srv.url}${path}`, { headers: { authorization: `Bearer ${TOKEN_A}` } })).status).toBe(200);
    await srv.stop();
    expect(srv.stderr() + srv.stdout()).not.toContain(TOKEN_A);
  });

  it('takes the token from COOPCTL_SERVER_TOKEN, and then serves a non-loopback address', async () => {
    const srv = await serve({ host: '0.0.0.0', db: join(dir, 'a.db') }, { COOPCTL_SERVER_TOKEN: TOKEN_B });
    const port = new URL(srv.url).port;
    const path = operation('enrol.contract.search').path;
    expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(401);
    expect(
      (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${TOKEN_B}` } })).status,
    ).toBe(200);
    await srv.stop();
  });

  it('refuses a non-loopback address without a token (exit 2), before creating any file', async () => {
    const db = join(dir, 'sub', 'a.db');
    const err = await startError(
      runServe({ host: '0.0.0.0', port: 0, db }, { stdout: sink().stream, stderr: sink().stream, env: {} }),
    );
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/token/);
    expect(existsSync(join(dir, 'sub'))).toBe(false);
  });

  it.each([
    ['--demo with --fixtures', { demo: true, fixtures: 'x.json' }, {}],
    ['a missing token file', { tokenFile: 'no-such-file' }, {}],
    ['an empty token', {}, { COOPCTL_SERVER_TOKEN: '  \n' }],
    ['a missing fixtures file', { fixtures: 'no-such.json' }, {}],
  ])('refuses %s with exit 2', async (_what, opts, env) => {
    const err = await startError(
      runServe(
        { host: '127.0.0.1', port: 0, db: ':memory:', ...opts },
        { stdout: sink().stream, stderr: sink().stream, env },
      ),
    );
    expect(err.exitCode).toBe(2);
  });

  it.each([
    ['not JSON', '{ nope'],
    ['not a dataset', '[1, 2]'],
  ])('refuses a fixtures file that is %s with exit 2, naming the problem', async (_what, text) => {
    const file = join(dir, 'fixtures.json');
    writeFileSync(file, text);
    const err = await startError(
      runServe(
        { host: '127.0.0.1', port: 0, db: join(dir, 'f.db'), fixtures: file },
        { stdout: sink().stream, stderr: sink().stream, env: {} },
      ),
    );
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/fixtures/);
  });

  it('prints only its URL when quiet: no banner, no access log', async () => {
    const srv = await serve({ db: ':memory:', quiet: true });
    const res = await fetch(`${srv.url}${operation('enrol.contract.search').path}`);
    expect(res.status).toBe(200);
    await srv.stop();
    expect(srv.stdout()).toBe(`${srv.url}\n`);
    expect(srv.stderr()).toBe('');
  });

  it('fails with exit 1 when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const err = await startError(
      runServe({ host: '127.0.0.1', port, db: ':memory:' }, { stdout: sink().stream, stderr: sink().stream, env: {} }),
    );
    expect(err.exitCode).toBe(1);
    expect(err.message).toContain(String(port));
    blocker.close();
  });
});
