/**
 * Push devices and notification sendings in PostgreSQL. Registering a device
 * locks the device row of its token; a new token is inserted only if no
 * other process inserted it meanwhile (else the registration runs again and
 * updates that device, keeping its pushid). A sending counts its audience in
 * one statement, which reads one snapshot of the devices.
 */
import type { Pool } from 'pg';
import type { Device, DeviceFilter, NotifyRepository } from '../types.js';
import { Again, changed, one, sqlState, transaction } from './pool.js';

/** The condition of each filter, and whether it needs the beneficiary. */
const CONDITIONS: Readonly<Record<keyof DeviceFilter, readonly [sql: string, joins: boolean]>> = {
  active: ['d.active = $', false],
  holderId: ['d.beneficiary_id = $', false],
  grupo_usuario: ['b.grupo_usuario = $', true],
  tipo_beneficiario: ['b.tipo_beneficiario = $', true],
};

/** The count statement of a filter, and its parameters. */
function countOf(filter: DeviceFilter): [string, unknown[]] {
  const names = (Object.keys(CONDITIONS) as Array<keyof DeviceFilter>).filter((n) => filter[n] !== undefined);
  const params = names.map((n) => (typeof filter[n] === 'boolean' ? Number(filter[n]) : filter[n]));
  const join = names.some((n) => CONDITIONS[n][1]) ? ' JOIN beneficiary b ON b.id = d.beneficiary_id' : '';
  const where = names.length ? ` WHERE ${names.map((n, i) => `${CONDITIONS[n][0]}${i + 1}`).join(' AND ')}` : '';
  return [`SELECT count(*)::int AS n FROM device d${join}${where}`, params];
}

type DeviceRow = Omit<Device, 'active'> & { active: number };

export function pgNotify(pool: Pool): NotifyRepository {
  return {
    saveDevice: async (token, decide) =>
      transaction(pool, async (c) => {
        const row = await one<DeviceRow>(
          c,
          'SELECT pushid, token, tipo, beneficiary_id AS "holderId", active, registered_on FROM device WHERE token = $1 FOR UPDATE',
          [token],
        );
        const device = decide(row && { ...row, active: row.active === 1 });
        const values = [
          device.pushid,
          device.token,
          device.tipo,
          device.holderId,
          Number(device.active),
          device.registered_on,
        ];
        if (row) {
          await c.query(
            'UPDATE device SET pushid = $1, token = $2, tipo = $3, beneficiary_id = $4, active = $5, registered_on = $6 WHERE token = $7',
            [...values, token],
          );
        } else {
          const inserted = await changed(
            c,
            `INSERT INTO device (pushid, token, tipo, beneficiary_id, active, registered_on) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (token) DO NOTHING`,
            values,
          );
          // Another process registered this token since it was read: run again, updating that device.
          if (inserted === 0) throw new Again();
        }
        return device;
      }),
    updateDevice: async (pushid, d) => {
      try {
        const n = await changed(pool, 'UPDATE device SET token = $1, tipo = $2, active = $3 WHERE pushid = $4', [
          d.token,
          d.tipo,
          Number(d.active),
          pushid,
        ]);
        return n === 1 ? 'changed' : 'unknown';
      } catch (err) {
        if (sqlState(err) === '23505') return 'token-taken';
        throw err;
      }
    },
    send: async (filter, decide) =>
      transaction(pool, async (c) => {
        const [text, params] = countOf(filter);
        const recipients = (await one<{ n: number }>(c, text, params))!.n;
        const made = decide(recipients);
        if (made)
          await c.query(
            `INSERT INTO notification (id, conteudo, tipo_notificacao, usuario_envio, audience, recipients, sent_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [
              made.id,
              made.conteudo,
              made.tipo_notificacao,
              made.usuario_envio,
              JSON.stringify(made.audience),
              made.recipients,
              made.sent_at,
            ],
          );
        return recipients;
      }),
  };
}
