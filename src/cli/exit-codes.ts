/** Process exit codes (docs/output.md, "Exit codes") and the error that means "usage or validation error, nothing sent". */
import { englishMessages } from './i18n/english.js';
import type { Messages } from './i18n/messages.js';

export const ExitCode = {
  ok: 0,
  /** The service refused or failed: confirma_operacao 4, or an HTTP 4xx/5xx. */
  failed: 1,
  /** Usage or validation error: nothing was sent. */
  usage: 2,
  /** No result: confirma_operacao 3. */
  noResult: 3,
  /** Unreachable, timed out, or a response that is not the documented shape. */
  transport: 4,
  /** A confirmation answered no (or a wizard left without sending): nothing was sent, as gh's cancel has its own code. */
  declined: 5,
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** A message in the run's language, from its message catalogue (src/cli/i18n). */
export type Wording = (m: Messages) => string;

/**
 * A usage or validation error (exit 2). The message is one line: text already
 * in the run's language, or a wording that the failure report puts in it
 * (code far from the run, such as the settings, words its errors so);
 * `message` holds the English. `lines` (in the run's language) follow it one
 * a line: the problems of a request's parameters.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** Where to look for the right usage, e.g. `coopctl registration show --help`. */
  readonly hint: string | undefined;
  /** Lines after the message, each shown indented: the problems of several parameters. */
  readonly lines: readonly string[];
  readonly #wording: Wording | undefined;
  constructor(message: string | Wording, hint?: string, lines: readonly string[] = []) {
    // The English catalogue without importing it (i18n/english.ts): loaded whenever a run has begun.
    const english = englishMessages() as Messages | undefined;
    super(typeof message === 'string' ? message : english ? message(english) : '');
    this.hint = hint;
    this.lines = lines;
    this.#wording = typeof message === 'string' ? undefined : message;
  }

  /** The message in a language's words. */
  wordedIn(m: Messages): string {
    return this.#wording ? this.#wording(m) : this.message;
  }
}
