/**
 * `coopctl serve admin …` and `coopctl serve journal` as real processes (the
 * built bin/coopctl) against a real `coopctl serve --admin` process with a
 * token: a request the CLI made appears in the journal, a snapshot and its
 * restore, a reset that empties the journal, and the refusals, in English and
 * in Portuguese.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { runNode } from '../helpers/process.js';
import { serveProcesses } from '../helpers/serve-process.js';
import { TOKEN_A } from '../helpers/tokens.js';
import { childEnv } from '../robust/helpers.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;
const CARD = '00010001000001005';
const { serve, home } = serveProcesses('stand-in');

async function cli(url: string, args: readonly string[], lang = 'en') {
  const env = childEnv(home(), {
    COOPCTL_BASE_URL: url,
    COOPCTL_TEST_BASE_URL: url,
    COOPCTL_TOKEN: TOKEN_A,
    COOPCTL_LANG: lang,
    XDG_CACHE_HOME: join(home(), 'cache'),
  });
  return runNode(BIN, ['--lang', lang, ...args], env);
}

describe('coopctl serve admin and coopctl serve journal', () => {
  it('see a request the CLI made, take and restore a snapshot, reset (the journal emptied)', async () => {
    const srv = await serve(['--db', ':memory:', '--admin', '-q'], { COOPCTL_SERVER_TOKEN: TOKEN_A });
    expect((await cli(srv.url, ['registration', 'show', CARD])).code).toBe(0);
    const journal = await cli(srv.url, ['serve', 'journal']);
    expect(journal.code, journal.stderr).toBe(0);
    const lines = journal.stdout.trim().split('\n');
    expect(lines[0]).toBe('id  time  method  operation  status  outcome  ms');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^1 {2}\S+ {2}GET {2}registration\.show {2}200 {2}found {2}[\d.]+$/);
    expect(showsToken(journal.stdout, CARD)).toBe(false);

    const json = await cli(srv.url, ['serve', 'journal', '--json', '--operation', 'registration.show']);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ id: 1, operation: 'registration.show', status: 200 });

    expect((await cli(srv.url, ['serve', 'admin', 'snapshot', 'before'])).stderr).toBe('snapshot before taken\n');
    expect((await cli(srv.url, ['serve', 'admin', 'snapshots'])).stderr).toBe('snapshots: before\n');
    expect((await cli(srv.url, ['serve', 'admin', 'restore', 'before'])).stderr).toBe('snapshot before restored\n');
    const reset = await cli(srv.url, ['serve', 'admin', 'reset'], 'pt-BR');
    expect(reset.code).toBe(0);
    expect(reset.stderr).toBe('reinício: o servidor tem de novo os dados do início, e o diário está vazio\n');
    const empty = await cli(srv.url, ['serve', 'journal'], 'pt-BR');
    expect(empty.stderr).toBe('nenhuma requisição no diário\n');
  });

  it('say why they cannot: an unknown snapshot, a missing argument, a server without --admin', async () => {
    const admin = await serve(['--db', ':memory:', '--admin', '-q'], { COOPCTL_SERVER_TOKEN: TOKEN_A });
    const unknown = await cli(admin.url, ['serve', 'admin', 'restore', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: the server refused (HTTP 404): no snapshot named nope\n');
    const missing = await cli(admin.url, ['serve', 'admin', 'load'], 'pt-BR');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('load precisa do seu argumento: um arquivo para load');
    const plain = await serve(['--db', ':memory:', '-q'], { COOPCTL_SERVER_TOKEN: TOKEN_A });
    const off = await cli(plain.url, ['serve', 'admin', 'reset']);
    expect(off.code).toBe(1);
    expect(off.stderr).toBe('error: the server has no admin API: start it with coopctl serve --admin\n');
  });

  it('journal --follow prints requests as they come', async () => {
    const srv = await serve(['--db', ':memory:', '--admin', '-q'], { COOPCTL_SERVER_TOKEN: TOKEN_A });
    const env = childEnv(home(), { COOPCTL_BASE_URL: srv.url, COOPCTL_TOKEN: TOKEN_A });
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'serve', 'journal', '--follow'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const waitFor = (text: string) =>
      new Promise<void>((resolve) => {
        const look = () => out.includes(text) && resolve();
        child.stdout.on('data', look);
        look();
      });
    // Its head line comes once its first look at the journal is answered: from then on it follows.
    const following = waitFor('\n');
    const seen = waitFor('registration.show');
    try {
      await Promise.race([following, new Promise((_, reject) => setTimeout(() => reject(new Error(out)), 10_000))]);
      expect((await cli(srv.url, ['registration', 'show', CARD])).code).toBe(0);
      await Promise.race([seen, new Promise((_, reject) => setTimeout(() => reject(new Error(out)), 10_000))]);
      expect(out).toMatch(/\n1 {2}\S+ {2}GET {2}registration\.show {2}200/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
