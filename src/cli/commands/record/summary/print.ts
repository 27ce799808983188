/**
 * How `record summary` prints its sections: one JSON object by section word,
 * JSON lines tagged with their section, or a titled table each; failures on
 * stderr (a section without result is no failure).
 */
import type { TransportError } from '../../../../client/errors.js';
import type { CallResult } from '../../../../client/types.js';
import { dataRecords, type Operation, type Row } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import type { Invocation } from '../../../invocation.js';
import { renderAnswer } from '../../../output/render.js';
import { jsonText } from '../../../output/json-text.js';
import { transportProblem } from '../../../failure.js';
import { exitCodeOf, problemOf } from '../../../operations/report.js';
import { specOf } from '../../specs.js';

export type SectionResult = { op: Operation; result: CallResult } | { op: Operation; error: TransportError };

/** The section's word: the last word of its command (`allergies`). */
const word = (op: Operation) => op.command[op.command.length - 1]!;

/** The records of a section that was answered. */
function answered(r: SectionResult): Row[] | undefined {
  return 'result' in r && r.result.kind === 'answer' ? r.result.records : undefined;
}

function jsonOf(results: readonly SectionResult[]): string {
  const out: Record<string, Row[]> = {};
  for (const r of results) {
    const records = answered(r);
    if (records) out[word(r.op)] = records;
  }
  return `${jsonText(out, 2)}\n`;
}

function jsonLinesOf(results: readonly SectionResult[]): string {
  return results
    .flatMap((r) => (answered(r) ?? []).map((record) => `${jsonText({ section: word(r.op), record })}\n`))
    .join('');
}

async function tablesOf(inv: Invocation, results: readonly SectionResult[]): Promise<string> {
  const style = await inv.style('stdout');
  const parts: string[] = [];
  for (const r of results) {
    const answer = 'result' in r && r.result.kind === 'answer' ? r.result : undefined;
    const data = answer ? dataRecords(answer.records) : [];
    let body = answer?.outcome === 'no-result' ? '(no result)\n' : '(not read: see the error below)\n';
    if (answer && data.length)
      body = await renderAnswer(r.op, answer.records, data, 'table', style, specOf(r.op).render);
    parts.push(`${style.bold(word(r.op))}\n${body}`);
  }
  return parts.join('\n');
}

export async function printSections(inv: Invocation, results: readonly SectionResult[]): Promise<void> {
  if (inv.format === 'json') inv.out(jsonOf(results));
  else if (inv.format === 'jsonl') inv.out(jsonLinesOf(results));
  else inv.out(await tablesOf(inv, results));
  for (const r of results) {
    const problem =
      'error' in r
        ? transportProblem(r.error, inv.m)
        : exitCodeOf(r.result) === ExitCode.noResult
          ? undefined
          : problemOf(r.result, inv.m);
    if (problem) await inv.notice(`${word(r.op)}: ${problem}`, 'error');
  }
}
