/**
 * The answers of a whole enrolment wizard run (contract, payer, beneficiaries), for the fake prompter, the requests
 * they make, and a document to attach.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { ENTER, type Scripted } from './fake-prompter.js';

export interface BeneficiaryAnswers {
  readonly nome: string;
  readonly cpf?: string;
  /** A file to attach to one document, or none. */
  readonly file?: string;
  /** Whether to add a document at all (default: yes). */
  readonly document?: boolean;
  /** Declaration answers (S or N) of the form's questions. */
  readonly answers?: readonly ('S' | 'N')[];
  /** A dependant (not the first): copy the holder's contact and address instead of answering them (default: no). */
  readonly copy?: boolean;
}

/** One beneficiary, with no document and one declaration answer. */
export const ONE: readonly BeneficiaryAnswers[] = [{ nome: 'Pedro Souza', document: false, answers: ['N'] }];
/** The requests of ONE, in order. */
export const ONE_CALLS = [
  'contrato',
  'contrato/responsavel_financeiro',
  'beneficiario',
  'beneficiario/contato',
  'beneficiario/endereco',
  'beneficiario/ds',
];

/** The operations the scripted wizard calls, in order: a contract, its payer, two beneficiaries with their records. */
export const SCRIPTED_CALLS = [
  'contrato',
  'contrato/responsavel_financeiro',
  'beneficiario',
  'beneficiario/contato',
  'beneficiario/documento',
  'beneficiario/endereco',
  'beneficiario/ds',
  'beneficiario/ds',
  'beneficiario',
  'beneficiario/contato',
  'beneficiario/endereco',
  'beneficiario/ds',
  'beneficiario/ds',
];

/** A small PDF (some of its bytes not text) in a temporary folder removed after the test file: a document to attach. */
export function scannedPdf(): { readonly pdf: string; readonly content: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-enrol-'));
  const pdf = join(dir, 'rg scan.pdf');
  const content = Buffer.from('%PDF-1.4\n% a small document\n\u00ff\u0000binary');
  writeFileSync(pdf, content);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { pdf, content };
}

export const contractAnswers: Scripted[] = [
  { q: 'Contract · Regulator (ANS) registration of the plan [registro_ans]', a: '123456' },
  { q: '[coop_id]', a: '1' },
  { q: '[produto_tabela_id]', a: '10' },
  { q: '[origem]', a: 'WB' },
  { q: 'Contract · Fill in optional fields', a: false },
];

export const payerAnswers: Scripted[] = [
  { q: 'Payer · CPF', a: '529.982.247-25' },
  { q: 'Payer · Name [nome]', a: 'Ana Souza' },
  { q: '[nome_mae]', a: 'Maria Souza' },
  { q: '[data_nascimento]', a: '15/03/1985' },
  { q: '[sexo]', a: 'F' },
  { q: '[grau_parentesco]', a: 'TIT' },
  { q: '[estado_civil]', a: 'C' },
  { q: '[telefone_principal]', a: '11987654321' },
  { q: '[email]', a: 'ana.souza@example.com' },
  { q: '[cep]', a: '01310-100' },
  { q: '[logradouro]', a: 'Avenida Paulista' },
  { q: '[logradouro_numero]', a: '1578' },
  { q: '[complemento]', a: 'apto 12' },
  { q: '[bairro]', a: 'Bela Vista' },
  { q: '[inicio_vigencia]', a: '01/01/2027' },
  { q: '[fatura_email]', a: 'S' },
  { q: 'Payer · Fill in optional fields', a: false },
];

/** One beneficiary; `first` also answers the form's questions (formulario_id, number of questions). */
export function beneficiaryAnswers(n: number, b: BeneficiaryAnswers, first: boolean): Scripted[] {
  const p = `Beneficiary ${n} ·`;
  const answers = b.answers ?? ['N', 'S'];
  const out: Scripted[] = [
    { q: `${p} Name [nome]`, a: b.nome },
    { q: `${p} Holder's CPF [cpf]`, a: b.cpf ?? ENTER },
    { q: `${p} Date of birth`, a: '10/05/2012' },
    { q: `${p} Sex [sexo]`, a: 'M' },
    { q: `${p} Mother's name`, a: ENTER },
    { q: `${p} Request date`, a: ENTER },
    { q: `${p} Dependency degree`, a: n === 1 ? 'T' : 'D' },
    { q: `${p} Fill in optional fields`, a: false },
  ];
  if (n > 1) out.push({ q: `${p} Same contact as the holder's`, a: b.copy ?? false });
  if (n === 1 || !b.copy)
    out.push(
      { q: `${p} Contact name`, a: ENTER },
      { q: `${p} Main phone`, a: '11987654321' },
      { q: `${p} E-mail`, a: `b${n}@example.com` },
      { q: `${p} Fill in optional fields`, a: false },
    );
  out.push({ q: `${p} Add a document?`, a: b.document ?? true });
  if (b.document ?? true) {
    out.push(
      { q: `${p} document 1 · Document type`, a: 'RG' },
      { q: `${p} document 1 · Document number`, a: `12345678${n}` },
      { q: `${p} document 1 · File to attach`, a: b.file ?? '' },
      { q: `${p} document 1 · File type`, a: b.file ? ENTER : 'pdf' },
      { q: `${p} document 1 · Fill in optional fields`, a: false },
      { q: `${p} Add another document?`, a: false },
    );
  }
  if (n > 1) out.push({ q: `${p} Same address as the holder's`, a: b.copy ?? false });
  if (n === 1 || !b.copy)
    out.push(
      { q: `${p} Address purpose`, a: 'RES, COR' },
      { q: `${p} Address type`, a: 'R' },
      { q: `${p} Postal code`, a: ENTER },
      { q: `${p} Street`, a: ENTER },
      { q: `${p} Number`, a: ENTER },
      { q: `${p} Complement`, a: ENTER },
      { q: `${p} District`, a: ENTER },
      { q: `${p} Fill in optional fields`, a: false },
    );
  if (first)
    out.push(
      { q: 'Health declaration · Form [formulario_id]', a: ENTER },
      { q: 'Number of questions', a: String(answers.length) },
    );
  answers.forEach((a, i) => {
    out.push({ q: `${p} question ${i + 1} · Answer [resposta]`, a });
    if (a === 'S') out.push({ q: `${p} question ${i + 1} · Details`, a: 'asthma, controlled' });
  });
  return out;
}

/** The review screen's question; `then` is the value of the choice taken (submit, quit, edit:<n-1>, …). */
export const review = (then: string): Scripted => ({ q: 'What next?', a: then });

/** A whole run: contract, payer, the beneficiaries, then the review screen's choice (submit by default). */
export function enrolmentScript(beneficiaries: readonly BeneficiaryAnswers[], then = 'submit'): Scripted[] {
  const out: Scripted[] = [...contractAnswers, ...payerAnswers];
  beneficiaries.forEach((b, i) => {
    out.push(...beneficiaryAnswers(i + 1, b, i === 0));
    out.push({ q: 'Add another beneficiary?', a: i < beneficiaries.length - 1 });
  });
  out.push(review(then));
  return out;
}

/** The words of a scripted question's pattern, unescaped. */
export const asks = (s: Scripted, words: string) =>
  typeof s === 'object' && String(s.q).replace(/\\/g, '').includes(words);

/** A script up to (not including) the first question whose pattern mentions `field`, and what follows it. */
export function until(script: readonly Scripted[], field: string): { before: Scripted[]; after: Scripted[] } {
  const at = script.findIndex((s) => asks(s, field));
  return { before: script.slice(0, at), after: script.slice(at + 1) };
}
