/**
 * What a batch file holds, whatever its format: contracts (grouped by a key),
 * each with an optional payer and its rows (one beneficiary each, with
 * contacts, addresses, documents and declaration answers), every value still
 * raw and every value traceable to where it was written (a CSV line and
 * column, or a JSON path), so that errors can point at it.
 */
import type { CsvDialect } from './dialect.js';
import type { Params } from '../../catalogue/index.js';
import type { RecordKind } from '../enrol/plan.js';
import type { Messages } from '../i18n/index.js';
import { words as fileWords } from './file-words.js';

/** Where a value is, or would be: a CSV line and column, or a JSON path (in `field`, with no line). */
export interface Where {
  readonly line?: number;
  readonly field: string;
}

/** A problem of the file: a value that breaks a rule, or a CSV row or JSON element that cannot be read as written. */
export interface Problem extends Where {
  readonly message: string;
  /** The part of the row it is in, as the report names steps: `contract`, `payer`, `beneficiary`, `address2`, `ds.1.3`. */
  readonly part?: string;
}

/** The raw parameters of one request, and where each of them is written. */
export interface SourcePart {
  readonly values: Params;
  /** Where a field is (or would be written, for an absent one). */
  locate(name: string): Where;
}

export interface SourceSub {
  readonly kind: RecordKind;
  /** Stable name within the beneficiary: `contact`, `address2`, `ds.1.3`. */
  readonly name: string;
  readonly part: SourcePart;
}

/** Where a row or a contract is: its CSV line, or its JSON path. */
export interface Place {
  readonly line?: number;
  readonly path?: string;
}

export interface SourceRow extends Place {
  /** Absent on a CSV row that only carries contract and payer columns. */
  readonly beneficiary?: SourcePart;
  readonly subs: SourceSub[];
  /** Problems of this row alone. */
  readonly problems: Problem[];
}

export interface SourceGroup extends Place {
  /** The contract key: the CSV `contract` column, the JSON `key` (or `#n`). */
  readonly key: string;
  readonly contract: SourcePart;
  readonly payer?: SourcePart;
  readonly rows: SourceRow[];
  /** Problems that make the whole contract unreadable (contract columns that disagree). */
  readonly problems: Problem[];
}

export interface Source {
  readonly format: 'csv' | 'json';
  readonly groups: SourceGroup[];
  /** Rows that belong to no contract (no contract key): always invalid. */
  readonly strays: SourceRow[];
  /** Problems of the whole file (an unknown column, JSON that does not parse): nothing can be sent. */
  readonly fatal: Problem[];
  /** Remarks for stderr (the file's encoding). */
  readonly notes: string[];
  /** A CSV file's delimiter, encoding and byte-order mark: the report file is written in them. */
  readonly dialect?: CsvDialect;
}

/**
 * The place of a row or group as messages show it: `row 12` (the CSV row that
 * starts on line 12, the header being row 1), or its JSON path `[3].beneficiaries[1]`.
 */
export function placeText(m: Messages, p: Place): string {
  return p.line !== undefined ? fileWords[m.common.lang].row(p.line) : (p.path ?? '');
}
