/**
 * From the enrolment's answers to the requests that submit it, in order: the
 * contract, the payer, then each beneficiary with its contact, documents,
 * address and declaration answers; and the ids known from what was sent.
 */
import { readFileSync } from 'node:fs';
import { operation } from '../../../../catalogue/index.js';
import type { Messages } from '../../../i18n/index.js';
import { nameOf, sexOf, stepKey, type Enrolment, type Progress } from './answers.js';
import { contractRef, type Ids, type Step } from './plan.js';

/** A file's content as base64, or undefined when it cannot be read (the plan's check says why). */
function base64Of(file: string): string | undefined {
  try {
    return readFileSync(file).toString('base64');
  } catch {
    return undefined;
  }
}

/** The requests of the enrolment, in order, labelled in the run's language. */
export function stepsOf(m: Messages, e: Enrolment): Step[] {
  const w = m.enrolWizard;
  const steps: Step[] = [];
  if (e.existing === undefined) {
    const op = operation('enrol.contract.create');
    const defines = { kind: 'contract' } as const;
    steps.push({ key: 'contract', op, label: w.stepContract, params: e.contract, creates: 'contrato_id', defines });
  }
  if (e.payer)
    steps.push({ key: 'payer', op: operation('enrol.payer'), label: w.stepPayer, params: e.payer, ref: contractRef });
  e.beneficiaries.forEach((b, i) => {
    const who = w.stepBeneficiary(i + 1, sexOf(b));
    const from = { kind: 'beneficiary', index: i + 1 } as const;
    const ref = { field: 'beneficiario_id', from };
    const name = nameOf(b);
    steps.push({
      key: stepKey(b, 'person'),
      op: operation('enrol.beneficiary.add'),
      label: name ? `${who} (${name})` : who,
      params: b.person,
      ref: contractRef,
      creates: 'beneficiario_id',
      defines: from,
    });
    const contact = operation('enrol.beneficiary.contact');
    steps.push({
      key: stepKey(b, 'contact'),
      op: contact,
      label: `${who} · ${w.part('contact')}`,
      params: b.contact,
      ref,
      creates: 'contato_id',
    });
    b.documents.forEach((doc, d) => {
      const content = doc.file === undefined ? undefined : base64Of(doc.file);
      const step: Step = {
        key: stepKey(b, 'document', d + 1),
        op: operation('enrol.beneficiary.document'),
        label: `${who} · ${w.stepDocument(d + 1)}`,
        params: content === undefined ? doc.params : { ...doc.params, arquivo: content },
        ref,
        creates: 'documento_id',
      };
      steps.push(doc.file === undefined ? step : { ...step, file: doc.file });
    });
    const address = operation('enrol.beneficiary.address');
    steps.push({
      key: stepKey(b, 'address'),
      op: address,
      label: `${who} · ${w.part('address')}`,
      params: b.address,
      ref,
      creates: 'endereco_id',
    });
    b.declaration.forEach((answer, q) => {
      steps.push({
        key: stepKey(b, 'declaration', q + 1),
        op: operation('enrol.beneficiary.declaration'),
        label: `${who} · ${w.stepDeclaration(q + 1)}`,
        params: answer,
        ref,
        counted: w.declarationAnswers,
      });
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
