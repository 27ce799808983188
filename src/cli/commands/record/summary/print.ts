/**
 * How `record summary` prints its sections: one JSON object by section word,
 * JSON lines tagged with their section, tab-separated lines starting with
 * their section's word when piped, or, on a terminal, an opening (whose
 * record: name and card; a line per section with its count) then a titled
 * table each; failures on stderr (a section without result is no failure).
 */
import { textWidth } from '../../../output/width.js';
import type { TransportError } from '../../../../client/errors.js';
import type { CallResult } from '../../../../client/types.js';
import { capitalised, dataRecords, type Operation, type Row } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import type { Output } from '../../../capabilities.js';
import { dataColumns } from '../../../output/cells.js';
import type { Display } from '../../../output/display.js';
import { selectFields } from '../../../output/json-select.js';
import { jsonOutput, renderAnswer } from '../../../output/render.js';
import { jsonText } from '../../../output/json-text.js';
import { transportProblem } from '../../../run/failure.js';
import type { Messages } from '../../../i18n/index.js';
import { sanitize } from '../../../output/sanitize.js';
import { tsv } from '../../../output/tsv.js';
import { wrapLine } from '../../../output/wrap.js';
import { exitCodeOf, problemOf } from '../../../operations/report.js';
import { specOf } from '../../specs.js';

export type SectionResult = { op: Operation; result: CallResult } | { op: Operation; error: TransportError };

/** What the opening says whose record it is: the card asked for, and the registration read for the name. */
export interface Whose {
  readonly card: string;
  readonly registration?: SectionResult;
}

/** The section's word: the last word of its command (`allergies`). */
const word = (op: Operation) => op.command[op.command.length - 1]!;

/** The records of a section that was answered. */
function answered(r: SectionResult): Row[] | undefined {
  return 'result' in r && r.result.kind === 'answer' ? r.result.records : undefined;
}

/** The data records of a section that was answered with some. */
function dataOf(r: SectionResult): Row[] {
  const records = answered(r);
  return records ? dataRecords(records) : [];
}

/** A section's title in the run's language: the catalogue's noun of its records (`Allergies`, `Alergias`). */
function titleOf(display: Display, op: Operation): string {
  return op.nouns
    ? capitalised(display.m.common.said({ en: op.nouns.en.many, 'pt-BR': op.nouns['pt-BR'].many }))
    : word(op);
}

/** One JSON object by section word, the records with the fields `--json` asks for, through `--jq` when given. */
function jsonOf(display: Display, results: readonly SectionResult[]): Promise<string> {
  const out: Record<string, readonly Row[]> = {};
  for (const r of results) {
    const records = answered(r);
    if (records) out[word(r.op)] = selectFields(records, display.fields);
  }
  return jsonOutput(out, display);
}

/** The records as shown: masked with `--mask` (output/mask.ts). */
const shownRows = (display: Display, rows: Row[]): Row[] => (display.mask ? display.mask.records(rows) : rows);

function jsonLinesOf(display: Display, results: readonly SectionResult[]): string {
  return results
    .flatMap((r) =>
      shownRows(display, answered(r) ?? []).map((record) => `${jsonText({ section: word(r.op), record })}\n`),
    )
    .join('');
}

/** Into a pipe: each record on a line of its own, its section's word first, then its fields. */
function plainOf(display: Display, results: readonly SectionResult[]): string {
  let out = '';
  for (const r of results) {
    const data = shownRows(display, dataOf(r));
    const columns = dataColumns(r.op, data);
    for (const record of data) out += `${word(r.op)}\t${tsv(columns, [record])}`;
  }
  return out;
}

/** The opening: whose record (name · card), then each section's title and count, all within the width. */
function opening(display: Display, whose: Whose, results: readonly SectionResult[]): string {
  const { m, style } = display;
  const s = m.output.summary;
  const name = whose.registration ? dataOf(whose.registration)[0]?.['nome'] : undefined;
  const card = display.mask ? display.mask.card(whose.card) : whose.card;
  const first = typeof name === 'string' && name ? s.whose(sanitize(name), card) : s.unknown(card);
  const lines: string[] = [];
  wrapLine(first, display.width ?? Number.POSITIVE_INFINITY, lines);
  const titles = results.map((r) => titleOf(display, r.op));
  const pad = Math.max(...titles.map((t) => textWidth(t)));
  const out = lines.map((l) => style.bold(l));
  results.forEach((r, i) => {
    const answer = 'result' in r && r.result.kind === 'answer' ? r.result : undefined;
    const count =
      !answer || answer.outcome === 'failed'
        ? s.notRead
        : answer.outcome === 'no-result'
          ? s.noResult
          : s.count(dataOf(r).length);
    const title = titles[i]!;
    out.push(`  ${title}${' '.repeat(pad - textWidth(title))}  ${count}`);
  });
  return `${out.join('\n')}\n`;
}

async function tablesOf(display: Display, whose: Whose, results: readonly SectionResult[]): Promise<string> {
  const { style, m } = display;
  const parts: string[] = [opening(display, whose, results)];
  for (const r of results) {
    const answer = 'result' in r && r.result.kind === 'answer' ? r.result : undefined;
    const data = dataOf(r);
    let body =
      answer?.outcome === 'no-result' ? `${m.output.summary.noResultBody}\n` : `${m.output.summary.notReadBody}\n`;
    if (answer && data.length)
      body = await renderAnswer(r.op, answer.records, data, 'table', display, (await specOf(r.op)).render);
    parts.push(`${style.bold(titleOf(display, r.op))}\n${body}`);
  }
  return parts.join('\n');
}

/** The one-line problem of a result, or undefined when there is none to report (a success, or no result). */
function problemLine(r: SectionResult, m: Messages): string | undefined {
  if ('error' in r) return transportProblem(r.error, m);
  return exitCodeOf(r.result) === ExitCode.noResult ? undefined : problemOf(r.result, m, r.op);
}

export async function printSections(inv: Output, whose: Whose, results: readonly SectionResult[]): Promise<void> {
  const display = await inv.display();
  if (inv.format === 'json') inv.out(await jsonOf(display, results));
  else if (inv.format === 'jsonl') inv.out(jsonLinesOf(display, results));
  else if (display.width === undefined) inv.out(plainOf(display, results));
  else inv.out(await tablesOf(display, whose, results));
  for (const r of results) {
    const problem = problemLine(r, inv.m);
    if (problem) await inv.notice(`${word(r.op)}: ${problem}`, 'error');
  }
  const registration = whose.registration && problemLine(whose.registration, inv.m);
  if (registration) inv.info(inv.m.output.summary.registrationFailed(registration));
}
