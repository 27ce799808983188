/** The enrolment wizard's questions: fields by name (with defaults), optional ones behind one question, files. */
import { enrolCodesOf } from '../../../config/enrol-codes.js';
import { fileFault } from '../../../file-errors.js';
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { isoDate, toBR } from '../../../../catalogue/dates.js';
import { operation, type Operation, type Said } from '../../../../catalogue/index.js';
import { readQuietly } from '../../../operations/read.js';
import type { Messages } from '../../../i18n/index.js';
import { askField } from '../../../interactive/fields.js';
import type { Io } from '../../../capabilities.js';
import { inputOptions } from '../../../operations/input.js';
import { text, type Answers } from './answers.js';
import { words as wizardWords } from './words.js';

export { text };

/** Pre-filled answers by field name. */
export type Defaults = Readonly<Record<string, string | undefined>>;

/** What is being filled in: the operation whose fields are asked, the questions' prefix, and its answers. */
export interface Form {
  readonly op: Operation;
  /** Words before each question, e.g. `Beneficiary 2 ·`. */
  readonly prefix: string;
  /**
   * The answers, written one by one as they are given (so that an
   * interruption keeps what was typed); what they hold already is each
   * question's default (an edit).
   */
  readonly into: Answers;
}

/**
 * Asks `names` in order (required ones must be answered, optional ones may be
 * skipped); a field the enrolCodes setting lists is a choice of its codes.
 * Each question's default is the answer it has, else `defaults`';
 * an optional answer left empty removes it.
 */
export async function askNames(
  inv: Io,
  form: Form,
  names: readonly string[],
  defaults: Defaults = {},
  how: { readonly typed?: boolean } = {},
): Promise<void> {
  let offered = defaults;
  const listed = enrolCodesOf((await inv.settings()).enrolCodes.value, inv.lang);
  for (const name of names) {
    const field = form.op.params[name]!;
    const fallback = form.into[name] === undefined ? offered[name] : text(form.into[name]);
    const answer = await askField(inv, name, field, {
      ...inputOptions(inv),
      prefix: form.prefix,
      optional: !field.required,
      nonEmpty: field.required,
      ...(how.typed ? { typed: true } : {}),
      ...(fallback ? { default: fallback } : {}),
      ...(listed.has(name) ? { codes: listed.get(name)! } : {}),
    });
    if (answer === undefined) delete form.into[name];
    else form.into[name] = answer;
    // A postal code typed anew: its street and district, looked up, are what the next questions offer.
    if (name === 'cep' && answer !== undefined && text(answer) !== fallback && names.includes('logradouro')) {
      const found = await lookUpCep(inv, text(answer));
      if (found) {
        offered = { ...offered, ...found };
        for (const part of Object.keys(found)) delete form.into[part];
      }
    }
  }
}

/** The street and district of a postal code, said on the terminal; none when the service does not know it. */
async function lookUpCep(inv: Io, cep: string): Promise<Defaults | undefined> {
  const [found] = (await readQuietly(inv, operation('registration.cep'), { cep })) ?? [];
  const w = wizardWords[inv.lang];
  if (!found || (found['logradouro'] === undefined && found['bairro'] === undefined)) {
    inv.say(w.cepUnknown(cep));
    return undefined;
  }
  const town = [found['cidade'], found['estado']].map(text).filter(Boolean).join('/');
  const parts = [found['logradouro'], found['bairro']].map(text).filter(Boolean);
  inv.say(inv.m.prompts.cepFound(cep, [...parts, town].filter(Boolean).join(', ')));
  const defaults: Record<string, string> = {};
  if (found['logradouro'] !== undefined) defaults['logradouro'] = text(found['logradouro']);
  if (found['bairro'] !== undefined) defaults['bairro'] = text(found['bairro']);
  return defaults;
}

/** Offers optional fields behind one question; those answered already are shown, and kept unless changed. */
export async function askMore(inv: Io, form: Form, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const given = names.filter((n) => form.into[n] !== undefined);
  const w = wizardWords[inv.lang];
  const now = given.map((n) => `${n} ${text(form.into[n])}`).join(', ');
  const message = given.length
    ? w.changeOptional(form.prefix, names.join(', '), now)
    : w.fillOptional(form.prefix, names.join(', '));
  if (await inv.ctx.prompter.confirm({ message, default: false })) await askNames(inv, form, names);
}

/** `dd/mm/yyyy` of today (a default the user sees and may change). */
export function today(): string {
  return toBR(isoDate(new Date()));
}

/** A path as typed, `~` expanded, made absolute. */
export function expandPath(path: string, inv: Io): string {
  const home = inv.ctx.env['HOME'] ?? homedir();
  return resolve(path === '~' ? home : path.startsWith('~/') ? `${home}${path.slice(1)}` : path);
}

/** A file to attach: a readable regular file (the check of `--file`-style paths). */
export function fileProblem(path: string, inv: Io): string | undefined {
  try {
    const st = statSync(expandPath(path, inv));
    return st.isFile() ? undefined : wizardWords[inv.lang].notAFile(path);
  } catch (err) {
    return wizardWords[inv.lang].cannotRead(path, fileFault(inv.m, err));
  }
}

/** A code table in one line, its meanings in the run's language: `RES residence, COB billing`. */
export function codeHint(m: Messages, table: Readonly<Record<string, Said>>): string {
  return Object.entries(table)
    .map(([code, meaning]) => `${code} ${m.codes.text(meaning)}`)
    .join(', ');
}
