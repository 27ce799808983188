/**
 * `schedule cancel`: the service cancels by `cd_evento` alone and lists
 * appointments by card only, so it cannot refuse to cancel another
 * beneficiary's appointment. With `--usuario-cartao` (not sent with the
 * cancellation) coopctl first reads the card's appointments, the
 * beneficiary's name and the provider's location: the confirmation and the
 * outcome say whose appointment it is and when, and when it is not that
 * card's active appointment (or the card's appointments cannot be read)
 * nothing is sent, --yes or not, unless `--force`. On a terminal without a
 * card, it offers the card the shell's last command used (recent-card.ts), or
 * asks for the card, before asking to cancel (the appointment's owner comes
 * from that card's list).
 */
import { cancellableStatuses, appointmentStatuses } from '../../../catalogue/codes.js';
import { normaliseParams, operation, said, type Params, type Row } from '../../../catalogue/index.js';
import { parseProviders, providerCode } from '../../config/providers.js';
import { text } from '../../i18n/facts.js';
import type { AppointmentFacts } from '../../i18n/messages/confirm.js';
import type { Asking, GivenFlags, Output, Service, Settings, Words } from '../../capabilities.js';
import type { FlagValues } from '../../flags/declared.js';
import type { Messages } from '../../i18n/index.js';
import { askField } from '../../interactive/fields.js';
import { keepCard, recentCard } from '../../interactive/recent-card.js';
import { checkedInput, helpHint } from '../../operations/execute.js';
import { inputOf, inputOptions } from '../../operations/input.js';
import { readQuietly } from '../../operations/read.js';
import type { Subject, SubjectContext } from '../../operations/spec.js';
import { assumeYes } from '../../safety/flags.js';
import { defineCommand } from '../define.js';

const cancelOp = operation('schedule.cancel');
const listOp = operation('schedule.list');

/** The command's own flags: whose appointment it should be, and whether to cancel even when the check says not to. */
const flags = {
  usuarioCartao: {
    type: 'value',
    placeholder: (m: Messages) => m.help.field.card,
    help: (m: Messages) => m.confirm.cancel.cardOption,
  },
  force: { type: 'boolean', help: (m: Messages) => m.confirm.cancel.forceOption },
} as const;
type Flags = FlagValues<typeof flags>;

/** A card, checked as `schedule list` checks it (a usage error names the flag). */
function checkedCard(inv: Output & Pick<Asking, 'clock'>, given: unknown): string {
  const raw: Params = normaliseParams(listOp, { usuario_cartao: given, ind_apenas_concluidas: 'N' }, inputOf(inv));
  return text(checkedInput(inv, listOp, raw, helpHint(cancelOp))['usuario_cartao']);
}

/**
 * The card whose appointment it should be: --usuario-cartao, else, when the
 * run will ask to cancel on a terminal (no --yes, no --force), asked for; else
 * undefined.
 */
async function cardOf(
  inv: Output & Asking & GivenFlags,
  context: SubjectContext,
  given: Flags,
): Promise<string | undefined> {
  if (given.usuarioCartao !== undefined) return checkedCard(inv, given.usuarioCartao);
  if (!context.mayAsk || assumeYes(inv) || given.force) return undefined;
  // The card a command of this shell just used (schedule list, registration show): offered, not typed again.
  const recent = recentCard(inv);
  if (recent && (await inv.prompter.confirm({ message: inv.m.confirm.cancel.recentCard(recent), default: true })))
    return recent;
  // The question says whose card it is, in the run's language (both of the field's languages: the run shows one).
  const question = inv.m.confirm.cancel.cardQuestion;
  const card = listOp.params.usuario_cartao;
  const field = { ...card, words: { ...card.words, question: said(question, question) } };
  const typed = checkedCard(inv, await askField(inv, 'usuario_cartao', field, inputOptions(inv)));
  await keepCard(inv, typed);
  return typed;
}

/** The provider's name in the `providers` setting, if it names it. */
async function providerName(inv: Settings, code: string): Promise<string | undefined> {
  const value = (await inv.settings()).providers.value;
  const parsed = value === undefined ? undefined : parseProviders(value);
  return parsed?.ok ? parsed.directory.get(providerCode(code)) : undefined;
}

/** Whether a status is one the documented table calls over (realizado, faltou, cancelado); any other may be active. */
function ended(status: string): boolean {
  const s = status.trim().toLowerCase();
  return Object.hasOwn(appointmentStatuses, s) && !(cancellableStatuses as readonly string[]).includes(s);
}

/** What a check that failed gives: the refusal, or with --force the facts and a line saying it goes on. */
function failedCheck(inv: Words, force: boolean, refusal: string, lines: readonly string[]): Subject {
  if (!force) return { lines, brief: '', refusal };
  return { lines: [...lines, inv.m.confirm.cancel.forced], brief: '' };
}

/** The appointment's facts, as the confirmation and the outcome say them. */
async function factsOf(inv: Service & Settings, found: Row, card: string): Promise<AppointmentFacts> {
  const provider = text(found['prest_cod_svc_card']);
  const [registration, locations, name] = await Promise.all([
    readQuietly(inv, operation('registration.show'), { usuario_cartao: card }),
    readQuietly(inv, operation('schedule.locations'), { prest_cod_svc_card: provider }),
    providerName(inv, provider),
  ]);
  const person = text(registration?.[0]?.['nome']);
  return {
    card,
    date: text(found['data_consulta']),
    start: text(found['hora_inicio']),
    end: text(found['hora_fim']),
    provider,
    status: text(found['status_agendamento']),
    ...(person ? { name: person } : {}),
    ...(name ? { providerName: name } : {}),
    // A provider with one service location: the appointment is there.
    ...(locations?.length === 1 ? { location: text(locations[0]!['nm_local']) } : {}),
  };
}

/** The appointment `id` among the card's, with whose it is and where; refused when it is not the card's active one. */
async function appointmentOf(
  inv: Words & Service & Settings,
  id: string,
  card: string,
  force: boolean,
): Promise<Subject> {
  const words = inv.m.confirm.cancel;
  const list = await readQuietly(inv, listOp, { usuario_cartao: card, ind_apenas_concluidas: 'N' });
  if (!list) return failedCheck(inv, force, words.cannotCheck(id, card), [words.unread(card)]);
  const found = list.find((r) => text(r['cd_evento']) === id);
  if (!found) return failedCheck(inv, force, words.notTheCards(id, card), [words.missing(id, card)]);
  const facts = await factsOf(inv, found, card);
  const brief = words.brief(facts);
  const lines = [brief, words.status(facts.status)];
  if (ended(facts.status)) return { ...failedCheck(inv, force, words.ended(id, card, facts.status), lines), brief };
  return { lines, brief };
}

export const cancel = defineCommand(cancelOp, {
  flags,
  subject: async (inv, params, context) => {
    const card = await cardOf(inv, context, context.flags);
    if (card === undefined) return { lines: [inv.m.confirm.cancel.unknown], brief: '' };
    return appointmentOf(inv, text(params.cd_evento), card, context.flags.force);
  },
  confirm: (params, m, subject) => ({
    lines: [m.confirm.cancel.line(text(params.cd_evento)), ...(subject?.lines ?? [])],
    question: m.confirm.cancel.question,
    what: m.confirm.cancel.what,
  }),
});
