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
import { maskUrl } from '../../../../catalogue/mask.js';
import { operationUrl } from '../../../../client/request.js';
import { type HealthQuestions, parseHealthQuestions } from '../../../config/health-questions.js';
import { lockDraft, removeDraft } from '../../../drafts.js';
import { ExitCode, UsageError } from '../../../exit-codes.js';
import { interrupted } from '../../../run/failure.js';
import { ruleProblem } from '../../../interactive/fields.js';
import { DECLINED } from '../../../interactive/calls.js';
import type { Io } from '../../../capabilities.js';
import { answeredAnything, newEnrolment } from './answers.js';
import type { Asking } from './beneficiary.js';
import { planProblems, problemLines } from './check.js';
import { collect, startBeneficiary, type EnrolWizardOptions } from './collect.js';
import { settleDoubt } from './doubt.js';
import { draftLine, draftsWaiting, newState, pickDraft, RESUME, saveState, type WizardState } from './draft.js';
import { editSection } from './edit.js';
import { chooseAction, fitReview, removeBeneficiary, reviewLines, titleOf } from './review.js';
import type { Step } from './plan.js';
import { type ContractChain, stepsIn } from '../../../enrol/plan.js';
import { chainOf, idsOf } from './steps.js';
import { submitAll } from './submit.js';
import { words as wizardWords } from './words.js';
import { words as draftWords } from '../../../enrol/draft-words.js';

const HINT = 'coopctl enrol wizard --help';

/** It asks on a terminal only; --contrato-id must be a contract id, and is not for a resumed draft. */
function checkStart(inv: Io, options: EnrolWizardOptions): void {
  const said = draftWords[inv.lang];
  if (!inv.interactive) throw new UsageError(said.notATerminal, HINT);
  if (options.contratoId === undefined) return;
  if (options.resume) throw new UsageError(said.resumeWithContract, HINT);
  const problem = ruleProblem(inv.m, operation('enrol.payer').params['contrato_id']!, options.contratoId);
  if (problem) throw new UsageError(`--contrato-id: ${problem}`, HINT);
}

/** The base URL the enrolment requests go to. */
async function serviceOf(inv: Io): Promise<string> {
  const op = operation('enrol.contract.create');
  const url = operationUrl(op, await inv.target(op.host)).href;
  return url.slice(0, url.length - op.path.length);
}

/** A new enrolment, or the draft to go on with (only on the service it was being sent to). */
async function start(inv: Io, options: EnrolWizardOptions, service: string): Promise<WizardState> {
  const said = draftWords[inv.lang];
  if (!options.resume) {
    inv.say(said.intro);
    const waiting = draftsWaiting(inv);
    if (waiting) inv.say(waiting);
    inv.say();
    return newState(inv, newEnrolment(options.contratoId), service);
  }
  const state = await pickDraft(inv);
  const sent = Object.keys(state.progress.done).length > 0 || state.progress.sending !== undefined;
  if (sent && state.service !== service)
    throw new UsageError(said.otherService(state.path, maskUrl(state.service), maskUrl(service)), HINT);
  state.service = service;
  inv.say(said.goingOn(draftLine(inv, state)));
  return state;
}

/** The texts of the health-declaration questions (the healthQuestions setting): none when it is unset or malformed. */
async function questionTexts(inv: Io): Promise<HealthQuestions> {
  const value = (await inv.settings()).healthQuestions.value;
  const parsed = value === undefined ? undefined : parseHealthQuestions(value);
  return parsed?.ok ? parsed.pairs : new Map();
}

/** The review screen; then, after a Submit that found problems, those problems, last, right above the menu. */
async function review(inv: Io, s: WizardState, texts: HealthQuestions, problems: readonly string[]): Promise<void> {
  const style = await inv.style('stderr');
  const sent = Object.keys(s.progress.done).length;
  inv.say();
  const w = wizardWords[inv.lang];
  inv.say(w.reviewTitle(sent > 0), style.bold);
  // Fitted to a terminal's width; a stream that has none (a test's capture) gets the lines whole.
  const columns = inv.ctx.screen.columns ?? Number.POSITIVE_INFINITY;
  for (const line of fitReview(reviewLines(inv.m, s.e, s.progress, texts), columns)) inv.say(line);
  inv.say();
  for (const line of fitReview([w.reviewHelp], columns)) inv.say(line);
  if (problems.length === 0) return;
  inv.say();
  await inv.notice(w.cannotSend(problems.length), 'error');
  for (const line of problems) inv.say(`  ${line}`);
  inv.say(w.fixSections);
}

/** What Submit sends, in words. */
function submitText(inv: Io, s: WizardState, left: number, total: number): string {
  const w = wizardWords[inv.lang];
  if (left === 0) return w.submitDone;
  if (left < total) return w.submitLeft(left);
  return w.submitAll(w.beneficiaries(s.e.beneficiaries.length), s.e.existing, total);
}

/** Saves the draft and says where, and how to go on. */
function keep(inv: Io, s: WizardState): void {
  saveState(s);
  inv.say(draftWords[inv.lang].kept(s.path, RESUME));
}

/**
 * Submit: the whole plan checked first (its problems' lines returned: back to
 * the review, which shows them last), then sent; the draft is deleted once
 * everything is done, and kept otherwise. The exit code.
 */
async function submitted(
  inv: Io,
  s: WizardState,
  chain: ContractChain<Step>,
  save: () => void,
): Promise<number | { readonly problems: string[] }> {
  const problems = planProblems(inv, s.e, stepsIn(chain), s.progress, idsOf(s.e, s.progress));
  if (problems.length) return { problems: problemLines(problems) };
  const code = await submitAll(inv, s, chain, save);
  if (code !== ExitCode.ok) {
    keep(inv, s);
    return code;
  }
  removeDraft(s.path);
  inv.info(draftWords[inv.lang].enrolled(s.e.beneficiaries.length, idsOf(s.e, s.progress).contract!));
  return ExitCode.ok;
}

/** The review loop: edits until Submit (once the plan is valid), quit or discard; the exit code. */
async function reviewLoop(inv: Io, s: WizardState, asking: Asking, save: () => void): Promise<number> {
  /** What the last Submit found, shown under the review that follows it. */
  let problems: string[] = [];
  for (;;) {
    const chain = chainOf(inv.m, s.e);
    const steps = stepsIn(chain);
    if ((await settleDoubt(inv, s, steps)) === 'quit') {
      keep(inv, s);
      return DECLINED;
    }
    save();
    await review(inv, s, asking.texts, problems);
    problems = [];
    const left = steps.filter((step) => !s.progress.done[step.id]).length;
    const action = await chooseAction(inv, s.e, s.progress, submitText(inv, s, left, steps.length));
    if (action.kind === 'submit') {
      const outcome = await submitted(inv, s, chain, save);
      if (typeof outcome === 'number') return outcome;
      problems = outcome.problems;
    } else if (action.kind === 'edit') await editSection(asking, action.section, titleOf(inv.m, s.e, action.section));
    else if (action.kind === 'add') {
      startBeneficiary(s.e);
      await collect(asking, save);
    } else if (action.kind === 'remove') await removeBeneficiary(inv, s.e, s.progress);
    else if (action.kind === 'quit') {
      await inv.notice(draftWords[inv.lang].notSent, 'note');
      keep(inv, s);
      return DECLINED;
    } else {
      const message = wizardWords[inv.lang].discardConfirm;
      if (!(await inv.ctx.prompter.confirm({ message, default: false }))) continue;
      removeDraft(s.path);
      const sent = left < steps.length;
      await inv.notice(sent ? draftWords[inv.lang].discarded : inv.m.common.nothingSent, 'note');
      return DECLINED;
    }
    save();
  }
}

/** `--discard`: the draft picked (as --resume picks it), deleted once the person says so. */
async function discardDraft(inv: Io): Promise<number> {
  const s = await pickDraft(inv);
  inv.say(draftLine(inv, s));
  const message = wizardWords[inv.lang].discardConfirm;
  if (!(await inv.ctx.prompter.confirm({ message, default: false }))) return DECLINED;
  const release = lockDraft(inv.m, s.path, 'coopctl enrol wizard');
  try {
    removeDraft(s.path);
  } finally {
    release();
  }
  const sent = Object.keys(s.progress.done).length > 0;
  await inv.notice(sent ? draftWords[inv.lang].discarded : inv.m.common.nothingSent, 'note');
  return ExitCode.ok;
}

export async function runEnrolWizard(inv: Io, options: EnrolWizardOptions = {}): Promise<number> {
  checkStart(inv, options);
  if (options.discard) return discardDraft(inv);
  const s = await start(inv, options, await serviceOf(inv));
  const texts = await questionTexts(inv);
  const release = lockDraft(inv.m, s.path, 'coopctl enrol wizard');
  const worthKeeping = () => answeredAnything(s.e) || Object.keys(s.progress.done).length > 0;
  const save = () => {
    if (worthKeeping()) saveState(s);
  };
  try {
    const asking: Asking = { inv, e: s.e, sent: (key) => s.progress.done[key] !== undefined, texts };
    await collect(asking, save);
    return await reviewLoop(inv, s, asking, save);
  } catch (err) {
    // Whatever stopped it (Ctrl-C, a failure), what was typed and sent is kept.
    if (interrupted(err, inv.ctx) && s.progress.sending)
      s.progress.sending = { ...s.progress.sending, problem: draftWords[inv.lang].interrupted };
    try {
      if (worthKeeping()) keep(inv, s);
    } catch (failed) {
      inv.say(draftWords[inv.lang].notSaved((failed as Error).message));
    }
    throw err;
  } finally {
    release();
  }
}
