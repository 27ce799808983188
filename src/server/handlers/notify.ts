/**
 * Notifications (spec §4.5). A device is identified by its token (registering
 * a known token updates that device) and answered by its pushid; a device may
 * be tied to a beneficiary's card, whose group and beneficiary type narrow
 * audiences. A sending counts the audience's active devices and is stored
 * with its id; an empty audience is "no result" (3) and stores nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Params } from '../../catalogue/index.js';
import type { Audience, Repository } from '../store/repository.js';
import { isoDate, isoMinute } from '../store/dates.js';
import { beneficiaryTypes, deviceTypes, notificationTypes, unknownCode, userGroups } from '../../catalogue/codes.js';
import { failed, noResult, requestOk, UNKNOWN_CARD } from './envelope.js';
import type { Handler, HandlerContext } from './types.js';

export function notifyHandlers(repo: Repository): Record<string, Handler> {
  const { notify } = repo;

  async function send(params: Params, ctx: HandlerContext, audience: Audience | 'all') {
    const sending = {
      id: randomUUID(),
      conteudo: String(params['conteudo']),
      tipo_notificacao: Number(params['tipo_notificacao']),
      usuario_envio: Number(params['usuario_envio']),
      sent_at: isoMinute(ctx.now()),
    };
    const recipients = await notify.send(audience, sending);
    return recipients === 0 ? noResult('no active device in this audience') : requestOk({ recipients, id: sending.id });
  }

  return {
    'notify.device.register': async (params, ctx) => {
      const problem = unknownCode(params, 'dispositivo_tipo', deviceTypes);
      if (problem) return failed(problem);
      let holderId: number | null = null;
      if (params['usuario_cartao'] !== undefined) {
        const h = await repo.registration.holder(String(params['usuario_cartao']));
        if (!h) return failed(UNKNOWN_CARD);
        holderId = h.id;
      }
      const { pushid } = await notify.registerDevice({
        token: String(params['dispositivo_token']),
        tipo: Number(params['dispositivo_tipo']),
        holderId,
        pushid: randomUUID(),
        today: isoDate(ctx.now()),
      });
      return requestOk({ success: 'true', id: pushid });
    },

    'notify.device.change': async (params) => {
      const problem = unknownCode(params, 'dispositivo_tipo', deviceTypes);
      if (problem) return failed(problem);
      const result = await notify.changeDevice(
        String(params['pushid']),
        String(params['dispositivo_token']),
        Number(params['dispositivo_tipo']),
      );
      if (result === 'unknown') return failed('no device has this pushid');
      if (result === 'token-taken') return failed('another device is registered with this dispositivo_token');
      return requestOk({ success: 'true' });
    },

    'notify.send': async (params, ctx) => {
      const problem =
        unknownCode(params, 'tipo_notificacao', notificationTypes) ??
        unknownCode(params, 'grupo_usuario', userGroups) ??
        unknownCode(params, 'tipo_beneficiario', beneficiaryTypes);
      if (problem) return failed(problem);
      const audience: { -readonly [K in keyof Audience]: Audience[K] } = {};
      if (params['usuario_cartao'] !== undefined) {
        const h = await repo.registration.holder(String(params['usuario_cartao']));
        if (!h) return noResult(UNKNOWN_CARD);
        audience.holderId = h.id;
      }
      if (params['grupo_usuario'] !== undefined) audience.grupo_usuario = Number(params['grupo_usuario']);
      if (params['tipo_beneficiario'] !== undefined) audience.tipo_beneficiario = Number(params['tipo_beneficiario']);
      return send(params, ctx, Object.keys(audience).length === 0 ? 'all' : audience);
    },

    'notify.send-all': async (params, ctx) => {
      const problem = unknownCode(params, 'tipo_notificacao', notificationTypes);
      return problem ? failed(problem) : send(params, ctx, 'all');
    },
  };
}
