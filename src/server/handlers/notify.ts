/**
 * Notifications (spec §4.5). A device is identified by its token and answered
 * by its pushid; a device may be tied to a beneficiary's card, whose group and
 * beneficiary type narrow audiences. A sending counts the audience's active
 * devices and is stored with its id; an empty audience is "no result" (3) and
 * stores nothing (the rules: domain/notify.ts). The codes (`dispositivo_tipo`,
 * `tipo_notificacao`, `grupo_usuario`, `tipo_beneficiario`) are open lists:
 * any code within the spec's bounds is stored as given, and a filter of a
 * code no beneficiary has is an audience of no one.
 */
import { randomUUID } from 'node:crypto';
import type { ParamsOf } from '../../catalogue/index.js';
import { isoDate, isoMinute } from '../../catalogue/dates.js';
import { audienceDevices, changedDevice, registeredDevice, sendingFor } from '../domain/notify.js';
import type { Audience } from '../store/areas/notify.js';
import type { Repository } from '../store/types.js';
import { business, tell } from '../words.js';
import { failed, noResult, requestOk } from './envelope.js';
import type { AreaIds, HandlerContext, HandlerOf, HandlersOf } from './types.js';

type Message = Pick<ParamsOf<'notify.send-all'>, 'conteudo' | 'tipo_notificacao' | 'usuario_envio'>;

/** Sends the message to the audience's active devices, storing the sending; 3 when there are none. */
async function send(repo: Repository, message: Message, ctx: HandlerContext, audience: Audience | 'all') {
  const sending = {
    id: randomUUID(),
    conteudo: message.conteudo,
    tipo_notificacao: message.tipo_notificacao,
    usuario_envio: message.usuario_envio,
    audience,
    sent_at: isoMinute(ctx.now()),
  };
  const recipients = await repo.notify.send(audienceDevices(audience), sendingFor(sending));
  return recipients === 0 ? noResult(tell(ctx, business.noAudience)) : requestOk({ recipients, id: sending.id });
}

/** `cadastradispositivo`: a new token is a new device; a known one updates its device. */
function register(repo: Repository): HandlerOf<'notify.device.register'> {
  return async (params, ctx) => {
    let holderId: number | null = null;
    if (params.usuario_cartao !== undefined) {
      const h = await repo.registration.holder(params.usuario_cartao);
      if (!h) return failed(tell(ctx, business.unknownCard));
      holderId = h.id;
    }
    const request = {
      token: params.dispositivo_token,
      tipo: params.dispositivo_tipo,
      holderId,
      pushid: randomUUID(),
      today: isoDate(ctx.now()),
    };
    const { pushid } = await repo.notify.saveDevice(request.token, (current) => registeredDevice(current, request));
    return requestOk({ success: 'true', id: pushid });
  };
}

/** `envianotificacao`: to the devices of a card, a group, a beneficiary type (all that are given), else to all. */
function sendFiltered(repo: Repository): HandlerOf<'notify.send'> {
  return async (params, ctx) => {
    const audience: { -readonly [K in keyof Audience]: Audience[K] } = {};
    if (params.usuario_cartao !== undefined) {
      const h = await repo.registration.holder(params.usuario_cartao);
      if (!h) return noResult(tell(ctx, business.unknownCard));
      audience.holderId = h.id;
    }
    if (params.grupo_usuario !== undefined) audience.grupo_usuario = params.grupo_usuario;
    if (params.tipo_beneficiario !== undefined) audience.tipo_beneficiario = params.tipo_beneficiario;
    return send(repo, params, ctx, Object.keys(audience).length === 0 ? 'all' : audience);
  };
}

export function notifyHandlers(repo: Repository): HandlersOf<AreaIds<'notify'>> {
  return {
    'notify.device.register': register(repo),

    'notify.device.change': async (params, ctx) => {
      const change = changedDevice(params.dispositivo_token, params.dispositivo_tipo);
      const result = await repo.notify.updateDevice(params.pushid, change);
      if (result === 'unknown') return failed(tell(ctx, business.noDevice));
      if (result === 'token-taken') return failed(tell(ctx, business.tokenTaken));
      return requestOk({ success: 'true' });
    },

    'notify.send': sendFiltered(repo),

    'notify.send-all': async (params, ctx) => send(repo, params, ctx, 'all'),
  };
}
