/**
 * The derived example of an operation's command, built from the catalogue
 * rules' examples: one that succeeds against the demo data (test/e2e/examples
 * runs it). A command that always asks first shows `--yes` (without a
 * terminal it cannot ask); one that asks when no audience filter is given
 * shows the narrowest filter, the card.
 */
import { type audienceFilters, sampleParams, type Operation } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import { shellQuote } from '../output/shell.js';
import { fieldExample, flagOf } from './flags.js';

/** The audience filter the examples narrow a notification to. */
const exampleFilter: (typeof audienceFilters)[number] = 'usuario_cartao';

/** A working example in the run's language: the positional, then the required flags without a default. */
export function exampleOf(op: Operation, m: Messages): string {
  const sample = sampleParams(op, false);
  for (const [name, f] of Object.entries(op.params))
    if (f.words.example && name in sample) sample[name] = fieldExample(m, f);
  if (op.confirm === 'unfiltered' && op.params[exampleFilter]) sample[exampleFilter] = op.params[exampleFilter].example;
  const words = ['coopctl', ...op.command];
  if (op.positional) words.push(shellQuote(String(sample[op.positional])));
  for (const [name, value] of Object.entries(sample)) {
    if (name === op.positional || op.params[name]!.cliDefault !== undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) words.push(flagOf(name), shellQuote(String(v)));
  }
  if (op.confirm === 'always') words.push('--yes');
  return words.join(' ');
}
