/**
 * A command's extra flags (besides its operation's fields and the global
 * flags), declared once with their types: the declaration makes commander's
 * options (the flag is its name in kebab case, its help in the run's language)
 * and reads their values as typed (as wrangler's `defineCommand({ args })`).
 */
import { Option, type OptionValues } from 'commander';
import type { Messages } from './i18n/index.js';

interface FlagBase {
  /** The one-letter alias (`y` for `-y`). */
  readonly short?: string;
  help(m: Messages): string;
}

/** A switch: true when given. */
export interface BooleanFlag extends FlagBase {
  readonly type: 'boolean';
}

/** A flag with a value: undefined when not given. */
export interface StringFlag extends FlagBase {
  readonly type: 'string';
  /** The value's name in the help (`--usuario-cartao <card>`). */
  placeholder(m: Messages): string;
}

export type FlagDecl = BooleanFlag | StringFlag;
/** Flags by commander's attribute name (`dryRun` is `--dry-run`). */
export type FlagDecls = Readonly<Record<string, FlagDecl>>;

/** The values of declared flags. */
export type FlagValues<D extends FlagDecls> = {
  readonly [K in keyof D]: D[K] extends BooleanFlag ? boolean : string | undefined;
};

/** `dryRun` → `dry-run`. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Commander's options of the declared flags, described in the language of `m`. */
export function flagOptions(decls: FlagDecls, m: Messages): Option[] {
  return Object.entries(decls).map(([name, d]) => {
    const short = d.short === undefined ? '' : `-${d.short}, `;
    const value = d.type === 'string' ? ` <${d.placeholder(m)}>` : '';
    return new Option(`${short}--${kebab(name)}${value}`, d.help(m));
  });
}

/** The declared flags' values among the command's parsed options, each of its declared type. */
export function readFlags<D extends FlagDecls>(decls: D, given: OptionValues): FlagValues<D> {
  const values: Record<string, boolean | string | undefined> = {};
  for (const [name, d] of Object.entries(decls)) {
    const value: unknown = given[name];
    values[name] = d.type === 'boolean' ? value === true : typeof value === 'string' ? value : undefined;
  }
  return values as FlagValues<D>;
}
