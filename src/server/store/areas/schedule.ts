/**
 * Scheduling: providers, locations, slots and appointments. A booking reads
 * the slot with exactly its key, locking its row on PostgreSQL, then the
 * slot's appointments in a statement of their own (under READ COMMITTED it
 * sees every booking committed before the lock was granted), asks the
 * domain's check, and inserts; so of concurrent bookings of one slot, from
 * any number of server processes, exactly one wins. The partial unique index
 * `appointment_slot_taken` refuses a second appointment holding a slot even
 * without the lock (then: `taken`).
 *
 * Scheduling codes (`prest_cod_svc_card`, `cd_local`, `tp_evento`,
 * `cd_evento`) have up to 18 digits, so they travel as digit strings (`Code`);
 * they are read exactly (`bigints`) and records answer them as JSON numbers,
 * exactly (a bigint past a double).
 *
 * A parameter that may be null is compared before it is tested for null
 * (`a.provider = @provider OR @provider IS NULL`): PostgreSQL takes a
 * parameter's type from where it first meets it.
 */
import type { Row } from '../../../catalogue/index.js';
import type { AppointmentStatus } from '../../../catalogue/codes.js';
import { read, write, type Methods } from '../sql/define.js';
import { all, get, jsonValue, run, type Script, sql, value, values } from '../sql/query.js';
import { holderId } from './registration.js';

// ── types ──────────────────────────────────────────────────────────────────────

/** A digit string of up to 18 digits. */
export type Code = string;

/** A slot of a provider's agenda at a location. */
export interface SlotKey {
  readonly prest_cod_svc_card: Code;
  readonly cd_local: Code;
  readonly tp_evento: Code;
  /** `yyyy-mm-dd`. */
  readonly data_consulta: string;
  /** `hh:mi`. */
  readonly hora_inicio: string;
  readonly hora_fim: string;
}

/** A slot as listed, with the statuses of the appointments booked on it (cancelled ones included). */
export interface Slot {
  /** As a record answers it: a number when it fits a double. */
  readonly tp_evento: number | string;
  readonly data_consulta: string;
  readonly hora_inicio: string;
  readonly hora_fim: string;
  readonly statuses: readonly AppointmentStatus[];
}

export interface Booking extends SlotKey {
  readonly holderId: number;
  readonly status: AppointmentStatus;
  /** `yyyy-mm-dd`. */
  readonly data_cadastro: string;
  /** What the request gave to reach the beneficiary (ds_email, nr_ddd_celular, nr_celular, ds_endereco). */
  readonly contact: Row;
}

/** Why a booking was refused: the provider has no such slot, or an appointment holds it. */
export type BookRefusal = 'no-slot' | 'taken';

export type BookResult =
  | { readonly outcome: 'booked'; readonly cd_evento: number | bigint }
  | { readonly outcome: BookRefusal };

// ── statements ─────────────────────────────────────────────────────────────────

type SlotRow = Omit<Slot, 'statuses'> & { readonly id: number };

const APPOINTMENTS = sql<{ id: number; provider: Code | null; statuses: readonly string[] | null }, Row>(
  (
    d,
  ) => `SELECT a.cd_evento, p.cd_coop_prest, a.provider AS prest_cod_svc_card, a.data_consulta, a.hora_inicio, a.hora_fim,
                 a.status AS status_agendamento, a.data_cadastro
            FROM appointment a JOIN provider p ON p.code = a.provider
           WHERE a.beneficiary_id = @id
             AND (a.provider = @provider OR @provider IS NULL)
             AND (a.status ${d.inList('statuses')} OR @statuses IS NULL)
           ORDER BY a.data_consulta, a.hora_inicio, a.cd_evento`,
  {
    bigints: true,
    columns: {
      cd_evento: 'integer',
      cd_coop_prest: 'integer',
      prest_cod_svc_card: 'integer',
      data_consulta: 'text',
      hora_inicio: 'text',
      hora_fim: 'text',
      status_agendamento: 'text',
      data_cadastro: 'text',
    },
  },
);
const LOCATIONS = sql<{ provider: Code }, Row>(
  `SELECT l.cd_local, l.nm_local FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local
    WHERE pl.provider = @provider ORDER BY l.cd_local`,
  { bigints: true, columns: { cd_local: 'integer', nm_local: 'text' } },
);
/** A provider's slots, each with the statuses of its appointments as a JSON array. */
const SLOTS = sql<{ provider: Code; local: Code; from: string; on: string | null }, SlotRow & { statuses: unknown }>(
  (d) => `SELECT s.id, s.tp_evento, s.data AS data_consulta, s.hora_inicio, s.hora_fim,
                 (SELECT ${d.jsonArray}(a.status ORDER BY a.cd_evento) FROM appointment a WHERE a.slot_id = s.id) AS statuses
            FROM slot s
           WHERE s.provider = @provider AND s.cd_local = @local AND s.data >= @from AND (s.data = @on OR @on IS NULL)
           ORDER BY s.data, s.hora_inicio, s.hora_fim, s.tp_evento`,
  {
    bigints: true,
    columns: {
      id: 'integer',
      tp_evento: 'integer',
      data_consulta: 'text',
      hora_inicio: 'text',
      hora_fim: 'text',
      statuses: 'json',
    },
  },
);
const SLOT_BY_KEY = sql<SlotKey, SlotRow>(
  (d) => `SELECT s.id, s.tp_evento, s.data AS data_consulta, s.hora_inicio, s.hora_fim FROM slot s
           WHERE s.provider = @prest_cod_svc_card AND s.cd_local = @cd_local AND s.data = @data_consulta
             AND s.hora_inicio = @hora_inicio AND s.hora_fim = @hora_fim AND s.tp_evento = @tp_evento${d.forUpdate}`,
  {
    bigints: true,
    columns: { id: 'integer', tp_evento: 'integer', data_consulta: 'text', hora_inicio: 'text', hora_fim: 'text' },
  },
);
const SLOT_STATUSES = sql<{ slot: number }, { status: AppointmentStatus }>(
  'SELECT status FROM appointment WHERE slot_id = @slot ORDER BY cd_evento',
  { columns: { status: 'text' } },
);
const BOOK = sql<Omit<Booking, 'contact'> & { slot: number; contact: string }, { cd_evento: number | bigint }>(
  `INSERT INTO appointment (beneficiary_id, provider, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim, status, data_cadastro, slot_id, contact)
   VALUES (@holderId, @prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim, @status, @data_cadastro, @slot, @contact)
   RETURNING cd_evento`,
  { bigints: true, columns: { cd_evento: 'integer' } },
);
const STATUS = sql<{ cd: Code }, { status: AppointmentStatus }>(
  'SELECT status FROM appointment WHERE cd_evento = @cd',
  { columns: { status: 'text' } },
);
const SET_STATUS = sql<{ cd: Code; from: AppointmentStatus; to: AppointmentStatus }>(
  'UPDATE appointment SET status = @to WHERE cd_evento = @cd AND status = @from',
);

// ── methods ────────────────────────────────────────────────────────────────────

export const schedule = {
  /** A card's appointments (appointment record fields), by date and time; undefined for an unknown card. */
  appointments: read(function* (
    card: string,
    filter: { readonly provider?: Code; readonly statuses?: readonly AppointmentStatus[] },
  ): Script<Row[] | undefined> {
    const id = yield* holderId(card);
    if (id === undefined) return undefined;
    return yield* all(APPOINTMENTS, { id, provider: filter.provider ?? null, statuses: filter.statuses ?? null });
  }),
  /** A provider's locations (cd_local, nm_local). */
  locations: read((provider: Code) => all(LOCATIONS, { provider })),
  /** A provider's slots at a location from date `from` on (only on date `on`, when given), by date, start, end and type. */
  slots: read((provider: Code, local: Code, dates: { readonly from: string; readonly on?: string }) =>
    all(SLOTS, { provider, local, from: dates.from, on: dates.on ?? null }).map((rows) =>
      rows.map(({ id: _id, statuses, ...slot }): Slot => ({ ...slot, statuses: jsonValue(statuses) ?? [] })),
    ),
  ),
  /**
   * In one transaction: reads the slot with exactly the booking's key
   * (undefined when there is none), asks `check` whether it may be booked,
   * and stores the appointment unless refused. The database refuses a second
   * appointment that holds a slot as well (then: `taken`).
   */
  book: write(
    function* (b: Booking, check: (slot: Slot | undefined) => BookRefusal | undefined): Script<BookResult> {
      const key = yield* get(SLOT_BY_KEY, b);
      const statuses = key ? yield* values(SLOT_STATUSES, { slot: key.id }) : [];
      const slot = key && (({ id: _id, ...rest }) => ({ ...rest, statuses }))(key);
      const refusal = check(slot);
      if (refusal || !key) return { outcome: refusal ?? 'no-slot' };
      const cd_evento = yield* value(BOOK, { ...b, slot: key.id, contact: JSON.stringify(b.contact) });
      return { outcome: 'booked', cd_evento: cd_evento! };
    },
    { unique: (): BookResult => ({ outcome: 'taken' }) },
  ),
  appointmentStatus: read((cd: Code) => value(STATUS, { cd })),
  /** Sets the status if it is still `from`. */
  setAppointmentStatus: write((cd: Code, from: AppointmentStatus, to: AppointmentStatus) =>
    run(SET_STATUS, { cd, from, to }).map((n) => n === 1),
  ),
};

export type ScheduleRepository = Methods<typeof schedule>;
