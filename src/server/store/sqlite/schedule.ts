/**
 * Scheduling in SQLite: providers, locations, slots and appointments. The
 * partial unique index `appointment_slot_taken` makes a second appointment
 * holding a slot impossible even if the check before it were skipped.
 * Codes have up to 18 digits, so these statements read integers as bigints.
 */
import type { Row } from '../../../catalogue/index.js';
import type { AppointmentStatus } from '../../../catalogue/codes.js';
import type { Booking, BookResult, ScheduleRepository, Slot } from '../types.js';
import type { Db } from './connection.js';
import { isUniqueViolation, jsonList, wireInt, wireRow } from './values.js';

/** The id of the slot with exactly this key (named parameters: the SlotKey fields). */
export const SLOT_BY_KEY = `SELECT id FROM slot WHERE provider = @prest_cod_svc_card AND cd_local = @cd_local AND data = @data_consulta
    AND hora_inicio = @hora_inicio AND hora_fim = @hora_fim AND tp_evento = @tp_evento`;

/** A slot's listed fields, and the statuses of its appointments as a JSON array (null when it has none). */
const SLOT_FIELDS = `s.id, s.tp_evento, s.data AS data_consulta, s.hora_inicio, s.hora_fim,
  (SELECT json_group_array(a.status) FROM appointment a WHERE a.slot_id = s.id HAVING count(*) > 0) AS statuses`;

type SlotRow = Omit<Slot, 'statuses'> & { readonly id: bigint; readonly statuses: string | null };

/** A listed slot as the repository answers it. */
function slotOf(row: SlotRow): Slot & { readonly id: number } {
  const { id, statuses, ...slot } = wireRow(row);
  return { ...slot, id: Number(id), statuses: statuses === null ? [] : (JSON.parse(statuses) as AppointmentStatus[]) };
}

/** The reads of appointments and slots. */
function reads(db: Db) {
  return {
    holderId: db.prepare<[string], number>('SELECT id FROM beneficiary WHERE card = ?').pluck(),
    appointments: db
      .prepare<{ id: number; provider: string | null; statuses: string | null }, Row>(
        `SELECT a.cd_evento, p.cd_coop_prest, a.provider AS prest_cod_svc_card, a.data_consulta, a.hora_inicio, a.hora_fim,
                a.status AS status_agendamento, a.data_cadastro
           FROM appointment a JOIN provider p ON p.code = a.provider
          WHERE a.beneficiary_id = @id
            AND (@provider IS NULL OR a.provider = @provider)
            AND (@statuses IS NULL OR a.status IN (SELECT value FROM json_each(@statuses)))
          ORDER BY a.data_consulta, a.hora_inicio, a.cd_evento`,
      )
      .safeIntegers(),
    locations: db
      .prepare<[string], Row>(
        `SELECT l.cd_local, l.nm_local FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local
          WHERE pl.provider = ? ORDER BY l.cd_local`,
      )
      .safeIntegers(),
    slots: db
      .prepare<{ provider: string; local: string; from: string; on: string | null }, SlotRow>(
        `SELECT ${SLOT_FIELDS} FROM slot s
          WHERE s.provider = @provider AND s.cd_local = @local AND s.data >= @from AND (@on IS NULL OR s.data = @on)
          ORDER BY s.data, s.hora_inicio, s.hora_fim, s.tp_evento`,
      )
      .safeIntegers(),
    slotByKey: db
      .prepare<Booking, SlotRow>(`SELECT ${SLOT_FIELDS} FROM slot s WHERE s.id = (${SLOT_BY_KEY})`)
      .safeIntegers(),
    status: db.prepare<[string], AppointmentStatus>('SELECT status FROM appointment WHERE cd_evento = ?').pluck(),
  };
}

/** A booking: in one transaction, the slot read, the check, and the appointment stored unless refused. */
function booking(db: Db, read: ReturnType<typeof reads>) {
  const insert = db
    .prepare<Record<string, unknown>, bigint>(
      `INSERT INTO appointment (beneficiary_id, provider, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim, status, data_cadastro, slot_id, contact)
       VALUES (@holderId, @prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim, @status, @data_cadastro, @slot, @contact)
       RETURNING cd_evento`,
    )
    .pluck()
    .safeIntegers();
  return db.transaction((b: Booking, check: Parameters<ScheduleRepository['book']>[1]): BookResult => {
    const row = read.slotByKey.get(b);
    const slot = row && slotOf(row);
    const refusal = check(slot);
    if (refusal || !slot) return { outcome: refusal ?? 'no-slot' };
    const cd_evento = insert.get({ ...b, slot: slot.id, contact: JSON.stringify(b.contact) })!;
    return { outcome: 'booked', cd_evento: wireInt(cd_evento) };
  });
}

export function sqliteSchedule(db: Db): ScheduleRepository {
  const read = reads(db);
  const book = booking(db, read);
  const setStatus = db.prepare('UPDATE appointment SET status = ? WHERE cd_evento = ? AND status = ?');
  return {
    appointments: async (card, filter) => {
      const id = read.holderId.get(card);
      if (id === undefined) return undefined;
      const statuses = filter.statuses ? jsonList(filter.statuses) : null;
      return read.appointments.all({ id, provider: filter.provider ?? null, statuses }).map(wireRow);
    },
    locations: async (provider) => read.locations.all(provider).map(wireRow),
    slots: async (provider, local, dates) =>
      read.slots.all({ provider, local, from: dates.from, on: dates.on ?? null }).map((row) => {
        const { id: _id, ...slot } = slotOf(row);
        return slot;
      }),
    book: async (b, check) => {
      try {
        return book.immediate(b, check);
      } catch (err) {
        if (isUniqueViolation(err)) return { outcome: 'taken' };
        throw err;
      }
    },
    appointmentStatus: async (cd) => read.status.get(cd),
    setAppointmentStatus: async (cd, from, to) => setStatus.run(to, cd, from).changes === 1,
  };
}
