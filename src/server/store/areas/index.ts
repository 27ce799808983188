/**
 * The store's areas, each written once for both databases (one file per
 * area: its types, statements and methods). Both stores make their repository
 * of this list, and the repository's type is this list's methods, so a new
 * area is its file and one line here.
 */
import type { Methods } from '../sql/define.js';
import { enrol } from './enrol.js';
import { notify } from './notify.js';
import { record } from './record.js';
import { registration } from './registration.js';
import { schedule } from './schedule.js';

export const areas = { registration, record, schedule, enrol, notify };

type Definitions = typeof areas;

/** Every area's methods, as a store serves them. */
export type Areas = { readonly [K in keyof Definitions]: Methods<Definitions[K]> };

/** The areas' methods as a store makes them of each area's definitions. */
export function eachArea(methods: <D extends object>(defs: D) => Methods<D>): Areas {
  const out: Record<string, unknown> = {};
  for (const [name, defs] of Object.entries(areas)) out[name] = methods(defs);
  return out as Areas;
}
