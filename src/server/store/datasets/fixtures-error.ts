/** A dataset document that cannot be loaded; `issues` name each offending path and rule. */
export class FixturesError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(
      `invalid fixtures: ${issues.slice(0, 10).join('; ')}${issues.length > 10 ? `; and ${issues.length - 10} more` : ''}`,
    );
    this.name = 'FixturesError';
  }
}
