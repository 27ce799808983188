/**
 * `coopctl serve --log-format json` (and COOPCTL_LOG_FORMAT) as a real
 * process, on the store of the vitest project: every stderr line is one JSON
 * object; a request's line holds exactly its time, level, id (the client's
 * X-Request-Id when sane, echoed in the answer), method, operation, status,
 * duration, client and token label; start-up, migrations and shutdown are
 * events; no card, CPF, path, query or token anywhere.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { jsonLines, serveProcesses } from '../helpers/serve-process.js';
import { showsToken } from '../helpers/secrets.js';
import { childEnv } from '../robust/helpers.js';
import { BACKEND, newLocation } from '../store/backend.js';
import { TOKEN_A, TOKEN_B } from '../helpers/tokens.js';

const CARD = '00010001000001005';
const CPF = '52998224725';
const APP_TOKEN = TOKEN_A;
const DESK_TOKEN = TOKEN_B;
const show = operation('registration.show');
const cep = operation('registration.cep');
/** ISO 8601 as Date.prototype.toISOString writes it (UTC, milliseconds). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const { home, serve } = serveProcesses('json-log');

function tokenFile(): string {
  const file = join(home(), 'tokens');
  writeFileSync(file, `# one line a client\napp:${APP_TOKEN}\n\ndesk:${DESK_TOKEN}\n`);
  chmodSync(file, 0o600);
  return file;
}

describe(`--log-format json (${BACKEND})`, () => {
  it('one JSON object a line: requests with their fields, start-up, migrations and shutdown events', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, '--log-format', 'json', '--token-file', tokenFile()]);
    const as = (token: string, more: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...more });

    const first = await fetch(`${proc.url}${show.path}?usuario_cartao=${CARD}`, {
      headers: as(APP_TOKEN, { 'x-request-id': '4bf92f3577b34da6' }),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-request-id')).toBe('4bf92f3577b34da6');
    await first.text();
    const second = await fetch(`${proc.url}${cep.path}?cep=01310100`, {
      headers: as(DESK_TOKEN, { 'x-request-id': `forged\u00e9 ${CPF}` }),
    });
    expect(second.status).toBe(200);
    const madeId = second.headers.get('x-request-id');
    expect(madeId).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    await second.text();
    const lost = await fetch(`${proc.url}/api/svcmobile/prontuario/${CARD}?cpf=${CPF}`, { headers: as(DESK_TOKEN) });
    expect(lost.status).toBe(404);
    await lost.text();
    const refused = await fetch(`${proc.url}${show.path}?usuario_cartao=${CARD}`, {
      headers: { authorization: 'Bearer not-a-token-of-ours-at-all' },
    });
    expect(refused.status).toBe(401);
    await refused.text();
    expect((await fetch(`${proc.url}/readyz`)).status).toBe(200);
    expect(await proc.stop()).toBe(0);

    const text = proc.stderr();
    for (const secret of [CARD, CPF, APP_TOKEN, DESK_TOKEN, 'not-a-token-of-ours', 'prontuario', '?', 'cep=', 'forged'])
      expect(showsToken(text, secret), secret).toBe(false);
    const lines = jsonLines(text);
    for (const line of lines) {
      expect(line['time']).toMatch(ISO_8601);
      expect(['info', 'warn', 'error']).toContain(line['level']);
    }
    const requests = lines.filter((l) => l['event'] === 'request');
    for (const r of requests) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'time',
          'level',
          'event',
          'request_id',
          'method',
          'operation',
          'status',
          'duration_ms',
          'client',
          'token_label',
        ].sort(),
      );
      expect(typeof r['duration_ms']).toBe('number');
      expect(r['duration_ms']).toBeGreaterThanOrEqual(0);
      expect(r['client']).toBe('127.0.0.1');
    }
    expect(
      requests.map((r) => [r['request_id'], r['method'], r['operation'], r['status'], r['token_label'], r['level']]),
    ).toEqual([
      ['4bf92f3577b34da6', 'GET', 'registration.show', 200, 'app', 'info'],
      [madeId, 'GET', 'registration.cep', 200, 'desk', 'info'],
      [expect.stringMatching(/^[0-9a-f]{12}-[0-9a-z]+$/), 'GET', 'unknown', 404, 'desk', 'info'],
      [expect.stringMatching(/^[0-9a-f]{12}-[0-9a-z]+$/), 'GET', 'registration.show', 401, null, 'info'],
    ]);

    const events = lines.filter((l) => l['event'] !== 'request').map((l) => l['event']);
    expect(events).toEqual(['migrations', 'start', 'stopping', 'stopped']);
    expect(lines.find((l) => l['event'] === 'migrations')).toMatchObject({ from: 0, applied: expect.any(Number) });
    expect(lines.find((l) => l['event'] === 'start')).toMatchObject({
      url: proc.url,
      store: BACKEND,
      loaded: 'demo',
      clients: 2,
      metrics: true,
    });
  });

  it('COOPCTL_LOG_FORMAT=json when --log-format is not given; the flag wins over it', async () => {
    const db = await newLocation();
    const json = await serve(['--db', db], { COOPCTL_LOG_FORMAT: 'json' });
    expect(await json.stop()).toBe(0);
    expect(jsonLines(json.stderr()).map((l) => l['event'])).toEqual(['migrations', 'start', 'stopping', 'stopped']);
    const text = await serve(['--db', db, '--log-format', 'text'], { COOPCTL_LOG_FORMAT: 'json' });
    expect(await text.stop()).toBe(0);
    expect(text.stderr()).toMatch(
      /^coopctl serve: listening on http:\/\/127\.0\.0\.1:\d+ \(base and test host paths\)\n/,
    );
  });

  it('refuses another COOPCTL_LOG_FORMAT with exit 2, naming the variable', async () => {
    const child = spawn(process.execPath, [new URL('../../bin/coopctl', import.meta.url).pathname, 'serve'], {
      env: childEnv(home(), { COOPCTL_LOG_FORMAT: 'yaml', COOPCTL_DB_URL: ':memory:' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => void child.kill());
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(err).toContain('COOPCTL_LOG_FORMAT must be text or json, not "yaml"');
  });
});
