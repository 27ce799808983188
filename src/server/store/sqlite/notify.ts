/** Push devices and notification sendings in SQLite. Audiences are counted with one COUNT each. */
import type { Audience, NotifyRepository, Sending } from '../repository.js';
import type { Db } from './connection.js';
import { isUniqueViolation } from './values.js';

export function sqliteNotify(db: Db): NotifyRepository {
  const register = db
    .prepare<Record<string, unknown>, string>(
      `INSERT INTO device (pushid, token, tipo, beneficiary_id, registered_on) VALUES (@pushid, @token, @tipo, @holderId, @today)
       ON CONFLICT (token) DO UPDATE SET tipo = excluded.tipo, beneficiary_id = coalesce(excluded.beneficiary_id, beneficiary_id), active = 1
       RETURNING pushid`,
    )
    .pluck();
  const change = db.prepare('UPDATE device SET token = ?, tipo = ?, active = 1 WHERE pushid = ?');
  const countAll = db.prepare<[], number>('SELECT count(*) FROM device WHERE active = 1').pluck();
  const filters = `(@grupo_usuario IS NULL OR b.grupo_usuario = @grupo_usuario) AND (@tipo_beneficiario IS NULL OR b.tipo_beneficiario = @tipo_beneficiario)`;
  const countHolder = db
    .prepare<Record<string, unknown>, number>(
      `SELECT count(*) FROM device d JOIN beneficiary b ON b.id = d.beneficiary_id WHERE d.beneficiary_id = @holderId AND d.active = 1 AND ${filters}`,
    )
    .pluck();
  const countFiltered = db
    .prepare<Record<string, unknown>, number>(
      `SELECT count(*) FROM device d JOIN beneficiary b ON b.id = d.beneficiary_id WHERE d.active = 1 AND ${filters}`,
    )
    .pluck();
  const store = db.prepare(
    `INSERT INTO notification (id, conteudo, tipo_notificacao, usuario_envio, audience, recipients, sent_at)
     VALUES (@id, @conteudo, @tipo_notificacao, @usuario_envio, @audience, @recipients, @sent_at)`,
  );

  const count = (audience: Audience | 'all'): number => {
    if (audience === 'all') return countAll.get()!;
    const params = { holderId: null, grupo_usuario: null, tipo_beneficiario: null, ...audience };
    return (audience.holderId === undefined ? countFiltered : countHolder).get(params)!;
  };
  const send = db.transaction((audience: Audience | 'all', sending: Sending): number => {
    const recipients = count(audience);
    if (recipients > 0) store.run({ ...sending, audience: JSON.stringify(audience), recipients });
    return recipients;
  });

  return {
    registerDevice: async (d) => {
      const pushid = register.get({
        pushid: d.pushid,
        token: d.token,
        tipo: d.tipo,
        holderId: d.holderId,
        today: d.today,
      })!;
      return { pushid, created: pushid === d.pushid };
    },
    changeDevice: async (pushid, token, tipo) => {
      try {
        return change.run(token, tipo, pushid).changes === 1 ? 'changed' : 'unknown';
      } catch (err) {
        if (isUniqueViolation(err)) return 'token-taken';
        throw err;
      }
    },
    send: async (audience, sending) => send.immediate(audience, sending),
  };
}
