/**
 * From the enrolment's answers to the requests that submit it: the engine's
 * chain (the contract or the existing one, the payer, then each beneficiary
 * with its contact, documents, address and declaration answers), each step
 * labelled; and the ids known from what was sent.
 */
import { readFileSync } from 'node:fs';
import { type ContractChain, type StepKind, stepOf } from '../../../enrol/plan.js';
import type { Messages } from '../../../i18n/index.js';
import { type Answers, nameOf, sexOf, stepKey, type Enrolment, type Progress } from './answers.js';
import type { IdRef, Ids, Step } from './plan.js';
import { words as wizardWords } from './words.js';

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

/** The enrolment as the engine's chain, its requests labelled in the run's language. */
export function chainOf(m: Messages, e: Enrolment): ContractChain<Step> {
  const w = wizardWords[m.common.lang];
  const beneficiaries = e.beneficiaries.map((b, i) => {
    const who = w.stepBeneficiary(i + 1, sexOf(b));
    const from: IdRef = { kind: 'beneficiary', index: i + 1 };
    const name = nameOf(b);
    const label = name ? `${who} (${name})` : who;
    const person = step('beneficiary', stepKey(b, 'person'), label, b.person, { from: CONTRACT, defines: from });
    const documents = b.documents.map((doc, d) => {
      const content = doc.file === undefined ? undefined : base64Of(doc.file);
      const params = content === undefined ? doc.params : { ...doc.params, arquivo: content };
      const more = { from, ...(doc.file === undefined ? {} : { file: doc.file }) };
      return step('document', stepKey(b, 'document', d + 1), `${who} · ${w.stepDocument(d + 1)}`, params, more);
    });
    const answers = b.declaration.map((answer, q) => {
      const key = stepKey(b, 'declaration', q + 1);
      return step('declaration', key, `${who} · ${w.stepDeclaration(q + 1)}`, answer, {
        from,
        counted: w.declarationAnswers,
      });
    });
    const records = [
      step('contact', stepKey(b, 'contact'), `${who} · ${w.part('contact')}`, b.contact, { from }),
      ...documents,
      step('address', stepKey(b, 'address'), `${who} · ${w.part('address')}`, b.address, { from }),
      ...answers,
    ];
    return { person, records };
  });
  const payer = e.payer ? { payer: step('payer', 'payer', w.stepPayer, e.payer, { from: CONTRACT }) } : {};
  if (e.existing !== undefined) return { existing: e.existing, ...payer, beneficiaries };
  return {
    contract: step('contract', 'contract', w.stepContract, e.contract, { defines: CONTRACT }),
    ...payer,
    beneficiaries,
  };
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
