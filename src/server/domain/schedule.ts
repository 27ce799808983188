/**
 * Scheduling rules (spec §4.3): a slot is free while no appointment holds it
 * (a cancelled one does not), it is offered while free and starting after
 * now, and a booking takes exactly one offered slot of the provider's agenda.
 * Pure functions over what the store lists; the store runs `bookingRefusal`
 * in the transaction of the booking.
 */
import type { AppointmentStatus } from '../../catalogue/codes.js';
import type { BookRefusal, Slot } from '../store/areas/schedule.js';

/** Appointment states that leave their slot free (cancelling frees the slot). */
export const slotFreeingStatuses: readonly AppointmentStatus[] = ['cancelado'];

/** The state of a new appointment: requested, waiting for the provider. */
export const NEW_APPOINTMENT: AppointmentStatus = 'aguardando';

/** True when an appointment in this state holds its slot. */
export const holdsSlot = (status: AppointmentStatus): boolean => !slotFreeingStatuses.includes(status);

/** True when no appointment holds the slot. */
export const isFree = (slot: Slot): boolean => !slot.statuses.some(holdsSlot);

/** The slots offered at `now` (`yyyy-mm-dd hh:mi`): free, and starting later. */
export function offered(slots: readonly Slot[], now: string): Slot[] {
  return slots.filter((s) => isFree(s) && `${s.data_consulta} ${s.hora_inicio}` > now);
}

/** The dates of the slots offered at `now`, each once, in the order listed. */
export function offeredDates(slots: readonly Slot[], now: string): string[] {
  return [...new Set(offered(slots, now).map((s) => s.data_consulta))];
}

/** Why a booking of this slot (undefined: the agenda has no such slot) is refused, or undefined to book it. */
export function bookingRefusal(slot: Slot | undefined): BookRefusal | undefined {
  if (!slot) return 'no-slot';
  return isFree(slot) ? undefined : 'taken';
}

/** The start and end of a requested slot, `yyyy-mm-dd hh:mi` each, split into its date and times. */
export interface SlotTimes {
  readonly data_consulta: string;
  readonly hora_inicio: string;
  readonly hora_fim: string;
}

/**
 * The slot times of a request, or undefined when they cannot be booked at
 * `now`: the slot has started (it is no longer offered). That the end is
 * later on the same day is a rule of the request's own fields, checked by
 * the catalogue before (`checks` of enviaagendamento).
 */
export function requestedTimes(start: string, end: string, now: string): SlotTimes | undefined {
  const [data_consulta, hora_inicio] = start.split(' ') as [string, string];
  const hora_fim = end.slice(end.indexOf(' ') + 1);
  if (start <= now) return undefined;
  return { data_consulta, hora_inicio, hora_fim };
}
