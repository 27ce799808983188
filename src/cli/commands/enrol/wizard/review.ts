/**
 * The review screen: the enrolment in numbered sections (1 Contract, 2 Payer,
 * 3 Beneficiary 1 (holder), …) with every answer, what was sent marked ✔;
 * then the choice: submit, edit a section (typing its number goes to it),
 * add or remove a beneficiary, quit keeping the draft, or discard.
 */
import { textWidth } from '../../../output/width.js';
import { wrapLine } from '../../../output/wrap.js';
import { statSync } from 'node:fs';
import { operation, type Operation } from '../../../../catalogue/index.js';
import { type HealthQuestions, questionKey } from '../../../config/health-questions.js';
import type { Messages } from '../../../i18n/index.js';
import type { Io } from '../../../capabilities.js';
import type { Choice } from '../../../prompter.js';
import {
  nameOf,
  sexOf,
  stepKey,
  text,
  type Answers,
  type BeneficiaryAnswers,
  type Enrolment,
  type Progress,
} from './answers.js';
import type { Section } from './collect.js';
import { words as wizardWords } from './words.js';

export type Action =
  | { readonly kind: 'submit' }
  | { readonly kind: 'edit'; readonly section: Section }
  | { readonly kind: 'add' | 'remove' | 'quit' | 'discard' };

/** Answers to an operation's fields, each after its field's label and as people write it: `Nome: Ana Souza · Telefone: (11) 98765-4321`. */
const pairs = (m: Messages, a: Answers, op: Operation) =>
  Object.entries(a)
    .map(([k, v]) => {
      const f = Object.hasOwn(op.params, k) ? op.params[k] : undefined;
      return `${f ? m.common.said(f.words.label) : k}: ${f?.written?.(v) ?? text(v)}`;
    })
    .join(' · ');

const ops = {
  contract: operation('enrol.contract.create'),
  payer: operation('enrol.payer'),
  person: operation('enrol.beneficiary.add'),
  contact: operation('enrol.beneficiary.contact'),
  document: operation('enrol.beneficiary.document'),
  address: operation('enrol.beneficiary.address'),
};

function fileText(m: Messages, file: string): string {
  try {
    return wizardWords[m.common.lang].fileSize(file, statSync(file).size);
  } catch {
    return wizardWords[m.common.lang].fileUnreadable(file);
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
  const w = wizardWords[m.common.lang];
  if (section.kind === 'contract') return w.contract;
  if (section.kind === 'payer') return e.payer === null ? w.payerNone : w.payer;
  const b = e.beneficiaries[section.index]!;
  const holder = e.existing === undefined && section.index === 0 ? ` ${w.holder}` : '';
  const name = nameOf(b);
  return `${w.beneficiary(section.index + 1, sexOf(b))}${holder}${name ? ` · ${name}` : ''}`;
}

function beneficiaryLines(
  m: Messages,
  b: BeneficiaryAnswers,
  mark: (key: string) => string,
  texts: HealthQuestions,
): string[] {
  const w = wizardWords[m.common.lang];
  const line = (key: string, label: string, body: string) => `  ${mark(key)} ${label.padEnd(12)} ${body}`;
  const out = [
    line(stepKey(b, 'person'), w.part('person'), pairs(m, b.person, ops.person)),
    line(stepKey(b, 'contact'), w.part('contact'), pairs(m, b.contact, ops.contact)),
  ];
  b.documents.forEach((doc, d) => {
    const fileLabel = m.common.said(ops.document.params['arquivo']!.words.label);
    const file = doc.file === undefined ? '' : ` · ${fileLabel}: ${fileText(m, doc.file)}`;
    out.push(
      line(stepKey(b, 'document', d + 1), w.stepDocument(d + 1), `${pairs(m, doc.params, ops.document)}${file}`),
    );
  });
  if (b.documents.length === 0) out.push(`    ${w.part('documents').padEnd(12)} ${w.noDocuments}`);
  out.push(line(stepKey(b, 'address'), w.part('address'), pairs(m, b.address, ops.address)));
  const answers = b.declaration.map((a, q) => {
    const details = a['descricao'] === undefined ? '' : ` (${text(a['descricao'])})`;
    const words = texts.get(questionKey(text(a['formulario_id']), String(q + 1)));
    const question = words ? `${q + 1} (${words})` : `${q + 1}`;
    return `${mark(stepKey(b, 'declaration', q + 1)).trim()}${question}: ${text(a['resposta'])}${details}`;
  });
  const form = b.declaration[0] ? w.form(text(b.declaration[0]['formulario_id'])) : '';
  out.push(
    `    ${w.part('declaration').padEnd(12)} ${answers.length ? `${form}${answers.join(' · ')}` : w.noQuestions}`,
  );
  return out;
}

/** The review screen's lines (shown on stderr); a health-declaration question with its text when `texts` has it. */
export function reviewLines(
  m: Messages,
  e: Enrolment,
  progress: Progress,
  texts: HealthQuestions = new Map(),
): string[] {
  const w = wizardWords[m.common.lang];
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
    if (section.kind === 'contract') out.push(`  ${mark('contract')} ${pairs(m, e.contract, ops.contract)}`);
    else if (section.kind === 'payer')
      out.push(e.payer ? `  ${mark('payer')} ${pairs(m, e.payer, ops.payer)}` : `    ${w.none}`);
    else {
      const b = e.beneficiaries[section.index]!;
      const id = progress.done[stepKey(b, 'person')]?.id;
      if (id) out[out.length - 1] += ` (beneficiario_id ${id})`;
      out.push(...beneficiaryLines(m, b, mark, texts));
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
export async function chooseAction(inv: Io, e: Enrolment, progress: Progress, submit: string): Promise<Action> {
  const w = wizardWords[inv.lang];
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
export async function removeBeneficiary(inv: Io, e: Enrolment, progress: Progress): Promise<void> {
  const w = wizardWords[inv.lang];
  const choices: Choice<string>[] = removable(e, progress).map((index) => ({
    name: titleOf(inv.m, e, { kind: 'beneficiary', index }),
    value: String(index),
  }));
  choices.push({ name: w.removeNone, value: '' });
  const picked = await inv.ctx.prompter.select({ message: w.removeWhich, choices });
  if (picked === '') return;
  const index = Number(picked);
  const title = titleOf(inv.m, e, { kind: 'beneficiary', index });
  const sex = sexOf(e.beneficiaries[index]!);
  if (await inv.ctx.prompter.confirm({ message: w.removeConfirm(title, sex), default: false }))
    e.beneficiaries.splice(index, 1);
}

/**
 * The review's lines fitted to the terminal's `columns`: a long line is wrapped
 * at spaces (never inside a word that fits), its continuation indented under
 * the text after its label (`    contato      Nome: …`), so that a section reads
 * as a column at 80 columns.
 */
export function fitReview(lines: readonly string[], columns: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (textWidth(line) <= columns) {
      out.push(line);
      continue;
    }
    const labelled = /^\s*\S+\s{2,}/.exec(line)?.[0] ?? /^\s*/.exec(line)![0];
    const hang = textWidth(labelled) <= columns / 2 ? labelled.length : /^\s*/.exec(line)![0].length;
    const wrapped: string[] = [];
    wrapLine(line.slice(hang), Math.max(columns - hang, 10), wrapped);
    const pad = ' '.repeat(hang);
    for (const [i, piece] of wrapped.entries()) out.push(i === 0 ? line.slice(0, hang) + piece : pad + piece);
  }
  return out;
}
