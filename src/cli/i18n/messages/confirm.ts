/**
 * Confirmations (what will happen, then a yes/no question), what the commands
 * that ask read before asking (whose appointment, which address), the
 * audience of a notification, and the notes of a dry run.
 */
import { card, text } from '../facts.js';
import { formatIsoDate } from '../format.js';
import type { Translation, Words } from '../shape.js';
import * as codes from './codes.js';

/** An appointment as read before cancelling it (buscaagendamentos, buscadadosusuario, the providers setting). */
export interface AppointmentFacts {
  readonly card: string;
  /** The beneficiary's name, when the registration could be read. */
  readonly name?: string;
  /** yyyy-mm-dd, hh:mi, hh:mi. */
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly provider: string;
  /** From the `providers` setting. */
  readonly providerName?: string;
  /** The provider's only service location, when it has one. */
  readonly location?: string;
  readonly status: string;
}

/** An address as read before deleting it (buscadadosusuario). */
export interface AddressFacts {
  readonly name: string;
  /** `[endereco]tipo`, e.g. COMERCIAL. */
  readonly type: string;
  /** Street, number, district, city/state. */
  readonly place: string;
}

/** The audience filters of `envianotificacao` that were given. */
export interface Audience {
  readonly grupo_usuario?: unknown;
  readonly tipo_beneficiario?: unknown;
  readonly usuario_cartao?: unknown;
}

/** The audience's conditions, each a code with its meaning. */
function conditions(a: Audience, c: typeof codes.words.en): string[] {
  const out: string[] = [];
  if (text(a.grupo_usuario)) out.push(c.coded('grupo_usuario', 'userGroups', text(a.grupo_usuario)));
  if (text(a.tipo_beneficiario)) out.push(c.coded('tipo_beneficiario', 'beneficiaryTypes', text(a.tipo_beneficiario)));
  if (text(a.usuario_cartao)) out.push(`usuario_cartao ${card(a.usuario_cartao)}`);
  return out;
}

const listed = (items: readonly string[], and: string) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;

const c = codes.words.en;
const pc = codes.words['pt-BR'];

const en = {
  /** The line naming the request, after the facts. */
  service: (request: string) => `Service: ${request}`,
  question: 'Go ahead?',
  what: 'needs confirmation',
  /** Without a terminal (or with --no-input) a call that asks needs --yes. */
  needsYes: (command: string, what: string, noInput: boolean) =>
    `${command} ${what}: confirm it with --yes (-y); ${noInput ? 'with --no-input' : 'without a terminal'} coopctl cannot ask. Nothing was sent`,
  dryRun: 'dry run: nothing was sent',
  tokenNotPrinted: (from: string, variable: string) =>
    `note: the token (from ${from}) is not printed: set ${variable} to it before running the command`,

  saveAddress: {
    /** After an insertion, on a terminal: the code the service gave the new address. */
    inserted: (code: string) => `The new address's code is ${code} (endereco_ind, for an update or delete-address)`,
  },
  deleteAddress: {
    line: (ind: string, cardNumber: string) => `Delete address ${ind} (endereco_ind) of card ${card(cardNumber)}`,
    address: (a: AddressFacts) => `Address: ${a.type} – ${a.place}`,
    beneficiary: (name: string) => `Beneficiary: ${name}`,
    brief: (a: AddressFacts) => `${a.type} – ${a.place}`,
    missing: (ind: string, cardNumber: string, others: string) =>
      `Card ${card(cardNumber)} has no address ${ind}${others ? ` (its addresses: ${others})` : ''}: the service will probably refuse`,
    question: 'Delete this address? This cannot be undone.',
    /** On a terminal without --endereco-ind: the card's addresses to choose from. */
    pick: 'Which address to delete (endereco_ind)?',
    what: 'deletes an address',
  },

  cancel: {
    line: (id: string) => `Cancel appointment ${id} (cd_evento)`,
    /** `2026-12-03 09:00–09:30, Ana Souza (card ****1005), Clínica Geral (provider 9001), Centro`. */
    brief: (a: AppointmentFacts) =>
      [
        `${formatIsoDate('en', a.date)} ${a.start}–${a.end}`,
        a.name ? `${a.name} (card ${card(a.card)})` : `card ${card(a.card)}`,
        a.providerName ? `${a.providerName} (provider ${a.provider})` : `provider ${a.provider}`,
        ...(a.location ? [a.location] : []),
      ].join(', '),
    status: (status: string) => `Status: ${c.coded('status_agendamento', 'appointmentStatuses', status)}`,
    unknown:
      'Whose appointment it is is not shown: the service lists appointments by card only (add --usuario-cartao <card> to see it here)',
    missing: (id: string, cardNumber: string) =>
      `Appointment ${id} is not among the appointments of card ${card(cardNumber)}`,
    unread: (cardNumber: string) =>
      `The appointments of card ${card(cardNumber)} could not be read: whose appointment it is is not shown`,
    question: 'Cancel this appointment? This cannot be undone.',
    what: 'cancels an appointment',
    /** The help of `schedule cancel --usuario-cartao`. */
    cardOption:
      "the beneficiary's card: coopctl reads the appointment first, to say whose it is and when, and sends nothing unless it is that card's active appointment (not sent with the cancellation)",
    /** The help of `schedule cancel --force`. */
    forceOption:
      "cancel even when the appointment is not the --usuario-cartao card's active one (and, on a terminal, without asking whose it is)",
    /** The question for the card, on a terminal, when none was given. */
    cardQuestion: 'card of the beneficiary whose appointment it is',
    /** On a terminal without --usuario-cartao, when a command of this shell used a card a moment ago (recent-card.ts). */
    recentCard: (cardNumber: string) =>
      `Is it an appointment of card ${card(cardNumber)} (the card of your last command)?`,
    /** Refusals (exit 1, nothing sent): the service cancels by cd_evento alone and cannot tell whose it is. */
    notTheCards: (id: string, cardNumber: string) =>
      `appointment ${id} is not among the appointments of card ${card(cardNumber)}: nothing was sent (the service cancels by cd_evento alone, whoever it belongs to; check the appointment and the card, or add --force to cancel it anyway)`,
    ended: (id: string, cardNumber: string, status: string) =>
      `appointment ${id} of card ${card(cardNumber)} is not active (${c.coded('status_agendamento', 'appointmentStatuses', status)}): nothing was sent (add --force to send the cancellation anyway)`,
    cannotCheck: (id: string, cardNumber: string) =>
      `the appointments of card ${card(cardNumber)} could not be read, so it cannot be checked that appointment ${id} is that card's: nothing was sent (try again, or add --force to cancel it without the check)`,
    /** After the facts, with --force, when the check failed. */
    forced: 'With --force, it is cancelled all the same.',
  },

  notify: {
    /** The service has no operation that counts the audience (docs/decisions.md). */
    audienceSize:
      'Audience size: the service counts the recipients as it sends, and the answer says how many (coopctl prints it after sending); no count is possible before (the service has no operation that counts app users).',
    message: (content: string, type: string) =>
      `Message: "${content}" — ${c.coded('tipo_notificacao', 'notificationTypes', type)}`,
    everyone: (flags: string) =>
      `Send a push notification with no audience filter (${flags}): it goes to every app user of the cooperative`,
    audience: (a: Audience) => {
      const conds = conditions(a, c);
      return conds.length === 0
        ? 'Audience: every app user of the cooperative'
        : `Audience: the app users of the cooperative with ${listed(conds, 'and')}`;
    },
    sendAll: 'Send a push notification to ALL app users of the cooperative',
    question: 'Send this notification? This cannot be undone.',
    questionEveryone: 'Send to every app user? This cannot be undone.',
    questionAll: 'Send to ALL app users? This cannot be undone.',
    whatEveryone: (flags: string) => `has no audience filter (${flags}), so it sends to every app user`,
    whatAll: 'sends a notification to all app users',
    /** Before the audience questions on a terminal. */
    askAudience:
      'Who should receive it? Each filter narrows the audience; leave them all empty to send to every app user.',
  },
};

const ptBR: Translation<typeof en> = {
  service: (request) => `Serviço: ${request}`,
  question: 'Continuar?',
  what: 'precisa de confirmação',
  needsYes: (command, what, noInput) =>
    `${command} ${what}: confirme com --yes (-y); ${noInput ? 'com --no-input' : 'sem um terminal'} o coopctl não pode perguntar. Nada foi enviado`,
  dryRun: 'simulação: nada foi enviado',
  tokenNotPrinted: (from, variable) =>
    `nota: o token (origem: ${from}) não é mostrado: defina ${variable} com ele antes de executar o comando`,

  saveAddress: {
    inserted: (code) => `O código do endereço novo é ${code} (endereco_ind, para uma atualização ou delete-address)`,
  },
  deleteAddress: {
    line: (ind, cardNumber) => `Excluir o endereço ${ind} (endereco_ind) do cartão ${card(cardNumber)}`,
    address: (a) => `Endereço: ${a.type} – ${a.place}`,
    beneficiary: (name) => `Beneficiário: ${name}`,
    brief: (a) => `${a.type} – ${a.place}`,
    missing: (ind, cardNumber, others) =>
      `O cartão ${card(cardNumber)} não tem o endereço ${ind}${others ? ` (seus endereços: ${others})` : ''}: o serviço provavelmente vai recusar`,
    question: 'Excluir este endereço? Não é possível desfazer.',
    pick: 'Qual endereço excluir (endereco_ind)?',
    what: 'exclui um endereço',
  },

  cancel: {
    line: (id) => `Cancelar a consulta ${id} (cd_evento)`,
    brief: (a) =>
      [
        `${formatIsoDate('pt-BR', a.date)} ${a.start}–${a.end}`,
        a.name ? `${a.name} (cartão ${card(a.card)})` : `cartão ${card(a.card)}`,
        a.providerName ? `${a.providerName} (prestador ${a.provider})` : `prestador ${a.provider}`,
        ...(a.location ? [a.location] : []),
      ].join(', '),
    status: (status) => `Situação: ${pc.coded('status_agendamento', 'appointmentStatuses', status)}`,
    unknown:
      'De quem é a consulta não é mostrado: o serviço lista consultas apenas por cartão (acrescente --usuario-cartao <cartão> para vê-la aqui)',
    missing: (id, cardNumber) => `A consulta ${id} não está entre as consultas do cartão ${card(cardNumber)}`,
    unread: (cardNumber) =>
      `Não foi possível ler as consultas do cartão ${card(cardNumber)}: de quem é a consulta não é mostrado`,
    question: 'Cancelar esta consulta? Não é possível desfazer.',
    what: 'cancela uma consulta',
    cardOption:
      'o cartão do beneficiário: o coopctl lê a consulta antes, para dizer de quem é e quando, e nada envia se ela não for a consulta ativa desse cartão (não é enviado com o cancelamento)',
    forceOption:
      'cancela mesmo quando a consulta não é a consulta ativa do cartão de --usuario-cartao (e, num terminal, sem perguntar de quem ela é)',
    cardQuestion: 'cartão do beneficiário de quem é a consulta',
    recentCard: (cardNumber) => `A consulta é do cartão ${card(cardNumber)} (o cartão do seu último comando)?`,
    notTheCards: (id, cardNumber) =>
      `a consulta ${id} não está entre as consultas do cartão ${card(cardNumber)}: nada foi enviado (o serviço cancela só pelo cd_evento, seja de quem for; confira a consulta e o cartão, ou acrescente --force para cancelá-la mesmo assim)`,
    ended: (id, cardNumber, status) =>
      `a consulta ${id} do cartão ${card(cardNumber)} não está ativa (${pc.coded('status_agendamento', 'appointmentStatuses', status)}): nada foi enviado (acrescente --force para enviar o cancelamento mesmo assim)`,
    cannotCheck: (id, cardNumber) =>
      `não foi possível ler as consultas do cartão ${card(cardNumber)}, então não se pode conferir que a consulta ${id} é desse cartão: nada foi enviado (tente de novo, ou acrescente --force para cancelá-la sem a conferência)`,
    forced: 'Com --force, ela é cancelada mesmo assim.',
  },

  notify: {
    audienceSize:
      'Tamanho do público: o serviço conta os destinatários ao enviar, e a resposta diz quantos foram (o coopctl mostra o número depois do envio); não há como contar antes (o serviço não tem operação que conte os usuários do aplicativo).',
    message: (content, type) => `Mensagem: "${content}" — ${pc.coded('tipo_notificacao', 'notificationTypes', type)}`,
    everyone: (flags) =>
      `Enviar uma notificação push sem filtro de público (${flags}): ela vai para todos os usuários do aplicativo da cooperativa`,
    audience: (a) => {
      const conds = conditions(a, pc);
      return conds.length === 0
        ? 'Público: todos os usuários do aplicativo da cooperativa'
        : `Público: os usuários do aplicativo da cooperativa com ${listed(conds, 'e')}`;
    },
    sendAll: 'Enviar uma notificação push para TODOS os usuários do aplicativo da cooperativa',
    question: 'Enviar esta notificação? Não é possível desfazer.',
    questionEveryone: 'Enviar para todos os usuários do aplicativo? Não é possível desfazer.',
    questionAll: 'Enviar para TODOS os usuários do aplicativo? Não é possível desfazer.',
    whatEveryone: (flags) => `não tem filtro de público (${flags}), então envia para todos os usuários do aplicativo`,
    whatAll: 'envia uma notificação para todos os usuários do aplicativo',
    askAudience:
      'Quem deve recebê-la? Cada filtro restringe o público; deixe todos vazios para enviar a todos os usuários do aplicativo.',
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
