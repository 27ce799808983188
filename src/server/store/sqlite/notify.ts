/**
 * Push devices and notification sendings in SQLite. Devices are counted by
 * simple filters, with one COUNT each: a filter on the beneficiary joins its
 * table, the others read the device table alone (its `active` index).
 */
import type { Device, DeviceFilter, NotifyRepository } from '../types.js';
import type { Db } from './connection.js';
import { isUniqueViolation } from './values.js';

/** The condition of each filter, and whether it needs the beneficiary. */
const CONDITIONS: Readonly<Record<keyof DeviceFilter, readonly [sql: string, joins: boolean]>> = {
  active: ['d.active = @active', false],
  holderId: ['d.beneficiary_id = @holderId', false],
  grupo_usuario: ['b.grupo_usuario = @grupo_usuario', true],
  tipo_beneficiario: ['b.tipo_beneficiario = @tipo_beneficiario', true],
};

/** Counts devices by a filter; one prepared statement per set of filters given. */
function deviceCounter(db: Db): (filter: DeviceFilter) => number {
  const prepared = new Map<string, (params: object) => number>();
  return (filter) => {
    const names = (Object.keys(CONDITIONS) as Array<keyof DeviceFilter>).filter((n) => filter[n] !== undefined);
    const key = names.join(',');
    let count = prepared.get(key);
    if (!count) {
      const join = names.some((n) => CONDITIONS[n][1]) ? ' JOIN beneficiary b ON b.id = d.beneficiary_id' : '';
      const where = names.length ? ` WHERE ${names.map((n) => CONDITIONS[n][0]).join(' AND ')}` : '';
      const stmt = db.prepare<[object], number>(`SELECT count(*) FROM device d${join}${where}`).pluck();
      count = (params) => stmt.get(params)!;
      prepared.set(key, count);
    }
    const params = Object.fromEntries(
      names.map((n) => [n, typeof filter[n] === 'boolean' ? Number(filter[n]) : filter[n]]),
    );
    return count(params);
  };
}

/** The device with a token read and the device a decision makes of it stored, in one transaction. */
function deviceSaving(db: Db) {
  const byToken = db.prepare<[string], Omit<Device, 'active'> & { active: number }>(
    'SELECT pushid, token, tipo, beneficiary_id AS holderId, active, registered_on FROM device WHERE token = ?',
  );
  const put = db.prepare(
    `INSERT INTO device (pushid, token, tipo, beneficiary_id, active, registered_on) VALUES (@pushid, @token, @tipo, @holderId, @active, @registered_on)
     ON CONFLICT (token) DO UPDATE SET pushid = excluded.pushid, tipo = excluded.tipo, beneficiary_id = excluded.beneficiary_id,
       active = excluded.active, registered_on = excluded.registered_on`,
  );
  return db.transaction((token: string, decide: (current: Device | undefined) => Device): Device => {
    const row = byToken.get(token);
    const device = decide(row && { ...row, active: row.active === 1 });
    put.run({ ...device, active: Number(device.active) });
    return device;
  });
}

/** A sending's audience counted and the sending a decision makes of the count stored, in one transaction. */
function sending(db: Db) {
  const count = deviceCounter(db);
  const store = db.prepare(
    `INSERT INTO notification (id, conteudo, tipo_notificacao, usuario_envio, audience, recipients, sent_at)
     VALUES (@id, @conteudo, @tipo_notificacao, @usuario_envio, @audience, @recipients, @sent_at)`,
  );
  return db.transaction((filter: DeviceFilter, decide: Parameters<NotifyRepository['send']>[1]): number => {
    const recipients = count(filter);
    const made = decide(recipients);
    if (made) store.run({ ...made, audience: JSON.stringify(made.audience) });
    return recipients;
  });
}

export function sqliteNotify(db: Db): NotifyRepository {
  const save = deviceSaving(db);
  const send = sending(db);
  const change = db.prepare('UPDATE device SET token = @token, tipo = @tipo, active = @active WHERE pushid = @pushid');
  return {
    saveDevice: async (token, decide) => save.immediate(token, decide),
    updateDevice: async (pushid, d) => {
      try {
        return change.run({ ...d, active: Number(d.active), pushid }).changes === 1 ? 'changed' : 'unknown';
      } catch (err) {
        if (isUniqueViolation(err)) return 'token-taken';
        throw err;
      }
    },
    send: async (filter, decide) => send.immediate(filter, decide),
  };
}
