/**
 * Asking for one catalogue field through the context's prompter: the answer
 * is read as a flag is (the field's input forms: `11 98765-4321`, `hoje`),
 * checked by the field's own rule (`field.schema`), and an invalid answer is
 * asked again with the rule shown. Closed sets (S/N, M/F, R/C) are a select;
 * open code lists offer their documented codes and "other code…"; list
 * fields take comma-separated codes. A warning about an accepted answer (an
 * undocumented code, a wrong check digit) is said at once.
 */
import {
  acceptValue,
  capitalised,
  issueProblem,
  type Field,
  type InputContext,
  type Problem,
  wallClockInput,
} from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import type { Asking } from '../capabilities.js';
import { fieldExample } from '../operations/flags.js';
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
  /** The day `hoje` names (the wall clock's when absent): operations/input.ts `inputOptions`. */
  readonly at?: InputContext;
  /**
   * A closed set (S/N) asked as a typed answer, nothing preselected: Enter
   * alone answers nothing (a health-declaration answer is the person's own).
   */
  readonly typed?: boolean;
  /** An empty answer is refused even where the rule takes an empty text (the wizards' required fields). */
  readonly nonEmpty?: boolean;
  /** Told the warning about an accepted answer, if any (the answer is kept). */
  readonly warn?: (warning: Problem) => void;
  /** The codes to offer with their meanings (a setting's, the enrolCodes one), instead of the documented ones. */
  readonly codes?: ReadonlyMap<string, string>;
}

/** The value of the select's entry that asks for a code that is not documented (longer than any code). */
export const OTHER_CODE = '(other code)';

/** The human question for a field, in the run's language (the catalogue's words for it). */
export function fieldQuestion(m: Messages, _name: string, field: Field): string {
  return capitalised(m.common.said(field.words.question));
}

/** What a choice means when the rule gives its meaning (`S`: "yes", `sim` in Portuguese). */
export function choiceMeaning(m: Messages, field: Field, value: string): string | undefined {
  const meaning = field.rule.code === 'choice' ? field.rule.meanings?.[value] : undefined;
  return meaning && m.common.said(meaning);
}

/** The choices of a closed-set field, as the select offers them. */
export function fieldChoices(m: Messages, field: Field, optional = false): Choice<string>[] {
  const out: Choice<string>[] = (field.choices ?? []).map((value) => {
    const meaning = choiceMeaning(m, field, value);
    return { name: meaning ? `${value} (${meaning})` : value, value };
  });
  if (optional) out.push({ name: m.prompts.leaveEmpty, value: '' });
  return out;
}

/** Splits a comma list of codes: `RG, CPF` → ['RG', 'CPF']. */
export function splitCodes(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The value that is checked and sent for a typed answer: trimmed (a list for array fields), in the field's wire form. */
export function answerValue(field: Field, text: string, at: InputContext = wallClockInput): Answer {
  const typed = field.kind === 'array' ? splitCodes(text) : text.trim();
  return acceptValue(field, typed, at) as Answer;
}

/** Whether `value` breaks the field's rule. */
export function breaksRule(field: Field, value: unknown): boolean {
  return !field.schema.safeParse(value).success;
}

/** What to tell the user when `value` breaks the rule: the first problem, what was understood, the rule with an example. */
export function ruleProblem(m: Messages, field: Field, value: unknown): string | undefined {
  const checked = field.schema.safeParse(value);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  if (!issue)
    return m.prompts.withExample(`${m.prompts.notValid} (${m.rules.rule(field.rule)})`, fieldExample(m, field));
  const problem = issueProblem(issue, '', field.rule);
  // A broken rule says the rule already (`must be 17 digits`), and what was understood; another problem adds the rule.
  const broken = problem.code === field.rule.code;
  const understood = broken ? field.understood?.(value) : undefined;
  const said = m.rules.problem(understood ? { ...problem, ...understood } : problem);
  return m.prompts.withExample(broken ? said : `${said} (${m.rules.rule(field.rule)})`, fieldExample(m, field));
}

/** The validate function of an input prompt for this field. */
export function fieldValidator(
  m: Messages,
  field: Field,
  optional = false,
  at: InputContext = wallClockInput,
  nonEmpty = false,
): (text: string) => true | string {
  return (text) => {
    if (text.trim() === '') {
      if (optional) return true;
      // An answer that must be given is never empty, even where the rule would take an empty text (an e-mail).
      if (nonEmpty && field.kind !== 'array' && field.schema.safeParse(answerValue(field, text, at)).success)
        return m.prompts.required;
    }
    return ruleProblem(m, field, answerValue(field, text, at)) ?? true;
  };
}

/** Says the warning about an accepted answer (on its parsed value), if the field has one. */
function warnAnswer(name: string, field: Field, value: Answer, options: AskOptions): void {
  if (!options.warn || !field.warn) return;
  // A code the setting lists is the cooperative's own: not one to warn about.
  if (options.codes?.has(String(value))) return;
  const parsed = field.schema.safeParse(value);
  const warning = parsed.success ? field.warn(name, parsed.data) : undefined;
  if (warning) options.warn(warning);
}

/** A few input forms besides the wire one, for a question: `; also 11 98765-4321, (11) 98765-4321`. */
function formsHint(m: Messages, field: Field): string {
  const others = (field.forms ?? []).filter((f) => f !== field.example).slice(0, 3);
  return others.length ? m.prompts.alsoForms(others.join(', ')) : '';
}

/** The question for a field: its help, its spec name and (for typed answers) its rule and a few input forms. */
export function fieldMessage(m: Messages, name: string, field: Field, options: AskOptions = {}): string {
  const parts = [options.prefix, `${fieldQuestion(m, name, field)} [${name}]`];
  const rule = m.rules.rule(field.rule);
  if (field.kind === 'array' && field.suggestions)
    parts.push(m.prompts.listOfCodes(Object.keys(field.suggestions).join(', ')));
  else if (field.kind === 'array') parts.push(m.prompts.listByRule(rule, field.example));
  else if (field.kind === 'choice' && options.typed)
    parts.push(
      m.prompts.typeOneOf(
        fieldChoices(m, field)
          .map((c) => c.name)
          .join(', '),
      ),
    );
  else if (field.kind !== 'choice' && !field.suggestions && !options.codes?.size)
    parts.push(`(${rule}${formsHint(m, field)})`);
  if (options.optional) parts.push(m.prompts.optional);
  return parts.filter(Boolean).join(' ');
}

/** The codes a field's question offers, with their meaning in the run's language: the options' (a setting's), else the documented ones. */
function offeredCodes(m: Messages, field: Field, options: AskOptions): ReadonlyMap<string, string> | undefined {
  if (options.codes && options.codes.size > 0) return options.codes;
  const table = field.suggestions;
  return table && new Map(Object.entries(table).map(([code, meaning]) => [code, m.codes.text(meaning)]));
}

/**
 * A field of an open code list: its codes with their meaning, and "other
 * code…", which asks for the code as typed (checked by the rule).
 */
async function askCode(
  prompter: Prompter,
  m: Messages,
  field: Field,
  message: string,
  options: AskOptions,
  table: ReadonlyMap<string, string>,
): Promise<string> {
  const choices: Choice<string>[] = [...table].map(([code, meaning]) => ({
    name: `${code} (${meaning})`,
    value: code,
  }));
  // A code given before that the table does not have is offered as it is: Enter keeps it.
  const given = options.default;
  if (given !== undefined && given !== '' && !table.has(given)) choices.push({ name: given, value: given });
  choices.push({ name: m.prompts.otherCode, value: OTHER_CODE });
  if (options.optional) choices.push({ name: m.prompts.leaveEmpty, value: '' });
  const picked = await prompter.select({ message, choices, ...presetOf(choices, options) });
  if (picked !== OTHER_CODE) return picked;
  return prompter.input({
    message: m.prompts.otherCodeQuestion(message, m.rules.rule(field.rule)),
    validate: fieldValidator(m, field, options.optional, options.at),
  });
}

/**
 * The choice a list starts on, so that Enter takes what the question offers:
 * the answer given before (an edit), else, for an optional field, "leave
 * empty" (the question says `optional, Enter to skip`); else the first one.
 */
function presetOf(choices: readonly Choice<string>[], options: AskOptions): { default?: string } {
  const given = options.default;
  if (given !== undefined && choices.some((c) => c.value === given)) return { default: given };
  return options.optional ? { default: '' } : {};
}

/**
 * Asks for one field. Returns the raw answer (a string, or a list for array
 * fields), or undefined when an optional field was left empty.
 */
export async function askField(
  inv: Asking,
  name: string,
  field: Field,
  options: AskOptions = {},
): Promise<Answer | undefined> {
  const { m } = inv;
  const { prompter } = inv;
  const message = fieldMessage(m, name, field, options);
  if (field.choices && field.choices.length > 0 && !options.typed) {
    const choices = fieldChoices(m, field, options.optional);
    const value = await prompter.select({ message, choices, ...presetOf(choices, options) });
    return value === '' && options.optional ? undefined : value;
  }
  const table = field.kind === 'array' ? undefined : offeredCodes(m, field, options);
  const text = table
    ? await askCode(prompter, m, field, message, options, table)
    : await prompter.input({
        message,
        // Pre-filled as people write it (a phone `(11) 98765-4321`): the field's input forms take it back.
        ...(options.default ? { default: field.written?.(options.default) ?? options.default } : {}),
        validate: fieldValidator(m, field, options.optional, options.at, options.nonEmpty),
      });
  if (options.optional && text.trim() === '') return undefined;
  const value = answerValue(field, text, options.at);
  warnAnswer(name, field, value, options);
  return value;
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
