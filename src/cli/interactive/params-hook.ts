/**
 * The `params` hook that asks for missing required fields: only when stdin
 * and stdout are TTYs and --no-input is absent. Otherwise the parameters pass
 * unchanged, and validation reports the missing flag (exit 2). While it asks,
 * an optional card not given, the operation's only optional field, is offered
 * too (Enter leaves it out): a device
 * registered for a beneficiary (`notify device register`) is what the
 * operator usually means, and would otherwise need the flag to be known.
 */
import type { Operation, Params } from '../../catalogue/index.js';
import type { Asking, Output } from '../capabilities.js';
import { flagOf } from '../operations/flags.js';
import { inputOptions } from '../operations/input.js';
import { askField, missingRequired } from './fields.js';

/**
 * The optional fields offered while the required ones are asked: a card not
 * given, when it is the operation's only optional field (an operation with
 * more, such as `notify send`'s audience filters, asks them in its own flow).
 */
function offeredOptional(op: Operation, raw: Params): string[] {
  const optional = Object.entries(op.params).filter(([, f]) => !f.required);
  if (optional.length !== 1) return [];
  return optional
    .filter(([name, f]) => f.personal === 'card' && (raw[name] === undefined || raw[name] === null))
    .map(([name]) => name);
}

export async function promptMissingParams(op: Operation, raw: Params, inv: Output & Asking): Promise<Params> {
  if (!inv.interactive) return raw;
  const missing = missingRequired(op.params, raw);
  if (missing.length === 0) return raw;
  inv.info(inv.m.prompts.missing(`coopctl ${op.command.join(' ')}`, missing.length, missing.map(flagOf).join(' ')));
  const out: Params = { ...raw };
  const input = inputOptions(inv);
  for (const name of missing) {
    const answer = await askField(inv, name, op.params[name]!, input);
    if (answer !== undefined) out[name] = answer;
  }
  for (const name of offeredOptional(op, raw)) {
    const answer = await askField(inv, name, op.params[name]!, { ...input, optional: true });
    if (answer !== undefined) out[name] = answer;
  }
  return out;
}
