/**
 * From the enrolment's answers to the requests that submit it, in order: the
 * contract, the payer, then each beneficiary with its contact, documents,
 * address and declaration answers; and the ids known from what was sent.
 */
import { readFileSync } from 'node:fs';
import { type StepKind, stepOf } from '../../../enrol/plan.js';
import type { Messages } from '../../../i18n/index.js';
import { type Answers, nameOf, sexOf, stepKey, type Enrolment, type Progress } from './answers.js';
import type { IdRef, Ids, Step } from './plan.js';

/** A file's content as base64, or undefined when it cannot be read (the plan's check says why). */
function base64Of(file: string): string | undefined {
  try {
    return readFileSync(file).toString('base64');
  } catch {
    return undefined;
  }
}

const CONTRACT: IdRef = { kind: 'contract' };

/** A step of the enrolment: the part's, labelled, with where its parent id comes from and what it defines. */
function step(kind: StepKind, key: string, label: string, params: Answers, more: Partial<Step> = {}): Step {
  return { ...stepOf(kind, key, params), label, ...more };
}

/** The requests of the enrolment, in order, labelled in the run's language. */
export function stepsOf(m: Messages, e: Enrolment): Step[] {
  const w = m.enrolWizard;
  const steps: Step[] = [];
  if (e.existing === undefined)
    steps.push(step('contract', 'contract', w.stepContract, e.contract, { defines: CONTRACT }));
  if (e.payer) steps.push(step('payer', 'payer', w.stepPayer, e.payer, { from: CONTRACT }));
  e.beneficiaries.forEach((b, i) => {
    const who = w.stepBeneficiary(i + 1, sexOf(b));
    const from: IdRef = { kind: 'beneficiary', index: i + 1 };
    const name = nameOf(b);
    const label = name ? `${who} (${name})` : who;
    steps.push(step('beneficiary', stepKey(b, 'person'), label, b.person, { from: CONTRACT, defines: from }));
    steps.push(step('contact', stepKey(b, 'contact'), `${who} · ${w.part('contact')}`, b.contact, { from }));
    b.documents.forEach((doc, d) => {
      const content = doc.file === undefined ? undefined : base64Of(doc.file);
      const params = content === undefined ? doc.params : { ...doc.params, arquivo: content };
      const file = doc.file === undefined ? {} : { file: doc.file };
      steps.push(
        step('document', stepKey(b, 'document', d + 1), `${who} · ${w.stepDocument(d + 1)}`, params, { from, ...file }),
      );
    });
    steps.push(step('address', stepKey(b, 'address'), `${who} · ${w.part('address')}`, b.address, { from }));
    b.declaration.forEach((answer, q) => {
      const label = `${who} · ${w.stepDeclaration(q + 1)}`;
      steps.push(
        step('declaration', stepKey(b, 'declaration', q + 1), label, answer, { from, counted: w.declarationAnswers }),
      );
    });
  });
  return steps;
}

/** The ids known: the existing or created contract's, and each created beneficiary's by place (1-based). */
export function idsOf(e: Enrolment, progress: Progress): Ids {
  const ids: Ids = { beneficiaries: new Map() };
  const contract = e.existing ?? progress.done['contract']?.id;
  if (contract !== undefined) ids.contract = contract;
  e.beneficiaries.forEach((b, i) => {
    const id = progress.done[stepKey(b, 'person')]?.id;
    if (id !== undefined) ids.beneficiaries.set(i + 1, id);
  });
  return ids;
}
