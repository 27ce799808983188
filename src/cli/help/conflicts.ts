/**
 * Options that cannot be used together, declared through commander's public
 * `Option.conflicts` and remembered here too: commander keeps its list out of
 * its typings, and CoopCommand (command.ts) names both options of a conflict
 * it reports.
 */
import type { Option } from 'commander';

const declared = new WeakMap<Option, readonly string[]>();

/** `option` conflicts with the options of these attribute names (`output`, `dryRun`). */
export function conflicting(option: Option, names: string | readonly string[]): Option {
  const list = typeof names === 'string' ? [names] : [...names];
  declared.set(option, [...(declared.get(option) ?? []), ...list]);
  return option.conflicts(list);
}

/** The attribute names `option` was declared to conflict with. */
export const conflictsOf = (option: Option): readonly string[] => declared.get(option) ?? [];
