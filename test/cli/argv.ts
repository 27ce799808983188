/** Command lines built from the catalogue: the command words, then one `--flag=value` per parameter. */
import type { Operation, Params } from '../../src/catalogue/index.js';

/** A field's flag as docs/commands.md states it (the spec's name in kebab-case): the oracle the tests hold the CLI to. */
export function flagOf(field: string): string {
  return `--${field.replace(/_/g, '-')}`;
}

/** `--flag=value` words of the parameters (each element of a list as its own flag). */
export function flagWords(params: Params): string[] {
  return Object.entries(params).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${flagOf(name)}=${String(v)}`),
  );
}

export function commandLine(op: Operation, params: Params): string[] {
  return [...op.command, ...flagWords(params)];
}

/** Whether a value can be written as flags (strings, or a non-empty list of strings). */
export function flaggable(value: unknown): boolean {
  return (
    typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string'))
  );
}

/** A valid call of the operation: its positional as the argument, the rest as flags, and --yes where it asks for confirmation. */
export function callArgv(op: Operation, params: Params): string[] {
  const { [op.positional ?? '']: positional, ...rest } = params;
  return [
    ...op.command,
    ...(positional === undefined ? [] : [String(positional)]),
    ...flagWords(rest),
    ...(op.confirm ? ['--yes'] : []),
  ];
}
