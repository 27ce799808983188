/**
 * Submitting the enrolment step by step, showing each result, skipping the
 * steps a draft says were done. The draft follows each request: the step is
 * written as being sent before its request goes out, and as done (with the id
 * it created) once answered. When a step fails, it says what was already
 * created (ids) and the exact `coopctl enrol …` commands that continue from
 * there.
 */
import { Interrupted, TransportError } from '../../../../client/errors.js';
import { ExitCode } from '../../../exit-codes.js';
import { createdId, submit, type Submitted } from '../../../interactive/calls.js';
import type { Invocation } from '../../../invocation.js';
import { renderRows } from '../../../output/render.js';
import { specOf } from '../../specs.js';
import { stepKey } from './answers.js';
import { RESUME, type WizardState } from './draft.js';
import { continuation, createdSummary, paramsOf, type Done, type Ids, type Step } from './plan.js';

/** Where the submission is: the steps, what was done (before and in this run), the ids known. */
interface Progress {
  readonly steps: readonly Step[];
  readonly done: Done[];
  readonly ids: Ids;
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
function globalWords(inv: Invocation): string[] {
  const g = inv.globals;
  const out: string[] = [];
  if (g.profile !== undefined) out.push('--profile', g.profile);
  if (g.tokenFile !== undefined && g.tokenFile !== '-') out.push('--token-file', g.tokenFile);
  if (g.body !== 'json') out.push('--body', g.body);
  return out;
}

/**
 * The results of the steps done. A table for people says what each step was
 * and what it created, headed in the run's language; JSON and CSV keep their
 * keys (`step`, `operation`, `created`, `id`) for programs.
 */
async function printResults(inv: Invocation, done: readonly Done[]): Promise<void> {
  if (done.length === 0) return;
  const created = (d: Done) => (d.step.creates && d.id !== undefined ? d.step.creates : '');
  const style = await inv.style('stdout');
  if (inv.format === 'table') {
    const c = inv.m.enrolDrafts.columns;
    const rows = done.map((d) => ({ [c.step]: d.step.label, [c.created]: created(d), [c.id]: d.id ?? '' }));
    inv.out(await renderRows([c.step, c.created, c.id], rows, inv.format, style));
    return;
  }
  const rows = done.map((d) => ({
    step: d.step.label,
    operation: d.step.op.name,
    created: created(d),
    id: d.id ?? '',
  }));
  inv.out(await renderRows(['step', 'operation', 'created', 'id'], rows, inv.format, await inv.display()));
}

function sayContinuation(inv: Invocation, progress: Progress, at: number): void {
  const rest = progress.steps.slice(at).filter((s) => !progress.state.progress.done[s.id]);
  if (!rest.length) return;
  inv.say(inv.m.enrolDrafts.continueByHand);
  for (const line of continuation(inv.m, rest, progress.ids, globalWords(inv))) inv.say(`  ${line}`);
}

/** Says what was created and how to continue from the step that stopped; returns its code. */
async function stopped(inv: Invocation, progress: Progress, stop: Stop): Promise<number> {
  await printResults(inv, progress.done);
  const step = progress.steps[stop.at];
  const said = inv.m.enrolDrafts;
  await inv.notice(step ? said.failedAt(step.label, stop.problem) : stop.problem, 'error');
  inv.say(said.alreadyCreated(createdSummary(inv.m, progress.done)));
  if (stop.uncertain && step) {
    const { contract } = progress.ids;
    const check = contract
      ? `coopctl enrol contract search --contrato-id ${contract}`
      : 'coopctl enrol contract search';
    inv.say(said.unknownWhether(step.label, RESUME, check));
  }
  sayContinuation(inv, progress, stop.at);
  return stop.code;
}

/** Sends one step; a Stop when no answer came back (an interruption is reported, then thrown on). */
async function send(inv: Invocation, progress: Progress, at: number): Promise<Submitted | Stop> {
  const step = progress.steps[at]!;
  const params = paramsOf(step, progress.ids);
  if (!params) return { at, problem: inv.m.enrolDrafts.idUnknown, code: ExitCode.failed };
  try {
    return await submit(inv, specOf(step.op), params);
  } catch (err) {
    if (err instanceof TransportError) return { at, problem: err.message, code: ExitCode.transport, uncertain: true };
    if (err instanceof Interrupted || inv.ctx.signal.aborted)
      await stopped(inv, progress, {
        at,
        problem: inv.m.enrolDrafts.interrupted,
        code: ExitCode.interrupted,
        uncertain: true,
      });
    throw err;
  }
}

/**
 * Records a step's answer: its id, and the ids later steps need. A step whose
 * id later steps need but whose answer carries none stays in doubt (a Stop):
 * done, but unnamed.
 */
function record(
  inv: Invocation,
  progress: Progress,
  at: number,
  sent: Extract<Submitted, { kind: 'answered' }>,
): Stop | string | undefined {
  const step = progress.steps[at]!;
  const { state } = progress;
  const id = step.creates ? createdId(sent.records, step.creates) : undefined;
  if (step.defines && id === undefined) {
    const problem = inv.m.enrolDrafts.noId(step.creates!);
    state.progress.sending = { ...state.progress.sending!, problem };
    return { at, problem, code: ExitCode.transport, uncertain: true };
  }
  progress.done.push(id === undefined ? { step } : { step, id });
  state.progress.done[step.id] = id === undefined ? {} : { id };
  delete state.progress.sending;
  if (step.defines?.kind === 'contract') progress.ids.contract = id;
  else if (step.defines?.kind === 'beneficiary') progress.ids.beneficiaries.set(step.defines.index, id!);
  return id;
}

/** Written before a request goes out: the step, and for a beneficiary the lives its contract has as far as the enrolment knows. */
function sending(state: WizardState, step: Step): NonNullable<WizardState['progress']['sending']> {
  if (step.defines?.kind !== 'beneficiary' || state.e.existing !== undefined) return { key: step.id };
  const done = state.progress.done;
  const lives = state.e.beneficiaries.filter((b) => done[stepKey(b, 'person')]).length;
  return { key: step.id, lives };
}

/**
 * Runs every step not done yet in order, stopping at the first that does not
 * succeed; `save` writes the draft before and after each request. Returns
 * the exit code.
 */
export async function submitAll(
  inv: Invocation,
  state: WizardState,
  steps: readonly Step[],
  ids: Ids,
  save: () => void,
): Promise<number> {
  const before = steps.filter((s) => state.progress.done[s.id]);
  const done = before.map((step) => ({ step, ...state.progress.done[step.id] }));
  const progress: Progress = { steps, done, ids, state };
  const style = await inv.style('stderr');
  for (const [i, step] of steps.entries()) {
    if (state.progress.done[step.id]) continue;
    state.progress.sending = sending(state, step);
    save();
    const sent = await send(inv, progress, i);
    const stop = (s: Stop) => {
      // A refusal (or a stop before sending) did nothing; no answer leaves the step in doubt.
      if (s.code === ExitCode.transport) state.progress.sending = { ...state.progress.sending!, problem: s.problem };
      else delete state.progress.sending;
      save();
      return stopped(inv, progress, s);
    };
    if ('at' in sent) return stop(sent);
    const said = inv.m.enrolDrafts;
    if (sent.kind === 'stopped') return stop({ at: i, problem: said.stoppedBefore, code: sent.code });
    if (sent.code !== ExitCode.ok) return stop({ at: i, problem: sent.problem ?? said.failed, code: sent.code });
    const id = record(inv, progress, i, sent);
    save();
    if (typeof id === 'object') return stopped(inv, progress, id);
    const what = id === undefined ? said.done : said.created(step.creates!, id);
    inv.info(`${step.label}${what}`, (safe) => `${style.green('✔')} ${safe}`);
  }
  await printResults(inv, progress.done);
  return ExitCode.ok;
}
