/**
 * `record summary <card>`: every read of the catalogue's `record` area,
 * fetched concurrently, one section each (summary/print.ts prints them).
 * On a terminal the beneficiary's registration (`registration show`) is
 * read with them, for the opening's name; it does not count in the exit
 * code, and a failure to read it is only said.
 */
import { Interrupted, TransportError } from '../../../client/errors.js';
import { catalogue, operation, type Operation, type Params } from '../../../catalogue/index.js';
import { ExitCode, UsageError } from '../../exit-codes.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../../capabilities.js';
import * as lazy from '../../lazy.js';
import { checkedParams, prepareCall } from '../../operations/execute.js';
import { stopBeforeSending } from '../../operations/pipeline.js';
import { recordFields } from '../../output/json-fields.js';
import { checkJsonOptions } from '../../output/json-select.js';
import { exitCodeOf } from '../../operations/report.js';
import { shellQuote } from '../../output/shell.js';
import { operationSteps } from '../pipeline.js';
import { specOf } from '../specs.js';
import { defineCommand } from '../command-def.js';
// Printing (display widths: string-width) is loaded when a summary is printed, not with every command.
import type { SectionResult, Whose } from './summary/print.js';

const HINT = 'coopctl record summary --help';

/** 4 if a section could not be read, else 1 if one failed, else 3 if none had a result, else 0. */
export function summaryExitCode(codes: readonly number[]): number {
  for (const code of [ExitCode.transport, ExitCode.failed]) if (codes.includes(code)) return code;
  return codes.every((c) => c === ExitCode.noResult) ? ExitCode.noResult : ExitCode.ok;
}

/** The opening's name comes from the registration record. */
const registration = operation('registration.show');

/**
 * The sections' reads, and the registration's when `withName`, through the
 * pre-send steps (a dry run prints each); an exit code when one stopped.
 */
async function read(
  inv: Output & Asking & Service & Settings & GivenFlags,
  sections: readonly Operation[],
  raw: Params,
  withName: boolean,
): Promise<{ results: SectionResult[]; whose: Whose } | number> {
  const params = await checkedParams(inv, sections[0]!, raw, operationSteps, HINT);
  const ops = withName ? [...sections, registration] : sections;
  const calls = await Promise.all(ops.map(async (op) => prepareCall(inv, await specOf(op), params)));
  const stop = await stopBeforeSending(operationSteps, inv, calls);
  if (stop !== undefined) return stop;
  const client = await inv.client();
  const settled = await Promise.allSettled(calls.map((c) => client.call(c.spec.op, c.request)));
  const results = settled.map((s, i): SectionResult => {
    const op = ops[i]!;
    if (s.status === 'fulfilled') return { op, result: s.value };
    if (s.reason instanceof TransportError) return { op, error: s.reason };
    throw s.reason instanceof Interrupted || inv.signal.aborted ? new Interrupted() : s.reason;
  });
  const card = String(params['usuario_cartao']);
  if (!withName) return { results, whose: { card } };
  return { results: results.slice(0, -1), whose: { card, registration: results.at(-1)! } };
}

const sections = catalogue.filter((op) => op.area === 'record');
const first = sections[0]!;

/** `summary` under the `record` group: the first section's inputs (the card), and the safety flags. */
export const summaryCommand = defineCommand({
  words: ['record', 'summary'],
  portuguese: 'resumo',
  description: (m) => m.commandsHelp.summary.description(sections.length),
  inputs: first,
  safety: true,
  takesJson: true,
  examples: () => [`coopctl record summary ${shellQuote(String(first.params[first.positional!]!.example))}`],
  async run(io, _args, _flags, _parent, inputs) {
    if (io.format === 'csv') throw new UsageError(io.m.errors.summaryCsv, HINT);
    const display = await io.display();
    await checkJsonOptions(display, [...new Set(sections.flatMap(recordFields))]);
    const forPeople = io.format === 'table' && display.width !== undefined;
    const answers = await read(io, sections, await inputs.params(), forPeople);
    if (typeof answers === 'number') return answers;
    const { results, whose } = answers;
    const { printSections } = await lazy.summaryPrint();
    await printSections(io, whose, results);
    return summaryExitCode(results.map((r) => ('error' in r ? ExitCode.transport : exitCodeOf(r.result))));
  },
});
