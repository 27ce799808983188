/**
 * What `--json field1,field2` (json-fields.ts) keeps of the records, and the
 * check of the names against the fields a command's records have. Apart from
 * json-fields.ts, which loads the catalogue to read argv, so that printing
 * JSON loads nothing more.
 */
import type { Row } from '../../catalogue/index.js';
import { UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Display } from './display.js';
import * as lazy from '../lazy.js';

/** A usage error unless every requested field is one of `available` (checked before anything is sent). */
export function checkFields(
  requested: readonly string[] | undefined,
  available: readonly string[],
  m: Messages,
  flag = '--json',
): void {
  if (!requested) return;
  if (requested.some((f) => f === '')) throw new UsageError(m.output.json.emptyField(flag));
  const unknown = requested.filter((f) => !available.includes(f));
  if (unknown.length) throw new UsageError(m.output.json.unknownFields(flag, unknown, [...new Set(available)]));
}

/** The records with only the requested fields (in the order asked for), or as they are without a request. */
export function selectFields(records: readonly Row[], fields: readonly string[] | undefined): readonly Row[] {
  if (!fields) return records;
  return records.map((r) => {
    const out: Row = {};
    for (const f of fields) if (Object.hasOwn(r, f)) out[f] = r[f];
    return out;
  });
}

/**
 * A usage error when `--json fields` or `--jq` is given to a command that does not take them (`takes`: the
 * commands printing the catalogue's records, as their action's binding says: run/state.ts).
 */
export function checkJsonTaker(
  takes: boolean,
  fields: readonly string[] | undefined,
  jq: string | undefined,
  m: Messages,
): void {
  if (takes || (fields === undefined && jq === undefined)) return;
  throw new UsageError(m.output.json.notTaken(fields ? '--json field1,field2' : '--jq'));
}

/**
 * Checks `--json fields` against the command's record fields and compiles
 * `--jq`'s filter, before anything is sent: either mistake is a usage error.
 */
export async function checkJsonOptions(display: Display, available: readonly string[]): Promise<void> {
  checkFields(display.fields, available, display.m);
  checkFields(display.columns, available, display.m, '--columns');
  if (display.jq !== undefined) await (await lazy.jq()).checkJq(display.jq, display.m);
}
