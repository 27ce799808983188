/**
 * Scheduling in PostgreSQL. A booking locks the slot's row (SELECT … FOR
 * UPDATE), then reads its appointments in a statement of its own (READ
 * COMMITTED: it sees every booking committed before the lock was granted),
 * asks the domain's check, and inserts; so of concurrent bookings of one slot,
 * from any number of server processes, exactly one wins. The partial unique
 * index `appointment_slot_taken` refuses a second holder even without the
 * lock. Codes have up to 18 digits: they are bound as digit strings, cast to
 * bigint, and read back as numbers or bigints (pool.ts).
 */
import type { Pool } from 'pg';
import type { Row } from '../../../catalogue/index.js';
import type { AppointmentStatus } from '../../../catalogue/codes.js';
import type { BookResult, ScheduleRepository, Slot } from '../types.js';
import { changed, one, rows, sqlState, transaction } from './pool.js';

/** A slot's listed fields, and the statuses of its appointments as a JSON array (null when it has none). */
const SLOT_FIELDS = `s.id, s.tp_evento, s.data AS data_consulta, s.hora_inicio, s.hora_fim,
  (SELECT json_agg(a.status ORDER BY a.cd_evento) FROM appointment a WHERE a.slot_id = s.id) AS statuses`;

type SlotRow = Omit<Slot, 'statuses'> & { readonly id: number; readonly statuses: AppointmentStatus[] | null };

function slotOf({ id: _id, statuses, ...slot }: SlotRow): Slot {
  return { ...slot, statuses: statuses ?? [] };
}

async function book(
  pool: Pool,
  b: Parameters<ScheduleRepository['book']>[0],
  check: Parameters<ScheduleRepository['book']>[1],
): Promise<BookResult> {
  return transaction(pool, async (c) => {
    const key = await one<Omit<SlotRow, 'statuses'>>(
      c,
      `SELECT s.id, s.tp_evento, s.data AS data_consulta, s.hora_inicio, s.hora_fim FROM slot s
        WHERE s.provider = $1::bigint AND s.cd_local = $2::bigint AND s.data = $3 AND s.hora_inicio = $4 AND s.hora_fim = $5
          AND s.tp_evento = $6::bigint
        FOR UPDATE`,
      [b.prest_cod_svc_card, b.cd_local, b.data_consulta, b.hora_inicio, b.hora_fim, b.tp_evento],
    );
    const statuses = key
      ? (
          await rows<{ status: AppointmentStatus }>(
            c,
            'SELECT status FROM appointment WHERE slot_id = $1 ORDER BY cd_evento',
            [key.id],
          )
        ).map((r) => r.status)
      : [];
    const slot = key && slotOf({ ...key, statuses });
    const refusal = check(slot);
    if (refusal || !key) return { outcome: refusal ?? 'no-slot' };
    const inserted = await one<{ cd_evento: number | bigint }>(
      c,
      `INSERT INTO appointment (beneficiary_id, provider, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim, status, data_cadastro, slot_id, contact)
       VALUES ($1, $2::bigint, $3::bigint, $4::bigint, $5, $6, $7, $8, $9, $10, $11) RETURNING cd_evento`,
      [
        b.holderId,
        b.prest_cod_svc_card,
        b.cd_local,
        b.tp_evento,
        b.data_consulta,
        b.hora_inicio,
        b.hora_fim,
        b.status,
        b.data_cadastro,
        key.id,
        JSON.stringify(b.contact),
      ],
    );
    return { outcome: 'booked', cd_evento: inserted!.cd_evento };
  });
}

export function pgSchedule(pool: Pool): ScheduleRepository {
  return {
    appointments: async (card, filter) => {
      const holder = await one<{ id: number }>(pool, 'SELECT id FROM beneficiary WHERE card = $1', [card]);
      if (!holder) return undefined;
      return rows<Row>(
        pool,
        `SELECT a.cd_evento, p.cd_coop_prest, a.provider AS prest_cod_svc_card, a.data_consulta, a.hora_inicio, a.hora_fim,
                a.status AS status_agendamento, a.data_cadastro
           FROM appointment a JOIN provider p ON p.code = a.provider
          WHERE a.beneficiary_id = $1
            AND ($2::bigint IS NULL OR a.provider = $2::bigint)
            AND ($3::text[] IS NULL OR a.status = ANY($3::text[]))
          ORDER BY a.data_consulta, a.hora_inicio, a.cd_evento`,
        [holder.id, filter.provider ?? null, filter.statuses ? [...filter.statuses] : null],
      );
    },
    locations: async (provider) =>
      rows<Row>(
        pool,
        `SELECT l.cd_local, l.nm_local FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local
          WHERE pl.provider = $1::bigint ORDER BY l.cd_local`,
        [provider],
      ),
    slots: async (provider, local, dates) =>
      (
        await rows<SlotRow>(
          pool,
          `SELECT ${SLOT_FIELDS} FROM slot s
            WHERE s.provider = $1::bigint AND s.cd_local = $2::bigint AND s.data >= $3::text AND ($4::text IS NULL OR s.data = $4::text)
            ORDER BY s.data, s.hora_inicio, s.hora_fim, s.tp_evento`,
          [provider, local, dates.from, dates.on ?? null],
        )
      ).map(slotOf),
    book: async (b, check) => {
      try {
        return await book(pool, b, check);
      } catch (err) {
        // Another process's booking of the slot won (the unique index): this one is refused, nothing stored.
        if (sqlState(err) === '23505') return { outcome: 'taken' };
        throw err;
      }
    },
    appointmentStatus: async (cd) =>
      (
        await one<{ status: AppointmentStatus }>(pool, 'SELECT status FROM appointment WHERE cd_evento = $1::bigint', [
          cd,
        ])
      )?.status,
    setAppointmentStatus: async (cd, from, to) =>
      (await changed(pool, 'UPDATE appointment SET status = $1 WHERE cd_evento = $2::bigint AND status = $3', [
        to,
        cd,
        from,
      ])) === 1,
  };
}
