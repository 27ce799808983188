/**
 * From the file (or stdin) to the batch's plan: its bytes read, decoded,
 * read as CSV or JSON, and planned (plan.ts), with a fresh result for every
 * row.
 */
import { extname } from 'node:path';
import { UsageError } from '../exit-codes.js';
import { fileFault } from '../file-errors.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import type { Style } from '../output/style.js';
import { readCsvSource } from './csv-layout.js';
import { decodeText } from './csv.js';
import { readJsonSource } from './json-layout.js';
import { makePlan, type Plan, type PlanRow, planErrors, rowValid } from './plan.js';
import type { StepHasher } from './step-hash.js';
import { initialResults, type RowResult } from './row-result.js';
import type { Problem, Source } from './source.js';
import { sayBatchWarnings } from './warnings.js';
import * as lazy from '../lazy.js';
import { words as fileWords } from './file-words.js';

const HINT = 'coopctl enrol batch --help';

/** A batch file read and planned, and what its messages need. */
export interface Batch {
  readonly inv: Io;
  /** The file as messages name it: its path, or `stdin`. */
  readonly name: string;
  readonly bytes: Buffer;
  readonly plan: Plan;
  /** Every problem of the plan, in file order. */
  readonly problems: Problem[];
  readonly results: Map<PlanRow, RowResult>;
  readonly invalidRows: number;
  readonly validRows: number;
  /** The style of stdout, for the report. */
  readonly style: Style;
}

async function readBytes(inv: Io, file: string): Promise<Buffer> {
  if (file === '-') {
    const { buffer } = await lazy.streamConsumers();
    return buffer(inv.ctx.stdin);
  }
  const { readFile } = await lazy.fsPromises();
  try {
    return await readFile(file);
  } catch (err) {
    throw new UsageError(fileWords[inv.lang].cannotRead(file, fileFault(inv.m, err)), HINT);
  }
}

/** CSV or JSON: --format, else the extension, else the first character. */
export function formatOf(file: string, text: string, forced?: 'csv' | 'json'): 'csv' | 'json' {
  if (forced) return forced;
  const ext = extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.csv' || ext === '.tsv' || ext === '.txt') return 'csv';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

export function readSource(m: Messages, file: string, bytes: Uint8Array, forced?: 'csv' | 'json'): Source {
  const { text, note, encoding, bom } = decodeText(m, bytes);
  const notes = note ? [note] : [];
  if (formatOf(file, text, forced) === 'json') return readJsonSource(m, text, notes);
  const source = readCsvSource(m, text, notes);
  return { ...source, dialect: { delimiter: source.dialect?.delimiter ?? ',', encoding, bom } };
}

/** Reads and plans the file (`-` for stdin); says the notes of its reading (its encoding). */
export async function loadBatch(inv: Io, file: string, hash: StepHasher, format?: 'csv' | 'json'): Promise<Batch> {
  const bytes = await readBytes(inv, file);
  const name = file === '-' ? 'stdin' : file;
  const source = readSource(inv.m, file, bytes, format);
  for (const note of source.notes) inv.info(`${name}: ${note}`);
  const plan = makePlan(inv.m, source, hash);
  sayBatchWarnings(inv, plan);
  const invalidRows = plan.rows.filter((r) => !rowValid(r)).length;
  return {
    inv,
    name,
    bytes,
    plan,
    problems: planErrors(plan),
    results: initialResults(plan),
    invalidRows,
    validRows: plan.rows.length - invalidRows,
    style: await inv.style('stdout'),
  };
}
