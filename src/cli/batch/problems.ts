/**
 * The problems of a batch file as people read them: one line each,
 * `row 12 · address2 · cep: is required` (a CSV row, its part, its field)
 * or `[3].beneficiaries[1].cpf: must be …` (a JSON path names its part);
 * on the terminal, the first SHOWN of them and how many more there are
 * (every one is in the report file); in the JSON report, as entries.
 */
import { partWords } from './part-words.js';
import type { Row } from '../../catalogue/index.js';
import { maskPersonalNumbers } from '../../catalogue/mask.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import type { Problem } from './source.js';
import { words as fileWords } from './file-words.js';

/** Problems listed on the terminal; the others are counted (and are in the report file). */
export const SHOWN = 20;

/** The field as the part names it: `cep` for `address2.cep` in part `address2`; empty when it is the part itself (`ds.1.3`). */
function fieldOfPart(p: Problem): string {
  if (!p.part) return p.field;
  if (p.field === p.part) return '';
  return p.field.startsWith(`${p.part}.`) ? p.field.slice(p.part.length + 1) : p.field;
}

/** One problem in one line: `row 12 · beneficiary · cpf: must be …`, `[0].payer.sexo: must be …`, `line 3: not valid JSON …`. */
export function problemText(m: Messages, p: Problem, format: 'csv' | 'json'): string {
  const where: string[] = [];
  if (format === 'csv' && p.line !== undefined) {
    where.push(fileWords[m.common.lang].row(p.line));
    if (p.part) where.push(partWords(m, p.part));
    const field = fieldOfPart(p);
    if (field) where.push(field);
  } else {
    if (p.line !== undefined) where.push(fileWords[m.common.lang].line(p.line));
    if (p.field) where.push(p.field);
  }
  return where.length ? `${where.join(' · ')}: ${p.message}` : p.message;
}

/**
 * Lists problems on stderr under a title: the first SHOWN, then how many
 * more and where they all are (`more`: `every problem is in members.csv.report.csv`).
 */
export function printProblems(
  inv: Io,
  title: string,
  problems: readonly Problem[],
  format: 'csv' | 'json',
  more?: string,
): void {
  inv.say(title);
  // A problem may quote the file (a JSON parser's excerpt): a card or CPF in it keeps its last 4 digits only.
  for (const p of problems.slice(0, SHOWN)) inv.say(`  ${maskPersonalNumbers(problemText(inv.m, p, format))}`);
  const left = problems.length - SHOWN;
  if (left > 0) inv.say(`  ${fileWords[inv.lang].more(left, more)}`);
}

/** The problems as entries of the JSON report. */
export function problemRows(problems: readonly Problem[]): Row[] {
  return problems.map((p) => ({
    ...(p.line !== undefined ? { line: p.line } : {}),
    ...(p.part ? { part: p.part } : {}),
    field: p.field,
    message: p.message,
  }));
}
