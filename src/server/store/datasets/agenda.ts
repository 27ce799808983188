/** Slots from an agenda: a weekly pattern of slots, counted from "today", so that fixtures never go stale. */
import { addDays, minutesOf, timeOf, weekday } from '../../../catalogue/dates.js';
import type { SlotKey } from '../areas/schedule.js';

export interface Agenda {
  readonly prest_cod_svc_card: string;
  readonly cd_local: string;
  readonly tp_evento: string;
  /** Days of the week with slots: 0 Sunday … 6 Saturday. */
  readonly weekdays: readonly number[];
  /** First slot start and end of the last slot, `hh:mi`. */
  readonly from: string;
  readonly to: string;
  /** Length of one slot. */
  readonly minutes: number;
  /** Slots on the next `days` days, tomorrow first. */
  readonly days: number;
}

/** The agenda's slots from the day after `today` (`yyyy-mm-dd`). */
export function expandAgenda(a: Agenda, today: string): SlotKey[] {
  const out: SlotKey[] = [];
  const end = minutesOf(a.to);
  for (let d = 1; d <= a.days; d++) {
    const data_consulta = addDays(today, d);
    if (!a.weekdays.includes(weekday(data_consulta))) continue;
    for (let t = minutesOf(a.from); t + a.minutes <= end; t += a.minutes) {
      out.push({
        prest_cod_svc_card: a.prest_cod_svc_card,
        cd_local: a.cd_local,
        tp_evento: a.tp_evento,
        data_consulta,
        hora_inicio: timeOf(t),
        hora_fim: timeOf(t + a.minutes),
      });
    }
  }
  return out;
}
