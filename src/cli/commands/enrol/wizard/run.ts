/**
 * `enrol wizard`: contract → payer → one or more beneficiaries, each with
 * contact, documents, address and health-declaration answers (collect.ts) →
 * the review screen, where any section may be edited (review.ts) → the whole
 * plan checked (check.ts) → submitted step by step (submit.ts). Nothing is
 * sent before Submit is chosen. The work is kept in a private draft
 * (draft.ts): Ctrl-C, quitting at the review or a failed send leave it, and
 * `--resume` goes on from it without sending anything twice.
 */
import { operation } from '../../../../catalogue/index.js';
import { operationUrl } from '../../../../client/request.js';
import { lockDraft, removeDraft } from '../../../drafts.js';
import { ExitCode, UsageError } from '../../../exit-codes.js';
import { interrupted } from '../../../failure.js';
import { DECLINED } from '../../../interactive/calls.js';
import type { Invocation } from '../../../invocation.js';
import { answeredAnything, newEnrolment } from './answers.js';
import type { Asking } from './beneficiary.js';
import { planProblems, problemLines } from './check.js';
import { askSection, collect, startBeneficiary, type EnrolWizardOptions } from './collect.js';
import { settleDoubt } from './doubt.js';
import { draftLine, draftsWaiting, newState, pickDraft, RESUME, saveState, type WizardState } from './draft.js';
import { chooseAction, removeBeneficiary, reviewLines } from './review.js';
import type { Ids, Step } from './plan.js';
import { idsOf, stepsOf } from './steps.js';
import { submitAll } from './submit.js';

const HINT = 'coopctl enrol wizard --help';

const beneficiariesText = (n: number) => `${n} beneficiar${n === 1 ? 'y' : 'ies'}`;

/** It asks on a terminal only; --contrato-id must be a contract id, and is not for a resumed draft. */
function checkStart(inv: Invocation, options: EnrolWizardOptions): void {
  if (!inv.interactive) {
    throw new UsageError(
      'enrol wizard asks its questions on a terminal: stdin and stdout must be TTYs, without --no-input (use the enrol commands, or enrol batch, in scripts)',
      HINT,
    );
  }
  if (options.contratoId === undefined) return;
  if (options.resume)
    throw new UsageError('--resume goes on with the draft’s own contract: leave out --contrato-id', HINT);
  const problem = operation('enrol.payer').params['contrato_id']!.schema.safeParse(options.contratoId);
  if (!problem.success)
    throw new UsageError(`--contrato-id: ${problem.error.issues[0]?.message ?? 'is not valid'}`, HINT);
}

/** The base URL the enrolment requests go to. */
async function serviceOf(inv: Invocation): Promise<string> {
  const op = operation('enrol.contract.create');
  const url = operationUrl(op, await inv.target(op.host)).href;
  return url.slice(0, url.length - op.path.length);
}

/** A new enrolment, or the draft to go on with (only on the service it was being sent to). */
async function start(inv: Invocation, options: EnrolWizardOptions, service: string): Promise<WizardState> {
  if (!options.resume) {
    inv.say(
      'Enrolment: contract → payer → beneficiaries (contact, documents, address, health declaration). You review every answer before anything is sent; Ctrl-C keeps a draft.',
    );
    const waiting = draftsWaiting(inv);
    if (waiting) inv.say(waiting);
    inv.say();
    return newState(inv, newEnrolment(options.contratoId), service);
  }
  const state = await pickDraft(inv);
  const sent = Object.keys(state.progress.done).length > 0 || state.progress.sending !== undefined;
  if (sent && state.service !== service)
    throw new UsageError(
      `the draft ${state.path} was being sent to ${state.service}, and this run sends to ${service}: resume it with the same profile (or COOPCTL_BASE_URL)`,
      HINT,
    );
  state.service = service;
  inv.say(`Going on with the enrolment draft: ${draftLine(state)}.`);
  return state;
}

/** The review screen. */
async function review(inv: Invocation, s: WizardState): Promise<void> {
  const style = await inv.style('stderr');
  const sent = Object.keys(s.progress.done).length;
  inv.say();
  inv.say(`Review the enrolment${sent ? ` (✔ sent)` : ' (nothing is sent before Submit)'}`, style.bold);
  for (const line of reviewLines(s.e, s.progress)) inv.say(line);
  inv.say();
  inv.say('Editing a section asks its questions again: Enter keeps an answer, Tab edits it, Backspace clears it.');
}

/** What Submit sends, in words. */
function submitText(s: WizardState, left: number, total: number): string {
  if (left === 0) return '(everything was sent: finish)';
  if (left < total) return `the ${left} request${left === 1 ? '' : 's'} not sent yet`;
  const contract = s.e.existing === undefined ? 'the contract and ' : '';
  const to = s.e.existing === undefined ? '' : ` to contract ${s.e.existing}`;
  return `${contract}${beneficiariesText(s.e.beneficiaries.length)}${to} (${total} requests)`;
}

/** Saves the draft and says where, and how to go on. */
function keep(inv: Invocation, s: WizardState): void {
  saveState(s);
  inv.say(`The enrolment is saved in ${s.path} (private); ${RESUME} goes on from here.`);
}

/**
 * Submit: the whole plan checked first (its problems listed, and back to the
 * review: undefined), then sent; the draft is deleted once everything is done,
 * and kept otherwise. The exit code.
 */
async function submitted(
  inv: Invocation,
  s: WizardState,
  steps: readonly Step[],
  ids: Ids,
  save: () => void,
): Promise<number | undefined> {
  const problems = planProblems(inv, s.e, steps, s.progress, ids);
  if (problems.length) {
    const counted = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    await inv.notice(`the enrolment cannot be sent yet: ${counted} (nothing was sent)`, 'error');
    for (const line of problemLines(problems)) inv.say(`  ${line}`);
    inv.say('Edit the sections to fix them.');
    return undefined;
  }
  const code = await submitAll(inv, s, steps, ids, save);
  if (code !== ExitCode.ok) {
    keep(inv, s);
    return code;
  }
  removeDraft(s.path);
  inv.info(`Enrolled ${beneficiariesText(s.e.beneficiaries.length)} on contract ${ids.contract}.`);
  return ExitCode.ok;
}

/** The review loop: edits until Submit (once the plan is valid), quit or discard; the exit code. */
async function reviewLoop(inv: Invocation, s: WizardState, save: () => void): Promise<number> {
  const asking: Asking = { inv, e: s.e, sent: (key) => s.progress.done[key] !== undefined };
  for (;;) {
    const steps = stepsOf(s.e);
    if ((await settleDoubt(inv, s, steps, idsOf(s.e, s.progress).contract)) === 'quit') {
      keep(inv, s);
      return DECLINED;
    }
    save();
    await review(inv, s);
    const left = steps.filter((step) => !s.progress.done[step.key]).length;
    const action = await chooseAction(inv, s.e, s.progress, submitText(s, left, steps.length));
    if (action.kind === 'submit') {
      const code = await submitted(inv, s, steps, idsOf(s.e, s.progress), save);
      if (code !== undefined) return code;
    } else if (action.kind === 'edit') await askSection(asking, action.section);
    else if (action.kind === 'add') {
      startBeneficiary(s.e);
      await collect(asking, save);
    } else if (action.kind === 'remove') await removeBeneficiary(inv, s.e, s.progress);
    else if (action.kind === 'quit') {
      await inv.notice('not sent', 'note');
      keep(inv, s);
      return DECLINED;
    } else {
      const message = 'Discard this enrolment? Its answers cannot be recovered';
      if (!(await inv.ctx.prompter.confirm({ message, default: false }))) continue;
      removeDraft(s.path);
      const sent = left < steps.length;
      await inv.notice(sent ? 'discarded: what was sent stays sent' : 'cancelled: nothing was sent', 'note');
      return DECLINED;
    }
    save();
  }
}

export async function runEnrolWizard(inv: Invocation, options: EnrolWizardOptions = {}): Promise<number> {
  checkStart(inv, options);
  const s = await start(inv, options, await serviceOf(inv));
  const release = lockDraft(s.path, 'coopctl enrol wizard');
  const worthKeeping = () => answeredAnything(s.e) || Object.keys(s.progress.done).length > 0;
  const save = () => {
    if (worthKeeping()) saveState(s);
  };
  try {
    await collect({ inv, e: s.e, sent: (key) => s.progress.done[key] !== undefined }, save);
    return await reviewLoop(inv, s, save);
  } catch (err) {
    // Whatever stopped it (Ctrl-C, a failure), what was typed and sent is kept.
    if (interrupted(err, inv.ctx) && s.progress.sending)
      s.progress.sending = { ...s.progress.sending, problem: 'interrupted' };
    try {
      if (worthKeeping()) keep(inv, s);
    } catch (failed) {
      inv.say(`The draft could not be saved: ${(failed as Error).message}`);
    }
    throw err;
  } finally {
    release();
  }
}
