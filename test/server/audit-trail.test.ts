/**
 * When an answer waits for its access record (src/server/audit/trail.ts): a
 * read of personal data only once its record is written (or 503 when it
 * cannot be, or when the store refuses it at once); a write, stored already,
 * without waiting for its record, and a record that cannot be written logged.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { operation, personalOf } from '../../src/catalogue/index.js';
import { auditKeyOf } from '../../src/server/audit/key.js';
import { auditTrail } from '../../src/server/audit/trail.js';
import type { AuditFacts } from '../../src/server/http/answer.js';
import type { Reply } from '../../src/server/http/reply.js';
import type { Route } from '../../src/server/http/routes.js';
import { serverLog } from '../../src/server/observe/log.js';
import type { AuditRecord, AuditRepository } from '../../src/server/store/areas/audit.js';

const CARD = '00010001000001005';
const OK: Reply = { status: 200, headers: [], body: '[{"confirma_operacao":1,"mensagem_erro":""}]' };

/** An audit store whose appends settle only when the test says. */
function heldStore() {
  const appended: AuditRecord[] = [];
  const settle: Array<(err?: Error) => void> = [];
  const store = {
    append: (r: AuditRecord) =>
      new Promise<void>((resolve, reject) => {
        appended.push(r);
        settle.push((err) => (err ? reject(err) : resolve()));
      }),
    chain: () => undefined,
  } as unknown as AuditRepository;
  return { store, appended, settle };
}

function facts(id: string, writes: boolean): AuditFacts {
  const op = operation(id);
  const route = { op, personal: personalOf(op), writes } as unknown as Route;
  return {
    route,
    raw: { usuario_cartao: CARD },
    client: '127.0.0.1',
    tokenLabel: 'desk',
    requestId: 'r-1',
    lang: 'en',
  };
}

/** Whether `p` has settled after a few turns of the event loop, and with what. */
async function settled<T>(p: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let out: { done: boolean; value?: T } = { done: false };
  void p.then((value) => {
    out = { done: true, value };
  });
  for (let i = 0; i < 5; i++) await turn();
  return out;
}

describe('the access trail', () => {
  const make = (store: AuditRepository) => {
    const log = new PassThrough();
    let text = '';
    log.on('data', (c: Buffer) => (text += c.toString()));
    const trail = auditTrail({
      store,
      key: auditKeyOf(randomBytes(32)),
      now: () => new Date(2026, 0, 15),
      log: serverLog('text', log),
    });
    return { trail, logged: () => text };
  };

  it('a read waits for its record; answered once it is written', async () => {
    const held = heldStore();
    const { trail } = make(held.store);
    const answer = Promise.resolve(trail(facts('registration.show', false), OK));
    expect((await settled(answer)).done).toBe(false);
    expect(held.appended.map((r) => [r.operation, r.status, r.subjectKind])).toEqual([
      ['registration.show', 200, 'card'],
    ]);
    held.settle[0]!();
    expect(await answer).toBe(OK);
  });

  it('a read whose record cannot be written: 503, its data not sent', async () => {
    const held = heldStore();
    const { trail, logged } = make(held.store);
    const answer = Promise.resolve(trail(facts('registration.show', false), OK));
    held.settle[0]!(new Error('disk'));
    expect((await answer).status).toBe(503);
    expect(logged()).toContain('registration.show: the access audit could not be written: Error');
  });

  it('a write is answered at once, its record appended all the same; one that fails is logged', async () => {
    const held = heldStore();
    const { trail, logged } = make(held.store);
    // Answered before its record is written.
    expect(await settled(trail(facts('registration.update-contact', true), OK))).toEqual({ done: true, value: OK });
    expect(held.appended.map((r) => [r.operation, r.status, r.confirma, r.tokenLabel])).toEqual([
      ['registration.update-contact', 200, 1, 'desk'],
    ]);
    held.settle[0]!(new Error('disk'));
    await turn();
    expect(logged()).toContain('registration.update-contact: the access audit could not be written: Error');
    expect(showsToken(logged(), CARD)).toBe(false);
  });

  it('a store that takes the record at once: the read answered; one that refuses it at once, 503', async () => {
    const taken: AuditRecord[] = [];
    const taking = {
      append: async (r: AuditRecord) => void taken.push(r),
      chain: () => undefined,
    } as unknown as AuditRepository;
    expect(await make(taking).trail(facts('registration.show', false), OK)).toBe(OK);
    expect(taken.map((r) => r.operation)).toEqual(['registration.show']);
    const refusing = {
      append: () => {
        throw new Error('busy');
      },
      chain: () => undefined,
    } as unknown as AuditRepository;
    const { trail, logged } = make(refusing);
    const read = await trail(facts('registration.show', false), OK);
    expect([read.status, read.body]).toEqual([
      503,
      '[{"confirma_operacao":4,"mensagem_erro":"the access audit could not be written: nothing was disclosed, try again later"}]',
    ]);
    expect(await trail(facts('registration.update-contact', true), OK)).toBe(OK);
    expect(logged()).toContain('registration.update-contact: the access audit could not be written: Error');
  });
});
