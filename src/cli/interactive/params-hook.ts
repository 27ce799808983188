/**
 * The `params` hook that asks for missing required fields (GUIDE §4): only
 * when stdin and stdout are TTYs and --no-input is absent. Otherwise the
 * parameters pass unchanged, and validation reports the missing flag (exit 2).
 */
import type { Operation, Params } from '../../catalogue/index.js';
import type { OperationIo } from '../capabilities.js';
import { flagOf } from '../operations/flags.js';
import { inputOptions } from '../operations/input.js';
import { askField, missingRequired } from './fields.js';

export async function promptMissingParams(op: Operation, raw: Params, inv: OperationIo): Promise<Params> {
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
  return out;
}
