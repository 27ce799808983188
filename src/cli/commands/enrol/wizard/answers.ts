/**
 * The enrolment wizard's answers: what the questions fill in, the review
 * screen shows and edits, the draft saves, and the plan of requests is built
 * from (steps.ts). Values are the raw answers (text, or lists of codes), as
 * a flag would give them; the catalogue checks them before anything is sent.
 */
import * as z from 'zod';

export type { Progress } from '../../../enrol/draft.js';

/** One request's answers: field names to raw values. */
export type Answers = Record<string, string | string[]>;

export interface DocumentAnswers {
  params: Answers;
  /** The file whose content is sent base64 as `arquivo` (read when sent). */
  file?: string;
}

export interface BeneficiaryAnswers {
  /** Never reused in an enrolment: what the progress's step keys name (`b2.contact`), whatever its place in the list. */
  readonly id: number;
  person: Answers;
  contact: Answers;
  documents: DocumentAnswers[];
  address: Answers;
  /** Health-declaration answers, question by question (formulario_id, pergunta_id, resposta, descricao). */
  declaration: Answers[];
}

/** A beneficiary's parts, in the order they are asked and sent. */
export const PARTS = ['person', 'contact', 'documents', 'address', 'declaration'] as const;
export type PartName = (typeof PARTS)[number];

/** Where the questions are (a draft saved before every question was asked goes on from there). */
export type Cursor =
  | { readonly at: 'contract' }
  | { readonly at: 'payer' }
  | { readonly at: 'beneficiary'; readonly index: number; readonly part: PartName }
  /** "Add another beneficiary?" after the last one. */
  | { readonly at: 'more' };

export interface Enrolment {
  /** The existing contract the beneficiaries join (--contrato-id); absent when the wizard creates one. */
  existing?: string;
  contract: Answers;
  /** The payer's answers; null when not registered (offered, and declined, for an existing contract). */
  payer?: Answers | null;
  beneficiaries: BeneficiaryAnswers[];
  /** The health-declaration form (asked with the first beneficiary): its id and number of questions. */
  form?: { id: string; questions: number };
  /** The next question; absent once every question was asked (the review screen). */
  asking?: Cursor;
}

/** A new enrolment: the first question is the contract's (or the payer's, for an existing contract). */
export function newEnrolment(existing?: string): Enrolment {
  const base = { contract: {}, beneficiaries: [] };
  return existing === undefined
    ? { ...base, asking: { at: 'contract' } }
    : { ...base, existing, asking: { at: 'payer' } };
}

export function newBeneficiary(e: Enrolment): BeneficiaryAnswers {
  const id = Math.max(0, ...e.beneficiaries.map((b) => b.id)) + 1;
  return { id, person: {}, contact: {}, documents: [], address: {}, declaration: [] };
}

/** The key of a step in the progress: `contract`, `payer`, `b2.person`, `b2.document.1`, `b2.declaration.3`. */
export function stepKey(b: BeneficiaryAnswers, part: Exclude<PartName, 'documents' | 'declaration'>): string;
export function stepKey(b: BeneficiaryAnswers, part: 'document' | 'declaration', n: number): string;
export function stepKey(b: BeneficiaryAnswers, part: string, n?: number): string {
  return n === undefined ? `b${b.id}.${part}` : `b${b.id}.${part}.${n}`;
}

/** A value as the user reads it (a list comma-joined). */
export const text = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

/** A beneficiary's name as answered, if any. */
export function nameOf(b: BeneficiaryAnswers): string | undefined {
  const name = text(b.person['nome']).trim();
  return name || undefined;
}

/** The beneficiary's sexo as answered (`M`, `F`), '' before it is: the Portuguese words about them agree with it. */
export function sexOf(b: BeneficiaryAnswers): string {
  return text(b.person['sexo']);
}

/** Whether anything was answered (an empty enrolment is not worth a draft). */
export function answeredAnything(e: Enrolment): boolean {
  const filled = (a: Answers | null | undefined) => a != null && Object.keys(a).length > 0;
  return filled(e.contract) || filled(e.payer) || e.beneficiaries.some((b) => filled(b.person));
}

// The draft's shape, checked when it is read back (it may come from an older coopctl, or have been edited).

const answersSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const beneficiarySchema = z.object({
  id: z.number().int().positive(),
  person: answersSchema,
  contact: answersSchema,
  documents: z.array(z.object({ params: answersSchema, file: z.string().optional() })),
  address: answersSchema,
  declaration: z.array(answersSchema),
});
const cursorSchema = z.union([
  z.object({ at: z.literal('contract') }),
  z.object({ at: z.literal('payer') }),
  z.object({ at: z.literal('beneficiary'), index: z.number().int().nonnegative(), part: z.enum(PARTS) }),
  z.object({ at: z.literal('more') }),
]);
export const enrolmentSchema = z.object({
  existing: z.string().optional(),
  contract: answersSchema,
  payer: answersSchema.nullable().optional(),
  beneficiaries: z.array(beneficiarySchema),
  form: z.object({ id: z.string(), questions: z.number().int().nonnegative() }).optional(),
  asking: cursorSchema.optional(),
});
