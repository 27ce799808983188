/**
 * The top-level command groups of the catalogue's areas, in the order of the
 * root help (their descriptions are in the messages: help.areas). Kept apart
 * from the catalogue so that `coopctl --help` lists them without loading it (and zod).
 */
import type { Area } from '../catalogue/index.js';

export const areas = {
  registration: true,
  record: true,
  schedule: true,
  enrol: true,
  notify: true,
} as const satisfies Record<Area, true>;

export function isArea(word: string): word is Area {
  return Object.hasOwn(areas, word);
}
