/** Failures of a call that are not an answer of the service. */

/** Unreachable, timed out, or a response that is not the documented shape (exit 4). The message is one line. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  /** Whether another attempt may succeed (connection errors and timeouts). */
  readonly retryable: boolean;
  constructor(message: string, retryable = false) {
    super(message);
    this.retryable = retryable;
  }
}

/** The user interrupted the call (Ctrl-C, exit 130). */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
  constructor() {
    super('interrupted');
  }
}
