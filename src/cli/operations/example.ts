/** The derived example of an operation's command, built from the catalogue rules' examples. */
import { sampleParams, type Operation } from '../../catalogue/index.js';
import { shellQuote } from '../output/shell.js';
import { flagOf } from './flags.js';

/** A working example: the positional, then the required flags without a default. */
export function exampleOf(op: Operation): string {
  const sample = sampleParams(op, false);
  const words = ['coopctl', ...op.command];
  if (op.positional) words.push(shellQuote(String(sample[op.positional])));
  for (const [name, value] of Object.entries(sample)) {
    if (name === op.positional || op.params[name]!.cliDefault !== undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) words.push(flagOf(name), shellQuote(String(v)));
  }
  return words.join(' ');
}
