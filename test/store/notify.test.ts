import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { query } from './backend.js';
import type { Row } from '../../src/catalogue/index.js';
import type { Backend } from '../../src/server/wire.js';
import { call, EXAMPLE_CARD, openTemp } from './helpers.js';

const CHILD_CARD = '00010001000001013';
const message = { conteudo: 'Sua consulta é amanhã', tipo_notificacao: 2, usuario_envio: 1 };
/** The example fixtures plus an inactive device and one not tied to a card. */
function fixtures(): unknown {
  const doc = JSON.parse(readFileSync('docs/fixtures.example.json', 'utf8')) as Row;
  return {
    ...doc,
    devices: [
      ...(doc['devices'] as Row[]),
      {
        pushid: 'device-0002',
        dispositivo_token: 'fcm-example-token-0002',
        dispositivo_tipo: 2,
        usuario_cartao: CHILD_CARD,
        active: false,
      },
      { pushid: 'device-0003', dispositivo_token: 'fcm-example-token-0003', dispositivo_tipo: 3 },
    ],
  };
}
const register = (store: Backend, token: string, over: Record<string, unknown> = {}) =>
  call(store, 'notify.device.register', { dispositivo_token: token, dispositivo_tipo: 1, ...over });
const recipients = async (store: Backend, id: string, params: Record<string, unknown>): Promise<number> => {
  const a = await call(store, id, { ...message, ...params });
  return a.outcome === 'ok' ? (a.records[0]!['recipients'] as number) : 0;
};

describe('devices', () => {
  it('registers a device, answering its pushid; the same token again is the same device', async () => {
    const { store } = await openTemp({ fixtures: fixtures() });
    const first = await register(store, 'fcm-new-token-1', { usuario_cartao: EXAMPLE_CARD });
    expect(first.records[0]).toMatchObject({ confirma_operacao: 1, success: 'true' });
    const pushid = first.records[0]!['id'] as string;
    expect(pushid.length).toBeGreaterThan(0);
    expect(pushid.length).toBeLessThanOrEqual(128);
    const again = await register(store, 'fcm-new-token-1', { dispositivo_tipo: 2 });
    expect(again.records[0]!['id']).toBe(pushid);
    expect(await recipients(store, 'notify.send-all', {})).toBe(3);
  });

  it('refuses an unknown card', async () => {
    const { store } = await openTemp({ fixtures: fixtures() });
    const a = await register(store, 't', { usuario_cartao: '00010001999999001' });
    expect([a.outcome, a.message]).toEqual(['failed', 'no beneficiary has this card']);
  });

  it('stores an undocumented device type as given (the list is open), on registering and on changing', async () => {
    const { store, path } = await openTemp({ fixtures: fixtures() });
    const registered = await register(store, 'fcm-type-seven', { dispositivo_tipo: 7 });
    expect(registered.records[0]).toMatchObject({ confirma_operacao: 1, success: 'true' });
    const pushid = registered.records[0]!['id'];
    expect(await query(path, 'SELECT token, tipo FROM device WHERE pushid = ?', [pushid])).toEqual([
      { token: 'fcm-type-seven', tipo: 7 },
    ]);
    const changed = await call(store, 'notify.device.change', {
      pushid,
      dispositivo_token: 'fcm-type-zero',
      dispositivo_tipo: 0,
    });
    expect(changed.outcome).toBe('ok');
    expect(await query(path, 'SELECT token, tipo FROM device WHERE pushid = ?', [pushid])).toEqual([
      { token: 'fcm-type-zero', tipo: 0 },
    ]);
  });

  it('changes a device by pushid, reactivating it; an unknown pushid or a token of another device is refused', async () => {
    const { store } = await openTemp({ fixtures: fixtures() });
    expect(await recipients(store, 'notify.send', { usuario_cartao: CHILD_CARD })).toBe(0);
    const changed = await call(store, 'notify.device.change', {
      pushid: 'device-0002',
      dispositivo_token: 'fcm-renewed',
      dispositivo_tipo: 1,
    });
    expect(changed.records[0]).toMatchObject({ confirma_operacao: 1, success: 'true' });
    expect(await recipients(store, 'notify.send', { usuario_cartao: CHILD_CARD })).toBe(1);
    expect(
      (await call(store, 'notify.device.change', { pushid: 'nope', dispositivo_token: 'x', dispositivo_tipo: 1 }))
        .message,
    ).toMatch(/no device/);
    const taken = await call(store, 'notify.device.change', {
      pushid: 'device-0002',
      dispositivo_token: 'fcm-example-token-0001',
      dispositivo_tipo: 1,
    });
    expect(taken.outcome).toBe('failed');
    expect(taken.message).toMatch(/another device/);
  });
});

describe('sending', () => {
  it('counts the active devices of the audience', async () => {
    const { store } = await openTemp({ fixtures: fixtures() });
    await register(store, 'fcm-child-phone', { usuario_cartao: CHILD_CARD });
    // Active: device-0001 (card 1: group 1, holder), device-0003 (no card), the child's new phone (group 1, dependent).
    expect(await recipients(store, 'notify.send-all', {})).toBe(3);
    expect(await recipients(store, 'notify.send', {})).toBe(3);
    expect(await recipients(store, 'notify.send', { grupo_usuario: 1 })).toBe(2);
    expect(await recipients(store, 'notify.send', { tipo_beneficiario: 2 })).toBe(1);
    expect(await recipients(store, 'notify.send', { usuario_cartao: EXAMPLE_CARD })).toBe(1);
    expect(await recipients(store, 'notify.send', { usuario_cartao: EXAMPLE_CARD, tipo_beneficiario: 2 })).toBe(0);
    expect(await recipients(store, 'notify.send', { grupo_usuario: 2 })).toBe(0);
  });

  it('answers 3 for an empty audience or an unknown card', async () => {
    const { store } = await openTemp({ fixtures: fixtures() });
    expect((await call(store, 'notify.send', { ...message, tipo_beneficiario: 3 })).outcome).toBe('no-result');
    expect((await call(store, 'notify.send', { ...message, usuario_cartao: '00010001999999001' })).outcome).toBe(
      'no-result',
    );
  });

  it('filters by an undocumented group or beneficiary type: an audience of no one (3), unless a beneficiary has it', async () => {
    const { store, path } = await openTemp({ fixtures: fixtures() });
    const empty = await call(store, 'notify.send', { ...message, grupo_usuario: 9 });
    expect([empty.outcome, empty.message]).toEqual(['no-result', 'no active device in this audience']);
    expect((await call(store, 'notify.send', { ...message, tipo_beneficiario: 42 })).outcome).toBe('no-result');
    expect(await query(path, 'SELECT id FROM notification')).toEqual([]);

    // A dataset whose holder is of group 9 and type 42: the filters reach her device.
    const doc = fixtures() as Row;
    const [holder, ...others] = doc['beneficiaries'] as Row[];
    const beneficiaries = [{ ...holder, grupo_usuario: 9, tipo_beneficiario: 42 }, ...others];
    const other = await openTemp({ fixtures: { ...doc, beneficiaries } });
    expect(await recipients(other.store, 'notify.send', { grupo_usuario: 9, tipo_beneficiario: 42 })).toBe(1);
  });

  it('stores a sending of an undocumented notification type as given (the list is open)', async () => {
    const { store, path } = await openTemp({ fixtures: fixtures() });
    const a = await call(store, 'notify.send', { ...message, tipo_notificacao: 42 });
    const b = await call(store, 'notify.send-all', { ...message, tipo_notificacao: 0 });
    expect([a.outcome, b.outcome]).toEqual(['ok', 'ok']);
    expect(await query(path, 'SELECT id, tipo_notificacao FROM notification ORDER BY tipo_notificacao')).toEqual([
      { id: b.records[0]!['id'], tipo_notificacao: 0 },
      { id: a.records[0]!['id'], tipo_notificacao: 42 },
    ]);
  });

  it('stores each sending with its id and recipients', async () => {
    const { store, path } = await openTemp({ fixtures: fixtures() });
    const a = await call(store, 'notify.send-all', message);
    const b = await call(store, 'notify.send', { ...message, usuario_cartao: EXAMPLE_CARD });
    const ids = [a.records[0]!['id'], b.records[0]!['id']];
    expect(ids[0]).not.toBe(ids[1]);
    const rows = await query(path, 'SELECT id, recipients, conteudo FROM notification ORDER BY recipients DESC');
    expect(rows).toEqual([
      { id: ids[0], recipients: 2, conteudo: message.conteudo },
      { id: ids[1], recipients: 1, conteudo: message.conteudo },
    ]);
  });
});
