/**
 * Confirmation of destructive or wide operations (GUIDE §4, the catalogue's
 * `confirm`): `always`, or `unfiltered` (when none of the audience filters is
 * set). On a TTY (and without --no-input) coopctl shows what will happen and
 * asks (default: no). `-y, --yes` skips the question. Without a TTY, or with
 * --no-input, the operation needs --yes: exit 2, nothing sent. Answering no:
 * exit 1 ("cancelled"), nothing sent. Ctrl-C at the question: exit 130.
 * The wording is the command module's `confirm` hook (a generic one without).
 */
import { requestLabel } from '../../client/mask.js';
import { audienceFilters, type Operation, type Params } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Invocation } from '../invocation.js';
import { flagOf } from '../operations/flags.js';
import type { PendingCall } from '../operations/hooks.js';
import type { ConfirmText } from '../operations/spec.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether the call needs a confirmation. */
export function needsConfirmation(op: Operation, params: Params): boolean {
  if (op.confirm === 'always') return true;
  if (op.confirm === 'unfiltered') return !audienceFilters.some((f) => present(params[f]));
  return false;
}

/** The description shown before the question (card numbers masked by the wording), with the service line. */
export function confirmText(call: Pick<PendingCall, 'spec' | 'params' | 'request'>): ConfirmText {
  const { spec, params, request } = call;
  const where = `Service: ${requestLabel(request.method, request.url)}`;
  const own = spec.confirm?.(params);
  if (!own) return { lines: [spec.op.summary, where], question: 'Go ahead?', what: 'needs confirmation' };
  return { ...own, lines: [...own.lines, where] };
}

/** The help text of a command that asks, in the language of `m`. */
export function confirmHelp(op: Operation, m: Messages): string {
  const words = m.help.safety;
  return op.confirm === 'unfiltered' ? words.asksUnfiltered(audienceFilters.map(flagOf).join(', ')) : words.asks;
}

/**
 * Asks when the call needs it. Returns undefined to go on, or an exit code
 * (1 when the answer is no); throws a UsageError (exit 2) when it cannot ask.
 */
export async function confirmCall(
  inv: Invocation,
  call: PendingCall,
  yes: boolean,
  command = `coopctl ${call.spec.op.command.join(' ')}`,
): Promise<number | undefined> {
  if (yes || !needsConfirmation(call.spec.op, call.params)) return undefined;
  const text = confirmText(call);
  if (!inv.interactive) {
    const why = inv.globals.input === false ? 'with --no-input' : 'without a terminal';
    throw new UsageError(
      `${command} ${text.what}: confirm it with --yes (-y); ${why} coopctl cannot ask. Nothing was sent`,
    );
  }
  // The facts are part of the question: shown even with --quiet (and made safe: the message may be pasted from anywhere).
  for (const line of text.lines) inv.say(line);
  const ok = await inv.ctx.prompter.confirm({ message: text.question, default: false });
  if (ok) return undefined;
  await inv.notice('cancelled: nothing was sent', 'note');
  return ExitCode.failed;
}
