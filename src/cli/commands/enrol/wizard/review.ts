/**
 * The review screen: the enrolment in numbered sections (1 Contract, 2 Payer,
 * 3 Beneficiary 1 (holder), …) with every answer, what was sent marked ✔;
 * then the choice: submit, edit a section (typing its number goes to it),
 * add or remove a beneficiary, quit keeping the draft, or discard.
 */
import { statSync } from 'node:fs';
import { operation, type OperationId } from '../../../../catalogue/index.js';
import type { Messages } from '../../../i18n/index.js';
import type { Invocation } from '../../../invocation.js';
import type { Choice } from '../../../prompter.js';
import {
  nameOf,
  stepKey,
  text,
  type Answers,
  type BeneficiaryAnswers,
  type Enrolment,
  type Progress,
} from './answers.js';
import type { Section } from './collect.js';

export type Action =
  | { readonly kind: 'submit' }
  | { readonly kind: 'edit'; readonly section: Section }
  | { readonly kind: 'add' | 'remove' | 'quit' | 'discard' };

/** Answers to the questions of operation `id`, each after its field's label: `Nome: Ana Souza · CPF: 529.982.247-25`. */
const pairs = (m: Messages, id: OperationId, a: Answers) => {
  const fields = operation(id).params;
  return Object.entries(a)
    .map(([k, v]) => `${Object.hasOwn(fields, k) ? m.common.said(fields[k]!.words.label) : k}: ${text(v)}`)
    .join(' · ');
};

function fileText(m: Messages, file: string): string {
  try {
    return m.enrolWizard.fileSize(file, statSync(file).size);
  } catch {
    return m.enrolWizard.fileUnreadable(file);
  }
}

/** The step keys of a section. */
function keysOf(e: Enrolment, section: Section): string[] {
  if (section.kind !== 'beneficiary') return [section.kind];
  const b = e.beneficiaries[section.index]!;
  return [
    stepKey(b, 'person'),
    stepKey(b, 'contact'),
    ...b.documents.map((_, d) => stepKey(b, 'document', d + 1)),
    stepKey(b, 'address'),
    ...b.declaration.map((_, q) => stepKey(b, 'declaration', q + 1)),
  ];
}

/** The sections in order: the contract (a new one), the payer, each beneficiary. */
export function sectionsOf(e: Enrolment): Section[] {
  const out: Section[] = e.existing === undefined ? [{ kind: 'contract' }] : [];
  out.push({ kind: 'payer' });
  for (let index = 0; index < e.beneficiaries.length; index++) out.push({ kind: 'beneficiary', index });
  return out;
}

/** How much of a section was sent. */
export function sentOf(e: Enrolment, progress: Progress, section: Section): 'all' | 'some' | 'none' {
  const keys = keysOf(e, section);
  const n = keys.filter((k) => progress.done[k]).length;
  return n === 0 ? 'none' : n === keys.length ? 'all' : 'some';
}

export function titleOf(m: Messages, e: Enrolment, section: Section): string {
  const w = m.enrolWizard;
  if (section.kind === 'contract') return w.contract;
  if (section.kind === 'payer') return e.payer === null ? w.payerNone : w.payer;
  const b = e.beneficiaries[section.index]!;
  const holder = e.existing === undefined && section.index === 0 ? ` ${w.holder}` : '';
  const name = nameOf(b);
  return `${w.beneficiary(section.index + 1)}${holder}${name ? ` · ${name}` : ''}`;
}

function beneficiaryLines(m: Messages, b: BeneficiaryAnswers, mark: (key: string) => string): string[] {
  const w = m.enrolWizard;
  const line = (key: string, label: string, body: string) => `  ${mark(key)} ${label.padEnd(12)} ${body}`;
  const out = [
    line(stepKey(b, 'person'), w.part('person'), pairs(m, 'enrol.beneficiary.add', b.person)),
    line(stepKey(b, 'contact'), w.part('contact'), pairs(m, 'enrol.beneficiary.contact', b.contact)),
  ];
  b.documents.forEach((doc, d) => {
    const fileLabel = m.common.said(operation('enrol.beneficiary.document').params['arquivo']!.words.label);
    const file = doc.file === undefined ? '' : ` · ${fileLabel}: ${fileText(m, doc.file)}`;
    out.push(
      line(
        stepKey(b, 'document', d + 1),
        w.stepDocument(d + 1),
        `${pairs(m, 'enrol.beneficiary.document', doc.params)}${file}`,
      ),
    );
  });
  if (b.documents.length === 0) out.push(`    ${w.part('documents').padEnd(12)} ${w.noDocuments}`);
  out.push(line(stepKey(b, 'address'), w.part('address'), pairs(m, 'enrol.beneficiary.address', b.address)));
  const answers = b.declaration.map((a, q) => {
    const details = a['descricao'] === undefined ? '' : ` (${text(a['descricao'])})`;
    return `${mark(stepKey(b, 'declaration', q + 1)).trim()}${q + 1}: ${text(a['resposta'])}${details}`;
  });
  const form = b.declaration[0] ? w.form(text(b.declaration[0]['formulario_id'])) : '';
  out.push(
    `    ${w.part('declaration').padEnd(12)} ${answers.length ? `${form}${answers.join(' · ')}` : w.noQuestions}`,
  );
  return out;
}

/** The review screen's lines (shown on stderr). */
export function reviewLines(m: Messages, e: Enrolment, progress: Progress): string[] {
  const w = m.enrolWizard;
  const mark = (key: string) => {
    const done = progress.done[key];
    return done ? '✔' : ' ';
  };
  const out: string[] = [];
  if (e.existing !== undefined) out.push(`  ${w.existingContract(e.existing)}`);
  sectionsOf(e).forEach((section, i) => {
    const sent = sentOf(e, progress, section);
    const done = sent === 'all' ? w.sent : sent === 'some' ? w.partlySent : '';
    const contract = section.kind === 'contract' && progress.done['contract']?.id;
    out.push(`${i + 1} ${titleOf(m, e, section)}${done}${contract ? ` (contrato_id ${contract})` : ''}`);
    if (section.kind === 'contract') out.push(`  ${mark('contract')} ${pairs(m, 'enrol.contract.create', e.contract)}`);
    else if (section.kind === 'payer')
      out.push(e.payer ? `  ${mark('payer')} ${pairs(m, 'enrol.payer', e.payer)}` : `    ${w.none}`);
    else {
      const b = e.beneficiaries[section.index]!;
      const id = progress.done[stepKey(b, 'person')]?.id;
      if (id) out[out.length - 1] += ` (beneficiario_id ${id})`;
      out.push(...beneficiaryLines(m, b, mark));
    }
  });
  return out;
}

/** Beneficiaries (0-based) that nothing was sent for: they may be removed. */
export function removable(e: Enrolment, progress: Progress): number[] {
  return e.beneficiaries.flatMap((_, index) =>
    sentOf(e, progress, { kind: 'beneficiary', index }) === 'none' ? [index] : [],
  );
}

/** Asks what to do next. The sections come first, so a section's number is its place in the list. */
export async function chooseAction(inv: Invocation, e: Enrolment, progress: Progress, submit: string): Promise<Action> {
  const w = inv.m.enrolWizard;
  const sections = sectionsOf(e);
  const choices: Choice<string>[] = sections.map((section, i) => {
    const choice = { name: w.edit(i + 1, titleOf(inv.m, e, section)), value: `edit:${i}` };
    return sentOf(e, progress, section) === 'all' ? { ...choice, disabled: w.sectionSent } : choice;
  });
  choices.push({ name: w.submit(submit), value: 'submit' }, { name: w.add, value: 'add' });
  if (removable(e, progress).length) choices.push({ name: w.remove, value: 'remove' });
  choices.push({ name: w.quit, value: 'quit' }, { name: w.discard, value: 'discard' });
  const value = await inv.ctx.prompter.select({
    message: w.whatNext,
    choices,
    default: 'submit',
  });
  if (value.startsWith('edit:')) return { kind: 'edit', section: sections[Number(value.slice(5))]! };
  return { kind: value as 'submit' | 'add' | 'remove' | 'quit' | 'discard' };
}

/** Asks which beneficiary to remove (of those nothing was sent for), and removes it once confirmed. */
export async function removeBeneficiary(inv: Invocation, e: Enrolment, progress: Progress): Promise<void> {
  const w = inv.m.enrolWizard;
  const choices: Choice<string>[] = removable(e, progress).map((index) => ({
    name: titleOf(inv.m, e, { kind: 'beneficiary', index }),
    value: String(index),
  }));
  choices.push({ name: w.removeNone, value: '' });
  const picked = await inv.ctx.prompter.select({ message: w.removeWhich, choices });
  if (picked === '') return;
  const index = Number(picked);
  const title = titleOf(inv.m, e, { kind: 'beneficiary', index });
  if (await inv.ctx.prompter.confirm({ message: w.removeConfirm(title), default: false }))
    e.beneficiaries.splice(index, 1);
}
