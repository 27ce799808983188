/**
 * The top-level command groups of the catalogue's areas. Kept apart from the
 * catalogue so that `coopctl --help` lists them without loading it (and zod).
 */
import type { Area } from '../catalogue/index.js';

export const areas = {
  registration: 'beneficiary registration: record, contact, addresses, postal codes',
  record: "medical record: a card's items of one kind (allergies, exams, …), or a summary of every kind",
  schedule: 'appointments: list, free dates and times, locations, book, cancel',
  enrol: 'sales contracts, financial responsible party and beneficiaries',
  notify: 'push-notification devices and sending',
} as const satisfies Record<Area, string>;

export function isArea(word: string): word is Area {
  return Object.hasOwn(areas, word);
}
