import type { Said } from '../catalogue/lang.js';

/**
 * Why the server did not start, with the exit code the command should end
 * with; `said` in both languages (`coopctl serve` shows the run's), `message`
 * in English.
 */
export class StartError extends Error {
  override readonly name = 'StartError';
  /** 2: the options were wrong (docs/output.md, "Exit codes"); 1: the address or the database could not be used. */
  readonly exitCode: 1 | 2;
  readonly said: Said;
  constructor(said: Said, exitCode: 1 | 2 = 2) {
    super(said.en);
    this.said = said;
    this.exitCode = exitCode;
  }
}
