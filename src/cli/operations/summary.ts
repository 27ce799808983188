/** `record summary <card>`: the six medical-record reads, fetched concurrently, one section each. */
import type { Command } from 'commander';
import { Interrupted, TransportError } from '../../client/errors.js';
import type { CallResult } from '../../client/types.js';
import { catalogue, dataRecords, type Operation, type Row } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { renderAnswer } from '../output/render.js';
import { jsonText } from '../output/sanitize.js';
import type { RunState } from '../run-state.js';
import { addSafetyOptions } from '../safety/flags.js';
import { checkedParams, preSend, prepareCall } from './execute.js';
import { addParamInputs } from './inputs.js';
import { exitCodeOf, problemOf } from './report.js';

type SectionResult = { op: Operation; result: CallResult } | { op: Operation; error: TransportError };

/** 4 if a section could not be read, else 1 if one failed, else 3 if none had a result, else 0. */
export function summaryExitCode(codes: readonly number[]): number {
  for (const code of [ExitCode.transport, ExitCode.failed]) if (codes.includes(code)) return code;
  return codes.every((c) => c === ExitCode.noResult) ? ExitCode.noResult : ExitCode.ok;
}

async function read(
  inv: Invocation,
  sections: readonly Operation[],
  raw: Record<string, unknown>,
  hint: string,
): Promise<SectionResult[] | number> {
  const params = await checkedParams(inv, sections[0]!, raw, hint);
  const calls = await Promise.all(sections.map((op) => prepareCall(inv, op, params)));
  const stop = await preSend(inv, calls);
  if (stop !== undefined) return stop;
  const client = await inv.client();
  const settled = await Promise.allSettled(calls.map((c) => client.call(c.op, c.request)));
  return settled.map((s, i) => {
    const op = sections[i]!;
    if (s.status === 'fulfilled') return { op, result: s.value };
    if (s.reason instanceof TransportError) return { op, error: s.reason };
    throw s.reason instanceof Interrupted || inv.ctx.signal.aborted ? new Interrupted() : s.reason;
  });
}

async function print(inv: Invocation, results: readonly SectionResult[]): Promise<void> {
  const style = await inv.style('stdout');
  const word = (op: Operation) => op.command[op.command.length - 1]!;
  if (inv.format === 'json') {
    const out: Record<string, Row[]> = {};
    for (const r of results) if ('result' in r && r.result.kind === 'answer') out[word(r.op)] = r.result.records;
    inv.out(`${jsonText(out, 2)}\n`);
  } else if (inv.format === 'jsonl') {
    for (const r of results) {
      if (!('result' in r) || r.result.kind !== 'answer') continue;
      for (const record of r.result.records) inv.out(`${jsonText({ section: word(r.op), record })}\n`);
    }
  } else {
    const parts: string[] = [];
    for (const r of results) {
      const answer = 'result' in r && r.result.kind === 'answer' ? r.result : undefined;
      const data = answer ? dataRecords(answer.records) : [];
      let body: string;
      if (answer && data.length) body = await renderAnswer(r.op, answer.records, data, 'table', style);
      else body = answer?.outcome === 'no-result' ? '(no result)\n' : '(not read: see the error below)\n';
      parts.push(`${style.bold(word(r.op))}\n${body}`);
    }
    inv.out(parts.join('\n'));
  }
  // Failures on stderr (a section without result is no failure).
  for (const r of results) {
    const problem =
      'error' in r ? r.error.message : exitCodeOf(r.result) === ExitCode.noResult ? undefined : problemOf(r.result);
    if (problem) await inv.notice(`${word(r.op)}: ${problem}`, 'error');
  }
}

export function addSummaryCommand(recordGroup: Command, run: RunState): void {
  const sections = catalogue.filter((op) => op.area === 'record');
  const cmd = recordGroup
    .command('summary')
    .description(`all ${sections.length} medical-record reads, fetched concurrently, one section each`);
  const readParams = addParamInputs(cmd, sections[0]!);
  addSafetyOptions(cmd);
  const hint = 'coopctl record summary --help';
  run.bind(cmd, async (inv, args, command) => {
    if (inv.format === 'csv')
      throw new UsageError('csv output holds one kind of record; use coopctl record <section> -o csv', hint);
    const results = await read(inv, sections, await readParams(inv, args, command), hint);
    if (typeof results === 'number') return results;
    await print(inv, results);
    return summaryExitCode(results.map((r) => ('error' in r ? ExitCode.transport : exitCodeOf(r.result))));
  });
}
