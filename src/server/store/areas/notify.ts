/**
 * Push devices and notification sendings. Registering a device reads the
 * device of its token, its row locked on PostgreSQL; a new token is inserted
 * only if no other process inserted it meanwhile (else the registration runs
 * again and updates that device, keeping its pushid). A sending counts its
 * audience in one statement, which reads one snapshot of the devices: a
 * filter on the beneficiary joins its table, the others read the device table
 * alone (its `active` index).
 */
import { write, type Methods } from '../sql/define.js';
import { Again, get, type Query, run, type Script, sql, value } from '../sql/query.js';

// ── types ──────────────────────────────────────────────────────────────────────

export interface Device {
  readonly pushid: string;
  readonly token: string;
  readonly tipo: number;
  readonly holderId: number | null;
  readonly active: boolean;
  /** `yyyy-mm-dd`. */
  readonly registered_on: string;
}

/** Devices to count: those matching every given filter (the beneficiary's ones match tied devices only). */
export interface DeviceFilter {
  readonly active?: boolean;
  readonly holderId?: number;
  readonly grupo_usuario?: number;
  readonly tipo_beneficiario?: number;
}

/** Who a sending was for: every active device, or the filters of `envianotificacao`. */
export interface Audience {
  readonly holderId?: number;
  readonly grupo_usuario?: number;
  readonly tipo_beneficiario?: number;
}

/** A sending, as stored. */
export interface Notification {
  readonly id: string;
  readonly conteudo: string;
  readonly tipo_notificacao: number;
  readonly usuario_envio: number;
  readonly audience: Audience | 'all';
  readonly recipients: number;
  /** `yyyy-mm-dd hh:mi`. */
  readonly sent_at: string;
}

// ── statements ─────────────────────────────────────────────────────────────────

type DeviceRow = Omit<Device, 'active'> & { readonly active: number };

const BY_TOKEN = sql<{ token: string }, DeviceRow>(
  (d) =>
    `SELECT pushid, token, tipo, beneficiary_id AS "holderId", active, registered_on FROM device WHERE token = @token${d.forUpdate}`,
  {
    columns: {
      pushid: 'text',
      token: 'text',
      tipo: 'integer',
      holderId: 'integer',
      active: 'integer',
      registered_on: 'text',
    },
  },
);
const UPDATE_BY_TOKEN = sql<DeviceRow & { old: string }>(
  `UPDATE device SET pushid = @pushid, token = @token, tipo = @tipo, beneficiary_id = @holderId, active = @active,
     registered_on = @registered_on WHERE token = @old`,
);
const INSERT_DEVICE = sql<DeviceRow>(
  `INSERT INTO device (pushid, token, tipo, beneficiary_id, active, registered_on)
   VALUES (@pushid, @token, @tipo, @holderId, @active, @registered_on) ON CONFLICT (token) DO NOTHING`,
);
const UPDATE_BY_PUSHID = sql<Pick<Device, 'token' | 'tipo' | 'active'> & { pushid: string }>(
  'UPDATE device SET token = @token, tipo = @tipo, active = @active WHERE pushid = @pushid',
);
const STORE_SENDING = sql<Omit<Notification, 'audience'> & { audience: string }>(
  `INSERT INTO notification (id, conteudo, tipo_notificacao, usuario_envio, audience, recipients, sent_at)
   VALUES (@id, @conteudo, @tipo_notificacao, @usuario_envio, @audience, @recipients, @sent_at)`,
);

/** The condition of each filter, and whether it needs the beneficiary. */
const CONDITIONS: Readonly<Record<keyof DeviceFilter, readonly [sql: string, joins: boolean]>> = {
  active: ['d.active = @active', false],
  holderId: ['d.beneficiary_id = @holderId', false],
  grupo_usuario: ['b.grupo_usuario = @grupo_usuario', true],
  tipo_beneficiario: ['b.tipo_beneficiario = @tipo_beneficiario', true],
};
const FILTERS = Object.keys(CONDITIONS) as Array<keyof DeviceFilter>;

/** The count statement of each set of filters given (one statement each, made once). */
const counts = new Map<string, Query<DeviceFilter, { n: number }>>();

function countOf(filter: DeviceFilter): Query<DeviceFilter, { n: number }> {
  const names = FILTERS.filter((n) => filter[n] !== undefined);
  const key = names.join(',');
  let q = counts.get(key);
  if (!q) {
    const join = names.some((n) => CONDITIONS[n][1]) ? ' JOIN beneficiary b ON b.id = d.beneficiary_id' : '';
    const where = names.length ? ` WHERE ${names.map((n) => CONDITIONS[n][0]).join(' AND ')}` : '';
    q = sql<DeviceFilter, { n: number }>(`SELECT count(*) AS n FROM device d${join}${where}`, {
      columns: { n: 'integer' },
    });
    counts.set(key, q);
  }
  return q;
}

// ── methods ────────────────────────────────────────────────────────────────────

export const notify = {
  /** In one transaction: reads the device with this token (undefined when none) and stores the device `decide` makes of it; answers that device. */
  saveDevice: write(function* (token: string, decide: (current: Device | undefined) => Device): Script<Device> {
    const row = yield* get(BY_TOKEN, { token });
    const device = decide(row && { ...row, active: row.active === 1 });
    const stored = { ...device, active: Number(device.active) };
    if (row) yield* run(UPDATE_BY_TOKEN, { ...stored, old: token });
    // Another process registered this token since it was read: run again, updating that device.
    else if ((yield* run(INSERT_DEVICE, stored)) === 0) throw new Again();
    return device;
  }),
  /** Sets the token, type and state of the device with this pushid. */
  updateDevice: write(
    (pushid: string, change: Pick<Device, 'token' | 'tipo' | 'active'>) =>
      run(UPDATE_BY_PUSHID, { ...change, pushid }).map((n): 'changed' | 'unknown' | 'token-taken' =>
        n === 1 ? 'changed' : 'unknown',
      ),
    { unique: () => 'token-taken' },
  ),
  /** In one transaction: counts the devices matching `filter` and stores the sending `decide` makes of that count, if any; answers the count. */
  send: write(function* (
    filter: DeviceFilter,
    decide: (recipients: number) => Notification | undefined,
  ): Script<number> {
    const recipients = Number(yield* value(countOf(filter), filter));
    const made = decide(recipients);
    if (made) yield* run(STORE_SENDING, { ...made, audience: JSON.stringify(made.audience) });
    return recipients;
  }),
};

export type NotifyRepository = Methods<typeof notify>;
