/** The enrolment wizard's questions: fields by name (with defaults), optional ones behind one question, files. */
import { fileFault } from '../../../file-errors.js';
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { isoDate, toBR } from '../../../../catalogue/dates.js';
import type { Operation, Said } from '../../../../catalogue/index.js';
import type { Messages } from '../../../i18n/index.js';
import { askField } from '../../../interactive/fields.js';
import type { Io } from '../../../capabilities.js';
import { inputOptions } from '../../../operations/input.js';
import { text, type Answers } from './answers.js';

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
 * skipped). Each question's default is the answer it has, else `defaults`';
 * an optional answer left empty removes it.
 */
export async function askNames(inv: Io, form: Form, names: readonly string[], defaults: Defaults = {}): Promise<void> {
  for (const name of names) {
    const field = form.op.params[name]!;
    const fallback = form.into[name] === undefined ? defaults[name] : text(form.into[name]);
    const answer = await askField(inv, name, field, {
      ...inputOptions(inv),
      prefix: form.prefix,
      optional: !field.required,
      ...(fallback ? { default: fallback } : {}),
    });
    if (answer === undefined) delete form.into[name];
    else form.into[name] = answer;
  }
}

/** Offers optional fields behind one question; those answered already are shown, and kept unless changed. */
export async function askMore(inv: Io, form: Form, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const given = names.filter((n) => form.into[n] !== undefined);
  const w = inv.m.enrolWizard;
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
    return st.isFile() ? undefined : inv.m.enrolWizard.notAFile(path);
  } catch (err) {
    return inv.m.enrolWizard.cannotRead(path, fileFault(inv.m, err));
  }
}

/** A code table in one line, its meanings in the run's language: `RES residence, COB billing`. */
export function codeHint(m: Messages, table: Readonly<Record<string, Said>>): string {
  return Object.entries(table)
    .map(([code, meaning]) => `${code} ${m.codes.text(meaning)}`)
    .join(', ');
}
