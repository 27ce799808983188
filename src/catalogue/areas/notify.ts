/** Section 4.5 of the spec: devices and push notifications. */
import { opt, req } from '../field.js';
import * as rec from '../records.js';
import * as codes from '../open-codes.js';
import * as r from '../rules.js';
import { inArea, label, said, WRITE } from './common.js';

// ── 4.5 Notifications ──────────────────────────────────────────────────────────
const define = inArea('notify', 'base', '/api/svccentral/notificacao');
const token = said('token generated for the device', 'token gerado para o dispositivo');
const tokenLabel = label('Device token', 'Token do dispositivo');
const device = {
  dispositivo_token: req(r.text(255, 1, 'fcm-token-abc123'), token, tokenLabel),
  dispositivo_tipo: req(codes.deviceType, said('device type', 'tipo de dispositivo')),
};
const message = {
  conteudo: req(
    r.text(200, 1, 'Your appointment is tomorrow'),
    said('notification content', 'conteúdo da notificação'),
    {
      label: said('Content', 'Conteúdo'),
      example: said('Your appointment is tomorrow', 'Sua consulta é amanhã'),
    },
  ),
  tipo_notificacao: req(
    codes.notificationType,
    said('notification type code', 'código do tipo de notificação'),
    label('Notification type', 'Tipo de notificação'),
  ),
};
const sender = {
  usuario_envio: req(
    r.int(1, 10, '1'),
    said('sending user', 'usuário que envia'),
    label('Sent by user', 'Enviada pelo usuário'),
  ),
};
const sent = said('Notification sent', 'Notificação enviada');
export const notify = [
  define({
    name: 'cadastradispositivo',
    command: ['notify', 'device', 'register'],
    alias: 'cadastrar',
    summary: said('Register a device for push notifications', 'Cadastra um dispositivo para notificações push'),
    done: said('Device registered', 'Dispositivo cadastrado'),
    methods: WRITE,
    params: {
      ...device,
      usuario_cartao: opt(
        r.card,
        said(
          'card of the beneficiary who uses the device (a coopctl extension)',
          'cartão do beneficiário que usa o dispositivo (extensão do coopctl)',
        ),
        label('Card', 'Cartão'),
      ),
    },
    response: { fields: rec.deviceRegistered, envelope: 'required', creates: 'id' },
  }),
  define({
    name: 'alteradispositivo',
    command: ['notify', 'device', 'change'],
    alias: 'alterar',
    summary: said("Change a device's registration", 'Altera o cadastro de um dispositivo'),
    done: said('Device changed', 'Dispositivo alterado'),
    methods: WRITE,
    // The example is Ana's first device in the demo data (docs/decisions.md, "Demo data").
    params: {
      pushid: req(
        r.text(128, 1, '8d5f88b1-000c-4a00-bd72-85194a4af7aa'),
        said('device identifier in the push provider', 'identificador do dispositivo no provedor de push'),
        label('Push identifier', 'Identificador push'),
      ),
      ...device,
      // Another token than register's example: a token registered to another device is refused.
      dispositivo_token: req(r.text(255, 1, 'fcm-token-def456'), token, tokenLabel),
    },
    response: { fields: rec.deviceChanged, envelope: 'required' },
  }),
  define({
    name: 'envianotificacao',
    command: ['notify', 'send'],
    alias: 'enviar',
    summary: said(
      "Send a notification to the cooperative's app users, narrowed by the optional filters",
      'Envia uma notificação aos usuários do aplicativo da cooperativa, restrita pelos filtros opcionais',
    ),
    done: sent,
    confirm: 'unfiltered',
    methods: WRITE,
    params: {
      ...message,
      grupo_usuario: opt(
        codes.userGroup,
        said('user group to notify', 'grupo de usuários a notificar'),
        label('User group', 'Grupo de usuários'),
      ),
      tipo_beneficiario: opt(
        codes.beneficiaryType,
        said('beneficiary type to notify', 'tipo de beneficiário a notificar'),
        label('Beneficiary type', 'Tipo de beneficiário'),
      ),
      ...sender,
      usuario_cartao: opt(
        r.card,
        said('card of the beneficiary to notify', 'cartão do beneficiário a notificar'),
        label('Card', 'Cartão'),
      ),
    },
    response: { fields: rec.notificationSent, envelope: 'required' },
  }),
  define({
    name: 'envianotificacaotodos',
    command: ['notify', 'send-all'],
    alias: 'enviar-todos',
    summary: said('Send a notification to all app users', 'Envia uma notificação a todos os usuários do aplicativo'),
    done: sent,
    confirm: 'always',
    methods: WRITE,
    params: { ...message, ...sender },
    response: { fields: rec.notificationSent, envelope: 'required' },
  }),
] as const;
