/** Section 4.5 of the spec: devices and push notifications. */
import { opt, req } from '../field.js';
import * as rec from '../records.js';
import * as codes from '../open-codes.js';
import * as r from '../rules.js';
import { inArea, WRITE } from './common.js';

// ── 4.5 Notifications ──────────────────────────────────────────────────────────
const define = inArea('notify', 'base', '/api/svccentral/notificacao');
const device = {
  dispositivo_token: req(r.text(255, 1, 'fcm-token-abc123'), 'token generated for the device'),
  dispositivo_tipo: req(codes.deviceType, 'device type'),
};
const message = {
  conteudo: req(r.text(200, 1, 'Your appointment is tomorrow'), 'notification content'),
  tipo_notificacao: req(codes.notificationType, 'notification type code'),
};
const sender = { usuario_envio: req(r.int(1, 10, '1'), 'sending user') };
export const notify = [
  define({
    name: 'cadastradispositivo',
    command: ['notify', 'device', 'register'],
    summary: 'Register a device for push notifications',
    methods: WRITE,
    params: {
      ...device,
      usuario_cartao: opt(
        r.card,
        'card of the beneficiary who uses the device (coopctl extension, see docs/decisions.md)',
      ),
    },
    response: { fields: rec.deviceRegistered, envelope: 'required', creates: 'id' },
  }),
  define({
    name: 'alteradispositivo',
    command: ['notify', 'device', 'change'],
    summary: "Change a device's registration",
    methods: WRITE,
    // The example is Ana's first device in the demo data (docs/decisions.md, "Demo data").
    params: {
      pushid: req(r.text(128, 1, '8d5f88b1-000c-4a00-bd72-85194a4af7aa'), 'device identifier in the push provider'),
      ...device,
      // Another token than register's example: a token registered to another device is refused.
      dispositivo_token: req(r.text(255, 1, 'fcm-token-def456'), device.dispositivo_token.help),
    },
    response: { fields: rec.deviceChanged, envelope: 'required' },
  }),
  define({
    name: 'envianotificacao',
    command: ['notify', 'send'],
    summary: "Send a notification to the cooperative's app users, narrowed by the optional filters",
    confirm: 'unfiltered',
    methods: WRITE,
    params: {
      ...message,
      grupo_usuario: opt(codes.userGroup, 'user group to notify'),
      tipo_beneficiario: opt(codes.beneficiaryType, 'beneficiary type to notify'),
      ...sender,
      usuario_cartao: opt(r.card, 'card of the beneficiary to notify'),
    },
    response: { fields: rec.notificationSent, envelope: 'required' },
  }),
  define({
    name: 'envianotificacaotodos',
    command: ['notify', 'send-all'],
    summary: 'Send a notification to all app users',
    confirm: 'always',
    methods: WRITE,
    params: { ...message, ...sender },
    response: { fields: rec.notificationSent, envelope: 'required' },
  }),
] as const;
