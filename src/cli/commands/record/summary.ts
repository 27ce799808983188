/**
 * `record summary <card>`: every read of the catalogue's `record` area,
 * fetched concurrently, one section each (summary/print.ts prints them).
 */
import type { Command } from 'commander';
import { Interrupted, TransportError } from '../../../client/errors.js';
import { catalogue, type Operation, type Params } from '../../../catalogue/index.js';
import { ExitCode, UsageError } from '../../exit-codes.js';
import type { Invocation } from '../../invocation.js';
import { checkedParams, preSend, prepareCall } from '../../operations/execute.js';
import { addParamInputs } from '../../operations/inputs.js';
import { exitCodeOf } from '../../operations/report.js';
import type { RunState } from '../../run-state.js';
import { addSafetyOptions } from '../../safety/flags.js';
import { addExamples } from '../../help/sections.js';
import { shellQuote } from '../../output/shell.js';
import { specOf } from '../specs.js';
import { printSections, type SectionResult } from './summary/print.js';

const HINT = 'coopctl record summary --help';

/** 4 if a section could not be read, else 1 if one failed, else 3 if none had a result, else 0. */
export function summaryExitCode(codes: readonly number[]): number {
  for (const code of [ExitCode.transport, ExitCode.failed]) if (codes.includes(code)) return code;
  return codes.every((c) => c === ExitCode.noResult) ? ExitCode.noResult : ExitCode.ok;
}

/** The sections' reads, through the pre-send hooks (a dry run prints each); an exit code when one stopped. */
async function read(inv: Invocation, sections: readonly Operation[], raw: Params): Promise<SectionResult[] | number> {
  const params = await checkedParams(inv, sections[0]!, raw, HINT);
  const calls = await Promise.all(sections.map((op) => prepareCall(inv, specOf(op), params)));
  const stop = await preSend(inv, calls);
  if (stop !== undefined) return stop;
  const client = await inv.client();
  const settled = await Promise.allSettled(calls.map((c) => client.call(c.spec.op, c.request)));
  return settled.map((s, i) => {
    const op = sections[i]!;
    if (s.status === 'fulfilled') return { op, result: s.value };
    if (s.reason instanceof TransportError) return { op, error: s.reason };
    throw s.reason instanceof Interrupted || inv.ctx.signal.aborted ? new Interrupted() : s.reason;
  });
}

export function addSummaryCommand(recordGroup: Command, run: RunState): void {
  const sections = catalogue.filter((op) => op.area === 'record');
  const first = sections[0]!;
  const cmd = recordGroup.command('summary').description(run.m.commandsHelp.summary.description(sections.length));
  const readParams = addParamInputs(cmd, first, run.m);
  addSafetyOptions(cmd, run.m);
  addExamples(cmd, [`coopctl record summary ${shellQuote(String(first.params[first.positional!]!.example))}`]);
  run.bind(cmd, async (inv, args, command) => {
    if (inv.format === 'csv') throw new UsageError(inv.m.errors.summaryCsv, HINT);
    const results = await read(inv, sections, await readParams(inv, args, command));
    if (typeof results === 'number') return results;
    await printSections(inv, results);
    return summaryExitCode(results.map((r) => ('error' in r ? ExitCode.transport : exitCodeOf(r.result))));
  });
}
