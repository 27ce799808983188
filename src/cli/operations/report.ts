/** Printing an answer (data on stdout, messages on stderr) and choosing the exit code (docs/output.md). */
import type { CallResult } from '../../client/types.js';
import {
  dataRecords,
  outcomeExitCode,
  undocumentedCodes,
  type Operation,
  type Params,
  type Row,
} from '../../catalogue/index.js';
import { ExitCode } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Output } from '../capabilities.js';
import { renderAnswer } from '../output/render.js';
import type { CommandSpec, Subject } from './spec.js';

export function exitCodeOf(result: CallResult): number {
  return result.kind === 'refused' ? ExitCode.failed : outcomeExitCode(result.outcome);
}

/**
 * The one-line explanation of a result that is not a success, in the run's
 * language, or undefined: the CLI's words for the outcome (what a read of
 * `op` with `params` found), then the service's message.
 */
export function problemOf(
  result: CallResult,
  m: Messages,
  op?: Operation,
  params: Readonly<Params> = {},
): string | undefined {
  const o = m.outcomes;
  if (result.kind === 'refused') return o.refused(result.status, result.message);
  if (result.outcome === 'no-result') return o.noResult(op, params, result.message);
  if (result.outcome === 'failed') return o.failed(result.message);
  if (result.outcome === 'undocumented')
    return o.undocumented(undocumentedCodes(result.records).join(', '), result.message);
  return undefined;
}

/** What the outcome message is said of: the parameters sent, and what was read before sending. */
export interface CallFacts {
  readonly params: Params;
  readonly subject?: Subject | undefined;
}

/** What happened, in words: the operation's outcome message, and the answer's own message after it. */
export function outcomeOf(
  m: Messages,
  spec: CommandSpec,
  facts: CallFacts,
  data: readonly Row[],
  message = '',
): string {
  const said = m.outcomes.done(spec.op, {
    params: facts.params,
    // Records of the envelope alone carry nothing to count.
    data: data.filter((r) => Object.keys(r).some((k) => k !== 'confirma_operacao' && k !== 'mensagem_erro')),
    ...(facts.subject ? { subject: facts.subject.brief } : {}),
  });
  return `${said}${m.outcomes.service(message)}`;
}

/**
 * Prints the answer in the chosen format (the command's own table when it has
 * one); when a success prints no data (an answer of the envelope alone), says
 * what happened on stderr instead. Returns the exit code.
 */
export async function reportAnswer(
  inv: Output,
  spec: CommandSpec,
  result: CallResult,
  facts: CallFacts = { params: {} },
): Promise<number> {
  const { op } = spec;
  const code = exitCodeOf(result);
  if (result.kind === 'answer') {
    const data = dataRecords(result.records);
    const text = await renderAnswer(op, result.records, data, inv.format, await inv.display(), spec.render);
    if (text) inv.out(text);
    else if (code === ExitCode.ok) inv.info(outcomeOf(inv.m, spec, facts, data, result.message));
  }
  const problem = problemOf(result, inv.m, op, facts.params);
  if (problem) await inv.notice(problem, code === ExitCode.noResult ? 'note' : 'error');
  return code;
}
