/**
 * The `enrolCodes` setting: the codes of the enrolment fields whose list the
 * spec leaves open (only their length is given), with what each means at the
 * cooperative, for the enrolment wizard to offer. Written `field.code=meaning`
 * pairs (pairs.ts), as `healthQuestions` is: `origem.WB=Venda pela internet;
 * estado_civil.C=Casado(a)`. A meaning may be given per language
 * (`estado_civil.C@en=Married`): a run shows its language's, else the one
 * without a language, else the other. Each code must pass its field's rule.
 */
import { acceptValue, type Field, type Lang, operation, wallClockInput } from '../../catalogue/index.js';
import type { Wording } from '../exit-codes.js';
import { faultWording, parsePairs } from './pairs.js';

/** The fields the setting may list, each as the wizard asks it (its rule checks a listed code). */
const FIELDS = {
  origem: ['enrol.contract.create'],
  produto_tabela_id: ['enrol.contract.create'],
  grau_parentesco: ['enrol.payer'],
  estado_civil: ['enrol.payer', 'enrol.beneficiary.add'],
  tipo_endereco: ['enrol.beneficiary.address'],
  tipo_arquivo: ['enrol.beneficiary.document'],
} as const;

export type CodedField = keyof typeof FIELDS;
export const codedFields = Object.keys(FIELDS) as CodedField[];

const KEY = /^([a-z_]+)\.([^@\s]+)(?:@(en|pt-BR))?$/;

/** The fields of the operations that ask `name`. */
function fieldsOf(name: CodedField): Field[] {
  return FIELDS[name].map((id) => operation(id).params[name]!);
}

/** A listed code as its field takes it (`r` → `R` where the field reads codes in any case), or undefined when its rule refuses it. */
function codeOf(name: CodedField, code: string): string | undefined {
  const taken = fieldsOf(name).map((f) => acceptValue(f, code, wallClockInput));
  const ok = fieldsOf(name).every((f, i) => f.schema.safeParse(taken[i]).success);
  return ok ? String(taken[0]) : undefined;
}

/** The key of an entry, `field.code` or `field.code@lang`, or undefined when malformed (an unknown field, a code its rule refuses). */
function keyOf(raw: string): string | undefined {
  const m = KEY.exec(raw);
  if (!m || !Object.hasOwn(FIELDS, m[1]!)) return undefined;
  const code = codeOf(m[1] as CodedField, m[2]!);
  return code === undefined ? undefined : `${m[1]}.${code}${m[3] ? `@${m[3]}` : ''}`;
}

/** The pairs a setting's value holds (by `field.code[@lang]`), or what is wrong with it. */
export function parseEnrolCodes(value: string): ReturnType<typeof parsePairs> {
  return parsePairs(value, keyOf);
}

/** The problem with an `enrolCodes` value, for the setting's check, in the run's words. */
export function enrolCodesProblem(value: string): Wording | undefined {
  const parsed = parseEnrolCodes(value);
  if (parsed.ok) return undefined;
  return faultWording(
    parsed.fault,
    (m) => m.config.problems.enrolCodes,
    (m) => m.config.problems.enrolCodeTwice,
  );
}

/** Field name → its codes in the order listed, each with its meaning in one language. */
export type EnrolCodes = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The codes of each field with their meaning in `lang`: its own, else the one without a language, else the other's. */
export function codesIn(pairs: ReadonlyMap<string, string>, lang: Lang): EnrolCodes {
  const rank = (tag: string | undefined) => (tag === lang ? 0 : tag === undefined ? 1 : 2);
  const best = new Map<string, { meaning: string; rank: number }>();
  for (const [key, meaning] of pairs) {
    const [base, tag] = key.split('@') as [string, string | undefined];
    const had = best.get(base);
    if (!had || rank(tag) < had.rank) best.set(base, { meaning, rank: rank(tag) });
  }
  const out = new Map<string, Map<string, string>>();
  for (const [base, { meaning }] of best) {
    const dot = base.indexOf('.');
    const field = base.slice(0, dot);
    const codes = out.get(field) ?? new Map<string, string>();
    codes.set(base.slice(dot + 1), meaning);
    out.set(field, codes);
  }
  return out;
}

/** The codes of `value` in `lang`: none when it is unset or malformed. */
export function enrolCodesOf(value: string | undefined, lang: Lang): EnrolCodes {
  const parsed = value === undefined ? undefined : parseEnrolCodes(value);
  return parsed?.ok ? codesIn(parsed.pairs, lang) : new Map();
}
