/** The server's log lines (src/server/observe/log.ts): JSON whatever a field holds, its time from the clock, and text. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serverLog } from '../../src/server/observe/log.js';

function capture(): { stream: Writable; lines: () => string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, lines: () => text.split('\n').filter((l) => l !== '') };
}

const record = {
  requestId: 'abc-1',
  method: 'GET',
  operation: 'registration.show',
  path: '/api/svcmobile/atualizacaocadastral/buscadadosusuario',
  status: 200,
  ms: 0.41234,
  client: '127.0.0.1',
  tokenLabel: 'app',
};

describe('serverLog', () => {
  it('json: a request line holds its fields, in JSON whatever they hold', async () => {
    const out = capture();
    let now = Date.UTC(2026, 10, 30, 11, 42, 7, 311);
    const log = serverLog('json', out.stream, () => new Date(now));
    log.request(record);
    now += 1;
    log.request({
      ...record,
      requestId: undefined,
      method: 'GE"T\\\n',
      client: '::ffff:10.0.0.5',
      tokenLabel: undefined,
      status: 503,
    });
    log.request({ ...record, status: 500 });
    // Request lines are written together at the end of the event loop's turn.
    expect(out.lines()).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.lines().map((l) => JSON.parse(l))).toEqual([
      {
        time: '2026-11-30T11:42:07.311Z',
        level: 'info',
        event: 'request',
        request_id: 'abc-1',
        method: 'GET',
        operation: 'registration.show',
        status: 200,
        duration_ms: 0.412,
        client: '127.0.0.1',
        token_label: 'app',
      },
      {
        time: '2026-11-30T11:42:07.312Z',
        level: 'warn',
        event: 'request',
        request_id: null,
        method: 'GE"T\\\n',
        operation: 'registration.show',
        status: 503,
        duration_ms: 0.412,
        client: '::ffff:10.0.0.5',
        token_label: null,
      },
      expect.objectContaining({ level: 'error', status: 500 }),
    ]);
  });

  it('json: an event holds its name, fields and text', () => {
    const out = capture();
    serverLog('json', out.stream, () => new Date(Date.UTC(2026, 10, 30))).event('warn', 'not_ready', 'not ready: x', {
      reason: 'x',
    });
    expect(out.lines().map((l) => JSON.parse(l))).toEqual([
      { time: '2026-11-30T00:00:00.000Z', level: 'warn', event: 'not_ready', reason: 'x', msg: 'not ready: x' },
    ]);
  });

  it('text: the method, path, status and time of a request; an event’s text line, or nothing', async () => {
    const out = capture();
    const log = serverLog('text', out.stream);
    log.request(record);
    log.event('info', 'start', undefined, { url: 'http://127.0.0.1:1' });
    log.event('info', 'stopped', 'coopctl serve: stopped');
    // An event is written at once, with the request lines gathered before it.
    expect(out.lines()).toEqual([
      'GET /api/svcmobile/atualizacaocadastral/buscadadosusuario 200 0.4ms',
      'coopctl serve: stopped',
    ]);
  });
});
