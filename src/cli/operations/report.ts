/** Printing an answer (data on stdout, messages on stderr) and choosing the exit code (GUIDE §4). */
import type { CallResult } from '../../client/types.js';
import { dataRecords, outcomeExitCode, undocumentedCodes } from '../../catalogue/index.js';
import { ExitCode } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { renderAnswer } from '../output/render.js';
import type { CommandSpec } from './spec.js';

export function exitCodeOf(result: CallResult): number {
  return result.kind === 'refused' ? ExitCode.failed : outcomeExitCode(result.outcome);
}

/** The one-line explanation of a result that is not a success, or undefined. */
export function problemOf(result: CallResult): string | undefined {
  if (result.kind === 'refused')
    return `the service refused the request: HTTP ${result.status}${result.message ? `: ${result.message}` : ''}`;
  const because = result.message ? `: ${result.message}` : '';
  if (result.outcome === 'no-result') return `no result${because}`;
  if (result.outcome === 'failed') return `the request failed${because}`;
  if (result.outcome === 'undocumented') {
    const codes = undocumentedCodes(result.records).join(', ');
    return `the service answered confirma_operacao ${codes} (meaning not documented)${because}`;
  }
  return undefined;
}

/** Prints the answer in the chosen format (the command's own table when it has one); returns the exit code. */
export async function reportAnswer(inv: Invocation, spec: CommandSpec, result: CallResult): Promise<number> {
  const { op } = spec;
  const code = exitCodeOf(result);
  if (result.kind === 'answer') {
    const text = await renderAnswer(
      op,
      result.records,
      dataRecords(result.records),
      inv.format,
      await inv.display(),
      spec.render,
    );
    if (text) inv.out(text);
    else if (code === ExitCode.ok) inv.info(`${op.name}: request OK${result.message ? ` (${result.message})` : ''}`);
  }
  const problem = problemOf(result);
  if (problem) await inv.notice(problem, code === ExitCode.noResult ? 'note' : 'error');
  return code;
}
