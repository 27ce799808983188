/**
 * A command's positional arguments, declared once with their types, as its
 * flags are (flags/declared.ts): the declaration makes commander's arguments
 * (the name in the usage line and the help in the run's language, choices or
 * a parser) and reads the values commander parsed as typed, so that no
 * command casts `args[0]`.
 */
import { Argument, type Command } from 'commander';
import type { Messages } from '../i18n/index.js';

/** One positional argument: `<name>`, or `[name]` when `optional`; its text as given, one of `choices`, or what `parse` makes. */
export interface ArgDecl {
  /** Its name in the usage line (`<card>`, `[cartão]`). */
  name(m: Messages): string;
  help(m: Messages): string;
  readonly optional?: boolean;
  readonly choices?: readonly string[];
  /** The parser of the value, its errors (commander's InvalidArgumentError) in the language of `m`; not with `choices`. */
  parse?(m: Messages): (value: string) => unknown;
}

export type ArgDecls = readonly ArgDecl[];

type OneArg<A> = A extends { parse(m: Messages): (value: string) => infer T }
  ? T
  : A extends { readonly choices: readonly (infer C)[] }
    ? C
    : string;

/** The values of declared arguments, in their order: undefined for an optional one not given. */
export type ArgValues<D extends ArgDecls> = {
  readonly [K in keyof D]: D[K] extends { readonly optional: true } ? OneArg<D[K]> | undefined : OneArg<D[K]>;
};

/** Adds the declared arguments to `command`, described in the language of `m`. */
export function addArgs(command: Command, decls: ArgDecls, m: Messages): Command {
  for (const d of decls) {
    const arg = new Argument(d.optional ? `[${d.name(m)}]` : `<${d.name(m)}>`, d.help(m));
    if (d.choices) arg.choices(d.choices);
    if (d.parse) arg.argParser(d.parse(m));
    command.addArgument(arg);
  }
  return command;
}

/** The declared arguments' values among those commander gave the action, each of its declared type. */
export function readArgs<const D extends ArgDecls>(decls: D, given: readonly unknown[]): ArgValues<D> {
  return decls.map((d, i) => {
    const value = given[i];
    if (value === undefined && d.optional) return undefined;
    // Commander has applied the parser, or refused a text outside the choices, before the action runs.
    if (d.parse || (typeof value === 'string' && (!d.choices || d.choices.includes(value)))) return value;
    throw new Error(`argument ${i + 1} is not of its declared type: ${typeof value}`);
  }) as unknown as ArgValues<D>;
}
