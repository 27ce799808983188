/** Process exit codes (GUIDE §4) and the error that means "usage or validation error, nothing sent". */

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
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** A usage or validation error (exit 2). The message is one line. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** Where to look for the right usage, e.g. `coopctl registration show --help`. */
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.hint = hint;
  }
}
