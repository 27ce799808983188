/** Why the server did not start, with the exit code the command should end with. */
export class StartError extends Error {
  override readonly name = 'StartError';
  /** 2: the options were wrong (GUIDE §4); 1: the address or the database could not be used. */
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2 = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}
