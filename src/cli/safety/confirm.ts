/**
 * Confirmation of destructive or wide operations (GUIDE §4, catalogue `confirm`):
 * - `always`: registration delete-address, schedule cancel, notify send-all;
 * - `unfiltered`: notify send when none of the audience filters is set.
 * On a TTY (and without --no-input) coopctl shows what will happen and asks
 * (default: no). `-y, --yes` skips the question. Without a TTY, or with
 * --no-input, the operation needs --yes: exit 2, nothing sent. Answering no:
 * exit 1 ("cancelled"), nothing sent. Ctrl-C at the question: exit 130.
 *
 * The service has no operation that counts the audience of a notification, so
 * the question cannot show a number before sending; it says so, and the
 * number of recipients is printed from the answer after sending.
 */
import { maskValue, requestLabel } from '../../client/mask.js';
import type { HttpRequest } from '../../client/types.js';
import { audienceFilters, type Operation, type Params } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { flagOf } from '../operations/flags.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether the call needs a confirmation. */
export function needsConfirmation(op: Operation, params: Params): boolean {
  if (op.confirm === 'always') return true;
  if (op.confirm === 'unfiltered') return !audienceFilters.some((f) => present(params[f]));
  return false;
}

const AUDIENCE_SIZE =
  'Audience size: not known before sending (the service has no operation that counts app users); the answer reports the number of recipients.';

export interface ConfirmText {
  /** What will happen, one fact a line. */
  readonly lines: readonly string[];
  /** The yes/no question. */
  readonly question: string;
  /** Why it needs confirming, for the message without a terminal. */
  readonly what: string;
}

function message(params: Params): string {
  const text = String(params['conteudo'] ?? '');
  return `Message: "${text}" (tipo_notificacao ${String(params['tipo_notificacao'] ?? '?')})`;
}

/** The description shown before the question (card numbers masked). */
export function confirmText(op: Operation, params: Params, request: Pick<HttpRequest, 'method' | 'url'>): ConfirmText {
  const where = `Service: ${requestLabel(request.method, request.url)}`;
  switch (op.id) {
    case 'registration.delete-address':
      return {
        lines: [
          `Delete address ${String(params['endereco_ind'])} (endereco_ind) of card ${maskValue('usuario_cartao', String(params['usuario_cartao']))}`,
          where,
        ],
        question: 'Delete this address? This cannot be undone.',
        what: 'deletes an address',
      };
    case 'schedule.cancel':
      return {
        lines: [`Cancel appointment ${String(params['cd_evento'])} (cd_evento)`, where],
        question: 'Cancel this appointment? This cannot be undone.',
        what: 'cancels an appointment',
      };
    case 'notify.send-all':
      return {
        lines: ['Send a push notification to ALL app users of the cooperative', AUDIENCE_SIZE, message(params), where],
        question: 'Send to ALL app users? This cannot be undone.',
        what: 'sends a notification to all app users',
      };
    case 'notify.send':
      return {
        lines: [
          `Send a push notification with no audience filter (${audienceFilters.map(flagOf).join(', ')}): it goes to every app user of the cooperative`,
          AUDIENCE_SIZE,
          message(params),
          where,
        ],
        question: 'Send to every app user? This cannot be undone.',
        what: `has no audience filter (${audienceFilters.map(flagOf).join(', ')}), so it sends to every app user`,
      };
    default:
      return { lines: [`${op.summary}`, where], question: 'Go ahead?', what: 'needs confirmation' };
  }
}

/** The help text of a command that asks. */
export function confirmHelp(op: Operation): string {
  const when =
    op.confirm === 'unfiltered' ? `When none of ${audienceFilters.map(flagOf).join(', ')} is given, it asks` : 'Asks';
  return `${when} for confirmation on a terminal (default: no);\n-y, --yes skips the question, and is needed without a terminal or with --no-input.`;
}

/**
 * Asks when the call needs it. Returns undefined to go on, or an exit code
 * (1 when the answer is no); throws a UsageError (exit 2) when it cannot ask.
 */
export async function confirmCall(
  inv: Invocation,
  op: Operation,
  params: Params,
  request: HttpRequest,
  yes: boolean,
  command = `coopctl ${op.command.join(' ')}`,
): Promise<number | undefined> {
  if (yes || !needsConfirmation(op, params)) return undefined;
  const text = confirmText(op, params, request);
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
