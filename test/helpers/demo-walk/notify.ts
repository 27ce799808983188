/** The demo walk's notification steps (spec §4.5): send to everyone and to Ana, then register and change a device. */
import { expect } from 'vitest';
import type { Row } from '../../../src/catalogue/index.js';
import { CARD, ok, type Step } from './step.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const message = { conteudo: 'Sua consulta é amanhã', tipo_notificacao: '2', usuario_envio: '1' };
const sent = (recipients: number) => (records: readonly Row[]) =>
  expect(records).toEqual([{ ...ok[0], recipients, id: expect.stringMatching(UUID) }]);

export const notify: Step[] = [
  {
    op: 'notify.send-all',
    title: 'reaches the 17 active devices of the demo (18, one inactive)',
    params: () => message,
    check: sent(17),
  },
  {
    op: 'notify.send',
    title: "reaches Ana's two devices",
    params: () => ({ ...message, usuario_cartao: CARD, grupo_usuario: '1', tipo_beneficiario: '1' }),
    check: sent(2),
  },
  {
    op: 'notify.device.register',
    title: 'registers a third device for Ana',
    params: () => ({ dispositivo_token: 'fcm-e2e-walk-1', dispositivo_tipo: '1', usuario_cartao: CARD }),
    check: ([device], state) => {
      expect(device).toEqual({ ...ok[0], success: 'true', id: expect.stringMatching(UUID) });
      state.pushid = String(device!['id']);
    },
  },
  {
    op: 'notify.device.change',
    title: 'moves that device to a new iOS token',
    params: (state) => ({ pushid: state.pushid!, dispositivo_token: 'apns-e2e-walk-2', dispositivo_tipo: '2' }),
    check: (records) => expect(records).toEqual([{ ...ok[0], success: 'true' }]),
  },
  {
    op: 'notify.send',
    title: "reaches Ana's three devices",
    params: () => ({ ...message, usuario_cartao: CARD }),
    check: sent(3),
  },
];
