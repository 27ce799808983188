/**
 * `schedule cancel`: the service cancels by `cd_evento` and lists
 * appointments by card only, so with `--usuario-cartao` (not sent with the
 * cancellation) coopctl first reads the card's appointments, the
 * beneficiary's name and the provider's location, and the confirmation and
 * the outcome say whose appointment it is and when; without it they say what
 * is known.
 */
import { Option } from 'commander';
import { normaliseParams, operation, type Params } from '../../../catalogue/index.js';
import { parseProviders, providerCode } from '../../config/providers.js';
import { text } from '../../i18n/facts.js';
import type { AppointmentFacts } from '../../i18n/messages/confirm.js';
import type { Invocation } from '../../invocation.js';
import { checkedInput, helpHint } from '../../operations/execute.js';
import { inputOf } from '../../operations/input.js';
import { readQuietly } from '../../operations/read.js';
import type { Subject } from '../../operations/spec.js';
import { defineCommand } from '../define.js';

const cancelOp = operation('schedule.cancel');
const listOp = operation('schedule.list');

/** The card given with --usuario-cartao, checked as `schedule list` checks it (a usage error names the flag). */
function cardOf(inv: Invocation): string | undefined {
  const given = (inv.globals as unknown as Record<string, unknown>)['usuarioCartao'];
  if (given === undefined) return undefined;
  const raw: Params = normaliseParams(listOp, { usuario_cartao: given, ind_apenas_concluidas: 'N' }, inputOf(inv));
  return text(checkedInput(inv, listOp, raw, helpHint(cancelOp))['usuario_cartao']);
}

/** The provider's name in the `providers` setting, if it names it. */
async function providerName(inv: Invocation, code: string): Promise<string | undefined> {
  const value = (await inv.settings()).providers.value;
  const parsed = value === undefined ? undefined : parseProviders(value);
  return parsed?.ok ? parsed.directory.get(providerCode(code)) : undefined;
}

/** The appointment `id` among the card's, with whose it is and where, or why it cannot be said. */
async function appointmentOf(inv: Invocation, id: string, card: string): Promise<Subject> {
  const words = inv.m.confirm.cancel;
  const list = await readQuietly(inv, listOp, { usuario_cartao: card, ind_apenas_concluidas: 'N' });
  const found = list?.find((r) => text(r['cd_evento']) === id);
  if (!found) return { lines: [list ? words.missing(id, card) : words.unread(card)], brief: '' };
  const provider = text(found['prest_cod_svc_card']);
  const [registration, locations, name] = await Promise.all([
    readQuietly(inv, operation('registration.show'), { usuario_cartao: card }),
    readQuietly(inv, operation('schedule.locations'), { prest_cod_svc_card: provider }),
    providerName(inv, provider),
  ]);
  const person = text(registration?.[0]?.['nome']);
  const facts: AppointmentFacts = {
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
  const brief = words.brief(facts);
  return { lines: [brief, words.status(facts.status)], brief };
}

export const cancel = defineCommand(cancelOp, {
  options: (m) => [new Option(`--usuario-cartao <${m.help.field.card}>`, m.confirm.cancel.cardOption)],
  subject: async (inv, params) => {
    const card = cardOf(inv);
    if (card === undefined) return { lines: [inv.m.confirm.cancel.unknown], brief: '' };
    return appointmentOf(inv, text(params.cd_evento), card);
  },
  confirm: (params, m, subject) => ({
    lines: [m.confirm.cancel.line(text(params.cd_evento)), ...(subject?.lines ?? [])],
    question: m.confirm.cancel.question,
    what: m.confirm.cancel.what,
  }),
});
