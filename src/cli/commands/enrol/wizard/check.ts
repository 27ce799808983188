/**
 * The whole plan checked before its first request: every step not sent yet
 * against the catalogue's rules (`validateParams`, as the request itself
 * would be), each document's file readable, at least one beneficiary. A
 * resumed draft may have been edited, or saved by an older coopctl whose
 * rules differ: nothing is sent until every problem is fixed, and all of
 * them are listed at once.
 */
import { checkPart } from '../../../enrol/plan.js';
import type { Io } from '../../../capabilities.js';
import type { Enrolment, Progress } from './answers.js';
import { fileProblem } from './ask.js';
import { idOf, type Ids, type Step } from './plan.js';
import { words as wizardWords } from './words.js';

export interface PlanProblem {
  /** The step's label: `contract`, `beneficiary 2 · contact`. */
  readonly step: string;
  readonly field: string;
  readonly message: string;
}

/** The problems of the steps not sent yet; an id still to be created is checked as its rule's example. */
export function planProblems(
  inv: Io,
  e: Enrolment,
  steps: readonly Step[],
  progress: Progress,
  ids: Ids,
): PlanProblem[] {
  const out: PlanProblem[] = [];
  const w = wizardWords[inv.lang];
  if (e.beneficiaries.length === 0) out.push({ step: w.planStep, field: 'beneficiaries', message: w.noBeneficiary });
  for (const step of steps) {
    if (progress.done[step.id]) continue;
    const checked = checkPart(step.kind, step.params, step.from && idOf(ids, step.from));
    if (!checked.ok)
      for (const err of checked.errors)
        out.push({ step: step.label, field: err.field || w.request, message: inv.m.rules.problem(err) });
    const file = step.file === undefined ? undefined : fileProblem(step.file, inv);
    if (file) out.push({ step: step.label, field: 'arquivo', message: file });
  }
  return out;
}

/** One line per problem: `<step> · <field>: <message>`. */
export function problemLines(problems: readonly PlanProblem[]): string[] {
  return problems.map((p) => `${p.step} · ${p.field}: ${p.message}`);
}
