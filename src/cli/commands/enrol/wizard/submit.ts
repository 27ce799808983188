/**
 * Submitting the enrolment: its chain sent one step after the other by the
 * enrolment engine (enrol/chain.ts), each result shown, the steps the draft
 * says were done skipped. The draft is the progress store (enrol/draft.ts):
 * a step is written as being sent before its request goes out, and as done
 * (with the id it created) once answered. When a step fails, it says what
 * was already created (ids) and the exact `coopctl enrol …` commands that
 * continue from there.
 */
import { Interrupted } from '../../../../client/errors.js';
import { sendChain } from '../../../enrol/chain.js';
import { draftStore } from '../../../enrol/draft.js';
import { type ContractChain, stepsIn } from '../../../enrol/plan.js';
import { type Outcome, StepSender, type Transport } from '../../../enrol/sender.js';
import { ExitCode } from '../../../exit-codes.js';
import { transportProblem } from '../../../run/failure.js';
import { submit } from '../../../interactive/calls.js';
import type { Io } from '../../../capabilities.js';
import { renderRows } from '../../../output/render.js';
import { operationSteps } from '../../pipeline.js';
import { specOf } from '../../specs.js';
import { stepKey } from './answers.js';
import { RESUME, type WizardState } from './draft.js';
import { continuation, createdSummary, type Done, type Step } from './plan.js';
import { idsOf } from './steps.js';
import { words as draftWords } from '../../../enrol/draft-words.js';

/** Where the submission is: the steps, what was done (before and in this run), the draft. */
interface Submission {
  readonly steps: readonly Step[];
  readonly done: Done[];
  readonly state: WizardState;
}

/** Why a step stopped the submission. */
interface Stop {
  readonly at: number;
  readonly problem: string;
  readonly code: number;
  /** The step may have been done (no answer came back). */
  readonly uncertain?: boolean;
}

/** The global options that the continuation commands need again. */
function globalWords(inv: Io): string[] {
  const g = inv.globals;
  const out: string[] = [];
  if (g.profile !== undefined) out.push('--profile', g.profile);
  if (g.tokenFile !== undefined && g.tokenFile !== '-') out.push('--token-file', g.tokenFile);
  if (g.body !== 'json') out.push('--body', g.body);
  return out;
}

/**
 * The results of the steps done, as data for programs (`-o json`, `jsonl`,
 * `csv`: `step`, `operation`, `created`, `id`). The wizard runs on a terminal,
 * where the ✔ lines said what each step created as it was done: a table would
 * say it again, and open the pager, so `table` prints none (docs/decisions.md).
 */
async function printResults(inv: Io, done: readonly Done[]): Promise<void> {
  if (done.length === 0 || inv.format === 'table') return;
  const created = (d: Done) => (d.step.creates && d.id !== undefined ? d.step.creates : '');
  const rows = done.map((d) => ({
    step: d.step.label,
    operation: d.step.op.name,
    created: created(d),
    id: d.id ?? '',
  }));
  inv.out(await renderRows(['step', 'operation', 'created', 'id'], rows, inv.format, await inv.display()));
}

function sayContinuation(inv: Io, sub: Submission, at: number): void {
  const { state } = sub;
  const rest = sub.steps.slice(at).filter((s) => !state.progress.done[s.id]);
  if (!rest.length) return;
  inv.say(draftWords[inv.lang].continueByHand);
  for (const line of continuation(inv.m, rest, idsOf(state.e, state.progress), globalWords(inv))) inv.say(`  ${line}`);
}

/** Says what was created and how to continue from the step that stopped; returns its code. */
async function stopped(inv: Io, sub: Submission, stop: Stop): Promise<number> {
  await printResults(inv, sub.done);
  const step = sub.steps[stop.at];
  const said = draftWords[inv.lang];
  await inv.notice(step ? said.failedAt(step.label, stop.problem) : stop.problem, 'error');
  inv.say(said.alreadyCreated(createdSummary(inv.m, sub.done)));
  if (stop.uncertain && step) {
    const { contract } = idsOf(sub.state.e, sub.state.progress);
    const check = contract
      ? `coopctl enrol contract search --contrato-id ${contract}`
      : 'coopctl enrol contract search';
    inv.say(said.unknownWhether(step.label, RESUME, check));
  }
  sayContinuation(inv, sub, stop.at);
  return stop.code;
}

/** The wizard's requests: through the operation steps' pre-send ones (a dry run stops before sending), on the run's client. */
function transportOf(inv: Io): Transport<Step> {
  const said = draftWords[inv.lang];
  return async (step, params) => {
    const sent = await submit(inv, await specOf(step.op), params, operationSteps);
    if (sent.kind === 'stopped') return { ok: false, message: said.stoppedBefore, code: sent.code };
    if (sent.code === ExitCode.ok) return { ok: true, records: sent.records };
    // A 5xx may come after the service did the work: in doubt, as when no answer comes.
    const doubt = sent.result.kind === 'refused' && sent.result.status >= 500;
    return { ok: false, message: sent.problem ?? said.failed, code: sent.code, doubt };
  };
}

/** What a beneficiary's `sending` keeps: the lives of the contract the enrolment created, as far as it knows. */
function livesOf(state: WizardState): (step: Step) => number | undefined {
  const { e, progress } = state;
  return (step) =>
    step.kind !== 'beneficiary' || e.existing !== undefined
      ? undefined
      : e.beneficiaries.filter((b) => progress.done[stepKey(b, 'person')]).length;
}

/**
 * Sends every step not done yet in order, stopping at the first that does
 * not succeed; `save` writes the draft before and after each request.
 * Returns the exit code.
 */
export async function submitAll(
  inv: Io,
  state: WizardState,
  chain: ContractChain<Step>,
  save: () => void,
): Promise<number> {
  const steps = stepsIn(chain);
  const { done: already } = state.progress;
  const sub: Submission = {
    steps,
    done: steps.filter((s) => already[s.id]).map((s) => ({ step: s, ...already[s.id] })),
    state,
  };
  const said = draftWords[inv.lang];
  const style = await inv.style('stderr');
  let stop: Stop | undefined;
  const settled = (step: Step, out: Outcome) => {
    if (!out.ok)
      stop ??= {
        at: steps.indexOf(step),
        problem: out.message,
        code: out.code ?? ExitCode.transport,
        uncertain: out.doubt === true,
      };
    if (!out.ok || out.skipped) return;
    const id = out.id === undefined ? undefined : String(out.id);
    sub.done.push(id === undefined ? { step } : { step, id });
    const what = id === undefined ? said.done : said.created(step.creates!, id);
    inv.info(`${step.label}${what}`, (safe) => `${style.green('✔')} ${safe}`);
  };
  const store = draftStore(state.progress, save, livesOf(state));
  const sender = new StepSender({
    store,
    transport: transportOf(inv),
    concurrency: 1,
    noId: said.noId,
    noAnswer: (err) => transportProblem(err, inv.m),
  });
  try {
    await sendChain(
      chain,
      sender,
      { perContract: 1, sequential: true },
      {
        contract: (out) => settled(chain.contract!, out),
        payer: (out) => settled(chain.payer!, out),
        beneficiary: (b, out) => settled(b.person, out),
        record: (_b, step, out) => settled(step, out),
      },
    );
  } catch (err) {
    if (err instanceof Interrupted || inv.ctx.signal.aborted) {
      const at = steps.findIndex((s) => s.id === state.progress.sending?.key);
      await stopped(inv, sub, { at, problem: said.interrupted, code: ExitCode.interrupted, uncertain: true });
    }
    throw err;
  }
  // A step left unsent without a failure: an id it needs is not known (a draft edited by hand).
  const unsent = steps.findIndex((s) => !state.progress.done[s.id]);
  if (!stop && unsent >= 0) stop = { at: unsent, problem: said.idUnknown, code: ExitCode.failed };
  if (stop) return stopped(inv, sub, stop);
  await printResults(inv, sub.done);
  return ExitCode.ok;
}
