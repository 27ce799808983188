/**
 * Asking for one catalogue field through the context's prompter: the answer
 * is checked by the field's own rule (`field.schema`), and an invalid answer
 * is asked again with the rule shown. Closed sets (S/N, M/F, R/C) are a
 * select; list fields take comma-separated codes.
 */
import type { Field } from '../../catalogue/index.js';
import type { Choice, Prompter } from '../prompter.js';

/** A raw answer as a flag would give it: a string, or a list for array fields. */
export type Answer = string | string[];

export interface AskOptions {
  /** Words before the question, e.g. `Beneficiary 2 ·`. */
  readonly prefix?: string;
  /** Pre-filled answer (Enter accepts it). */
  readonly default?: string;
  /** An empty answer leaves the field out (optional fields). */
  readonly optional?: boolean;
}

/** `S = yes` in a rule's wording gives the choice S the description "yes". */
export function choiceMeaning(field: Field, value: string): string | undefined {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?:^|[(,\\s])${escaped} = ([^,;)]+)`).exec(field.rule);
  return m?.[1]?.trim();
}

/** The choices of a closed-set field, as the select offers them. */
export function fieldChoices(field: Field, optional = false): Choice<string>[] {
  const out: Choice<string>[] = (field.choices ?? []).map((value) => {
    const meaning = choiceMeaning(field, value);
    return { name: meaning ? `${value} (${meaning})` : value, value };
  });
  if (optional) out.push({ name: '(leave empty)', value: '' });
  return out;
}

/** Splits a comma list of codes: `RG, CPF` → ['RG', 'CPF']. */
export function splitCodes(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The value that is checked and sent for a typed answer (trimmed; a list for array fields). */
export function answerValue(field: Field, text: string): Answer {
  return field.kind === 'array' ? splitCodes(text) : text.trim();
}

/** What to tell the user when `value` breaks the rule: the first problem, then the rule with an example. */
export function ruleProblem(field: Field, value: unknown): string | undefined {
  const checked = field.schema.safeParse(value);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  const message = issue?.message ?? 'is not valid';
  const rule = message === `must be ${field.rule}` ? '' : ` (${field.rule})`;
  return `${message}${rule}, e.g. ${field.example}`;
}

/** The validate function of an input prompt for this field. */
export function fieldValidator(field: Field, optional = false): (text: string) => true | string {
  return (text) => {
    if (optional && text.trim() === '') return true;
    return ruleProblem(field, answerValue(field, text)) ?? true;
  };
}

function capitalised(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** The question for a field: its help, its spec name and (for typed answers) its rule. */
export function fieldMessage(name: string, field: Field, options: AskOptions = {}): string {
  const parts = [options.prefix, `${capitalised(field.help)} [${name}]`];
  if (field.kind === 'array') parts.push(`(${field.rule}; comma-separated, e.g. ${field.example})`);
  else if (field.kind !== 'choice') parts.push(`(${field.rule})`);
  if (options.optional) parts.push('(optional, Enter to skip)');
  return parts.filter(Boolean).join(' ');
}

/**
 * Asks for one field. Returns the raw answer (a string, or a list for array
 * fields), or undefined when an optional field was left empty.
 */
export async function askField(
  prompter: Prompter,
  name: string,
  field: Field,
  options: AskOptions = {},
): Promise<Answer | undefined> {
  const message = fieldMessage(name, field, options);
  if (field.choices && field.choices.length > 0) {
    const choices = fieldChoices(field, options.optional);
    const preset =
      options.default !== undefined && choices.some((c) => c.value === options.default) ? options.default : undefined;
    const value = await prompter.select({ message, choices, ...(preset === undefined ? {} : { default: preset }) });
    return value === '' && options.optional ? undefined : value;
  }
  const text = await prompter.input({
    message,
    ...(options.default ? { default: options.default } : {}),
    validate: fieldValidator(field, options.optional),
  });
  if (options.optional && text.trim() === '') return undefined;
  return answerValue(field, text);
}

/** The required fields that have no value yet, in the catalogue's order. */
export function missingRequired(
  fields: Readonly<Record<string, Field>>,
  raw: Readonly<Record<string, unknown>>,
): string[] {
  return Object.entries(fields)
    .filter(([name, f]) => f.required && (raw[name] === undefined || raw[name] === null))
    .map(([name]) => name);
}
