/**
 * Scheduling in SQLite: providers, locations, slots and appointments.
 * A slot is free while it has no appointment other than cancelled ones; the
 * partial unique index `appointment_slot_taken` makes a second booking of a
 * slot impossible even if the check before it were skipped.
 * Codes have up to 18 digits, so these statements read integers as bigints.
 */
import type { Row } from '../../../catalogue/index.js';
import type { AppointmentStatus } from '../../../catalogue/codes.js';
import type { Booking, ScheduleRepository } from '../repository.js';
import type { Db } from './connection.js';
import { isUniqueViolation, jsonList, wireRow } from './values.js';

const FREE = `NOT EXISTS (SELECT 1 FROM appointment a WHERE a.slot_id = s.id AND a.status <> 'cancelado')`;

/** The id of the slot with exactly this key (named parameters: the SlotKey fields). */
export const SLOT_BY_KEY = `SELECT id FROM slot WHERE provider = @prest_cod_svc_card AND cd_local = @cd_local AND data = @data_consulta
    AND hora_inicio = @hora_inicio AND hora_fim = @hora_fim AND tp_evento = @tp_evento`;

export function sqliteSchedule(db: Db): ScheduleRepository {
  const holderId = db.prepare<[string], number>('SELECT id FROM beneficiary WHERE card = ?').pluck();
  const appointments = db
    .prepare<{ id: number; provider: string | null; statuses: string | null }, Row>(
      `SELECT a.cd_evento, p.cd_coop_prest, a.provider AS prest_cod_svc_card, a.data_consulta, a.hora_inicio, a.hora_fim,
              a.status AS status_agendamento, a.data_cadastro
         FROM appointment a JOIN provider p ON p.code = a.provider
        WHERE a.beneficiary_id = @id
          AND (@provider IS NULL OR a.provider = @provider)
          AND (@statuses IS NULL OR a.status IN (SELECT value FROM json_each(@statuses)))
        ORDER BY a.data_consulta, a.hora_inicio, a.cd_evento`,
    )
    .safeIntegers();
  const locations = db
    .prepare<[string], Row>(
      `SELECT l.cd_local, l.nm_local FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local
        WHERE pl.provider = ? ORDER BY l.cd_local`,
    )
    .safeIntegers();
  const freeDates = db
    .prepare<{ provider: string; local: string; after: string }, string>(
      `SELECT DISTINCT s.data FROM slot s
        WHERE s.provider = @provider AND s.cd_local = @local AND s.data >= substr(@after, 1, 10)
          AND s.data || ' ' || s.hora_inicio > @after AND ${FREE}
        ORDER BY s.data`,
    )
    .pluck();
  const freeTimes = db
    .prepare<{ provider: string; local: string; data: string; after: string }, Row>(
      `SELECT s.tp_evento, s.hora_inicio, s.hora_fim FROM slot s
        WHERE s.provider = @provider AND s.cd_local = @local AND s.data = @data
          AND s.data || ' ' || s.hora_inicio > @after AND ${FREE}
        ORDER BY s.hora_inicio, s.hora_fim, s.tp_evento`,
    )
    .safeIntegers();
  const slotId = db.prepare<Booking, number>(SLOT_BY_KEY).pluck();
  const taken = db
    .prepare<[number], number>(`SELECT 1 FROM appointment WHERE slot_id = ? AND status <> 'cancelado'`)
    .pluck();
  const insert = db
    .prepare<Record<string, unknown>, number>(
      `INSERT INTO appointment (beneficiary_id, provider, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim, status, data_cadastro, slot_id, contact)
       VALUES (@holder, @prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim, @status, @data_cadastro, @slot, @contact)
       RETURNING cd_evento`,
    )
    .pluck();
  const status = db.prepare<[string], AppointmentStatus>('SELECT status FROM appointment WHERE cd_evento = ?').pluck();
  const setStatus = db.prepare('UPDATE appointment SET status = ? WHERE cd_evento = ? AND status = ?');

  const book = db.transaction((b: Booking) => {
    const holder = holderId.get(b.card);
    if (holder === undefined) return { outcome: 'unknown-card' as const };
    const slot = slotId.get(b);
    if (slot === undefined) return { outcome: 'no-slot' as const };
    if (taken.get(slot) !== undefined) return { outcome: 'taken' as const };
    const { card: _card, contact, ...fields } = b;
    const cd_evento = insert.get({ ...fields, holder, slot, contact: JSON.stringify(contact) })!;
    return { outcome: 'booked' as const, cd_evento };
  });

  return {
    appointments: async (card, filter) => {
      const id = holderId.get(card);
      if (id === undefined) return undefined;
      const statuses = filter.statuses ? jsonList(filter.statuses) : null;
      return appointments.all({ id, provider: filter.provider ?? null, statuses }).map(wireRow);
    },
    locations: async (provider) => locations.all(provider).map(wireRow),
    freeDates: async (provider, local, after) => freeDates.all({ provider, local, after }),
    freeTimes: async (provider, local, data, after) => freeTimes.all({ provider, local, data, after }).map(wireRow),
    book: async (booking) => {
      try {
        return book.immediate(booking);
      } catch (err) {
        if (isUniqueViolation(err)) return { outcome: 'taken' };
        throw err;
      }
    },
    appointmentStatus: async (cd) => status.get(cd),
    setAppointmentStatus: async (cd, from, to) => setStatus.run(to, cd, from).changes === 1,
  };
}
