/**
 * Confirmation of destructive or wide operations (docs/commands.md, "Safety: confirmations and dry runs"; the catalogue's
 * `confirm`): `always`, or `unfiltered` (when none of the audience filters is
 * set). On a TTY (and without --no-input) coopctl shows what will happen and
 * asks (default: no). `-y, --yes` skips the question. Without a TTY, or with
 * --no-input, the operation needs --yes: exit 2, nothing sent. Answering no:
 * exit 1 ("cancelled"), nothing sent. Ctrl-C at the question: exit 130.
 * The wording is the command module's `confirm` hook (a generic one without),
 * in the run's language, with what the module's `subject` hook read first
 * (whose appointment, which address). When what was read shows the call acts
 * on something else than the person said (the subject's `refusal`: an
 * appointment that is not the given card's), it stops there, --yes or not:
 * exit 1, nothing sent. A flow that asked already (notify send's audience on
 * a terminal) marks its call `confirmed`, which is not asked again.
 */
import { requestLabel } from '../../client/mask.js';
import { audienceFilters, type Operation, type Params } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import { flagOf } from '../operations/flags.js';
import type { PendingCall } from '../operations/pipeline.js';
import type { ConfirmText, Subject } from '../operations/spec.js';
import { subjectOf } from '../operations/subject.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether the call needs a confirmation. */
export function needsConfirmation(op: Operation, params: Params): boolean {
  if (op.confirm === 'always') return true;
  if (op.confirm === 'unfiltered') return !audienceFilters.some((f) => present(params[f]));
  return false;
}

/** The description shown before the question (card numbers masked by the wording), with the service line. */
export function confirmText(
  call: Pick<PendingCall, 'spec' | 'params' | 'request'>,
  m: Messages,
  subject?: Subject,
): ConfirmText {
  const { spec, params, request } = call;
  const where = m.confirm.service(requestLabel(request.method, request.url));
  const own = spec.confirm?.(params, m, subject);
  if (!own)
    return {
      lines: [m.fieldsHelp.summary(spec.op), ...(subject?.lines ?? []), where],
      question: m.confirm.question,
      what: m.confirm.what,
    };
  return { ...own, lines: [...own.lines, where] };
}

/** The help text of a command that asks, in the language of `m`. */
export function confirmHelp(op: Operation, m: Messages): string {
  const words = m.help.safety;
  return op.confirm === 'unfiltered' ? words.asksUnfiltered(audienceFilters.map(flagOf).join(', ')) : words.asks;
}

/**
 * Asks when the call needs it (or always, with `always`, on a terminal), with
 * --yes only reading what it acts on (and refusing it when that says so).
 * Returns undefined to go on, or an exit code (5 when the answer is no, 1 when
 * the call is refused); throws a UsageError (exit 2) when it must ask and cannot.
 */
export async function confirmCall(
  inv: Output & Asking & Service & Settings & GivenFlags,
  call: PendingCall,
  yes: boolean,
  command = `coopctl ${call.spec.op.command.join(' ')}`,
  always = false,
): Promise<number | undefined> {
  if (call.confirmed) return undefined;
  const needed = needsConfirmation(call.spec.op, call.params);
  if (!needed && !(always && inv.interactive)) return undefined;
  if (!yes && !inv.interactive) {
    const text = confirmText(call, inv.m);
    throw new UsageError(inv.m.confirm.needsYes(command, text.what, inv.noInput));
  }
  const subject = await subjectOf(inv, call);
  if (subject?.refusal !== undefined) {
    await inv.notice(subject.refusal, 'error');
    return ExitCode.failed;
  }
  if (yes) return undefined;
  const text = confirmText(call, inv.m, subject);
  // The facts are part of the question: shown even with --quiet (and made safe: the message may be pasted from anywhere).
  for (const line of text.lines) inv.say(line);
  const ok = await inv.prompter.confirm({ message: text.question, default: false });
  if (ok) return undefined;
  await inv.notice(inv.m.common.nothingSent, 'note');
  return ExitCode.declined;
}
