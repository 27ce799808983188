/**
 * Warnings about the valid values of a batch file (an undocumented code), said
 * once before anything is sent: one line per field and message, counting the
 * rows (or contracts) it concerns and naming the first few, so that 2,000 rows
 * with the same code make one line. Warnings never change the exit code.
 */
import { fieldWarnings } from '../../catalogue/index.js';
import { maskPersonalNumbers } from '../../catalogue/mask.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import type { Plan, Step } from './plan.js';
import { type Place, placeText } from './source.js';
import { words as batchWords } from './words.js';

/** Places named in one warning, then `and K more`. */
const SHOWN_PLACES = 3;
/** Warning lines said, then `and K more warnings`. */
const SHOWN_WARNINGS = 20;

interface Found {
  readonly unit: 'row' | 'contract';
  readonly places: Place[];
}

/** The field as the file's columns name it: `grau_dependencia`, `contact.telefone_principal`, `payer.fatura_email`. */
function label(step: Step, field: string): string {
  return step.kind === 'beneficiary' ? field : `${step.name}.${field}`;
}

/** Each warning of the plan's valid steps (`field: message`), with the places it concerns, in file order. */
export function batchWarnings(m: Messages, plan: Plan): Map<string, Found> {
  const out = new Map<string, Found>();
  const add = (step: Step | undefined, place: Place, unit: Found['unit']) => {
    if (!step) return;
    for (const w of fieldWarnings(step.op, step.params)) {
      const key = `${label(step, w.field)}: ${m.rules.problem(w)}`;
      const found = out.get(key) ?? { unit, places: [] };
      found.places.push(place);
      out.set(key, found);
    }
  };
  for (const g of plan.groups) {
    add(g.contract, g, 'contract');
    add(g.payer, g, 'contract');
  }
  for (const r of plan.rows) {
    add(r.beneficiary, r, 'row');
    for (const s of r.subs) add(s, r, 'row');
  }
  return out;
}

function where(m: Messages, { unit, places }: Found): string {
  const named = places
    .slice(0, SHOWN_PLACES)
    .map((p) => placeText(m, p))
    .join(', ');
  if (places.length === 1) return named;
  return batchWords[m.common.lang].places(places.length, unit, named, Math.max(0, places.length - SHOWN_PLACES));
}

/** Says the plan's warnings on stderr (at most SHOWN_WARNINGS lines, then how many more). */
export function sayBatchWarnings(inv: Io, plan: Plan): void {
  const found = [...batchWarnings(inv.m, plan)];
  for (const [text, f] of found.slice(0, SHOWN_WARNINGS)) inv.warn(maskPersonalNumbers(`${text} (${where(inv.m, f)})`));
  if (found.length > SHOWN_WARNINGS) inv.warn(batchWords[inv.lang].moreWarnings(found.length - SHOWN_WARNINGS));
}
