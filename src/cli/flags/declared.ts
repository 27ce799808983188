/**
 * A command's own flags (besides its operation's fields and the global
 * flags), declared once with their types: the declaration makes commander's
 * options (the flag is its name in kebab case, its help in the run's language)
 * and reads their values as typed (as wrangler's `defineCommand({ args })`).
 * Every command declares its flags so; none reads commander's options itself.
 */
import { type Command, Option, type OptionValues } from 'commander';
import type { Messages } from '../i18n/index.js';
import { conflicting } from '../help/conflicts.js';

interface FlagBase {
  /** The one-letter alias (`y` for `-y`). */
  readonly short?: string;
  help(m: Messages): string;
  /** The flags (by name) it cannot be given with: commander's usage error names both. */
  readonly conflicts?: readonly string[];
}

/** A switch: true when given; `negatable` makes it `--no-<name>`, true unless given. */
export interface BooleanFlag extends FlagBase {
  readonly type: 'boolean';
  readonly negatable?: boolean;
}

/**
 * A flag with a value: the text as given, one of `choices`, or what `parse`
 * makes of it (what it throws, commander's InvalidArgumentError, is the usage
 * error); `default` when not given (shown in the help), else undefined. A
 * `repeatable` flag gathers every value given into a list (empty when none).
 */
export interface ValueFlag extends FlagBase {
  readonly type: 'value';
  /** The value's name in the help (`--usuario-cartao <card>`). */
  placeholder(m: Messages): string;
  readonly choices?: readonly string[];
  /** The parser of one value, its errors in the language of `m`; not with `choices`. */
  parse?(m: Messages): (value: string) => unknown;
  readonly default?: unknown;
  readonly repeatable?: boolean;
}

export type FlagDecl = BooleanFlag | ValueFlag;
/** Flags by commander's attribute name (`dryRun` is `--dry-run`, a negatable `metrics` is `--no-metrics`). */
export type FlagDecls = Readonly<Record<string, FlagDecl>>;

/** One value of a value flag: what its parser makes, one of its choices, or the text. */
type OneValue<F> = F extends { parse(m: Messages): (value: string) => infer T }
  ? T
  : F extends { readonly choices: readonly (infer C)[] }
    ? C
    : string;

/** A flag's value: a list when repeatable; with its default's type when it has one, else possibly undefined. */
type ValueOf<F> = F extends BooleanFlag
  ? boolean
  : F extends { readonly repeatable: true }
    ? readonly OneValue<F>[]
    : F extends { readonly default: infer X }
      ? OneValue<F> | X
      : OneValue<F> | undefined;

/** The values of declared flags. */
export type FlagValues<D extends FlagDecls> = { readonly [K in keyof D]: ValueOf<D[K]> };

/** Declarations whose `conflicts` name only flags declared with them (checked by the compiler). */
type Consistent<D extends FlagDecls> = { readonly [K in keyof D]: { readonly conflicts?: readonly (keyof D)[] } };

/** The keys of `T` whose values are texts: of a command's words, those a declaration's `help` may name. */
export type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** A value's name in the help among the common ones (`file`, `days`, …), for a declaration's `placeholder`. */
export const named =
  (key: keyof Messages['help']['field']['placeholder']) =>
  (m: Messages): string =>
    m.help.field.placeholder[key];

/** `dryRun` → `dry-run`. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function optionOf(name: string, d: FlagDecl, m: Messages): Option {
  const short = d.short === undefined ? '' : `-${d.short}, `;
  const option =
    d.type === 'boolean'
      ? new Option(`${short}--${d.negatable ? 'no-' : ''}${kebab(name)}`, d.help(m))
      : new Option(`${short}--${kebab(name)} <${d.placeholder(m)}>`, d.help(m));
  if (d.conflicts) conflicting(option, d.conflicts);
  if (d.type === 'boolean') return option;
  if (d.choices) option.choices(d.choices);
  const one = d.parse?.(m) ?? ((value: string): unknown => value);
  if (d.repeatable)
    option.argParser((value: string, previous: unknown) => [...(Array.isArray(previous) ? previous : []), one(value)]);
  else if (d.parse) option.argParser(one);
  if (d.default !== undefined) option.default(d.default);
  return option;
}

/** Adds the declared flags to `command` as commander's options, described in the language of `m`. */
export function addFlags<D extends FlagDecls>(command: Command, decls: D & Consistent<D>, m: Messages): Command {
  for (const [name, d] of Object.entries(decls)) command.addOption(optionOf(name, d, m));
  return command;
}

/** A flag's value among the parsed options: commander's, checked where its type allows. */
function flagValue(d: FlagDecl, value: unknown): unknown {
  if (d.type === 'boolean') return d.negatable ? value !== false : value === true;
  if (d.repeatable) return Array.isArray(value) ? value : [];
  if (value === undefined) return d.default;
  if (d.parse) return value;
  return typeof value === 'string' && (!d.choices || d.choices.includes(value)) ? value : d.default;
}

/** The declared flags' values among a command's parsed options (`opts()`), each of its declared type. */
export function readFlags<D extends FlagDecls>(decls: D, given: OptionValues): FlagValues<D> {
  const values: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(decls)) values[name] = flagValue(d, given[name]);
  return values as FlagValues<D>;
}
