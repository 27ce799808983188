/**
 * What the CLI does with a person's input besides validating it: the context
 * its normalisers need (the day `hoje` names, by the context's clock), and the
 * warnings about valid values, on stderr as `warning: <field>: …`, masked and
 * made safe, before anything is sent. Warnings never change the exit code.
 */
import {
  fieldWarnings,
  type InputContext,
  type Operation,
  type Params,
  type Problem,
  wallClockInput,
} from '../../catalogue/index.js';
import { maskPersonalNumbers } from '../../catalogue/mask.js';
import type { Asking, Output } from '../capabilities.js';

/** The input context of this run: today by the context's clock. */
export function inputOf(inv: Pick<Asking, 'clock'>): InputContext {
  const { clock } = inv;
  return clock.date ? { today: clock.date() } : wallClockInput;
}

/** Says a warning about one field in the run's language (card numbers and CPFs masked; once per run). */
export function warnField(inv: Output, warning: Problem): void {
  inv.warn(maskPersonalNumbers(inv.m.rules.line(warning)));
}

/** Says the warnings about an operation's validated parameters. */
export function warnParams(inv: Output, op: Operation, params: Params): void {
  for (const w of fieldWarnings(op, params)) warnField(inv, w);
}

/** What a prompt needs to read answers as flags are read, and to say their warnings (AskOptions of interactive/fields.ts). */
export function inputOptions(inv: Output & Pick<Asking, 'clock'>): {
  readonly at: InputContext;
  readonly warn: (warning: Problem) => void;
} {
  return { at: inputOf(inv), warn: (warning) => warnField(inv, warning) };
}
