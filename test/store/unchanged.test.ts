import { expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { checksum } from './backend.js';
import { call, EXAMPLE_CARD, openTemp } from './helpers.js';

const LOCKED = '00010001000001013';
const UNKNOWN = '00010001999999001';
const sample = (id: string, over: Record<string, unknown>) => ({ ...sampleParams(operation(id)), ...over });
const slot = {
  prest_cod_svc_card: '9001',
  cd_local: '101',
  tp_evento: '1',
  dt_hr_inicio: '2026-01-19 08:15',
  dt_hr_fim: '2026-01-19 08:45',
};

type Refusal = 'failed' | 'no-result';

/** Requests the store refuses (4: `failed`) or finds nothing for (3: `no-result`): none of them may change a stored row. */
const refused: Array<[string, Record<string, unknown>, Refusal]> = [
  ['registration.update-contact', { usuario_cartao: LOCKED, usuario_celular: '(11)912345678' }, 'failed'],
  ['registration.update-contact', { usuario_cartao: UNKNOWN, usuario_celular: '(11)912345678' }, 'no-result'],
  [
    'registration.save-address',
    sample('registration.save-address', { usuario_cartao: EXAMPLE_CARD, endereco_ind: 42 }),
    'no-result',
  ],
  ['registration.save-address', sample('registration.save-address', { usuario_cartao: LOCKED }), 'failed'],
  ['registration.delete-address', { usuario_cartao: EXAMPLE_CARD, endereco_ind: 42 }, 'no-result'],
  ['registration.delete-address', { usuario_cartao: LOCKED, endereco_ind: 1 }, 'failed'],
  ['schedule.book', sample('schedule.book', { usuario_cartao: EXAMPLE_CARD, ...slot }), 'failed'],
  [
    'schedule.book',
    sample('schedule.book', {
      usuario_cartao: UNKNOWN,
      ...slot,
      dt_hr_inicio: '2026-01-19 08:00',
      dt_hr_fim: '2026-01-19 08:30',
    }),
    'failed',
  ],
  [
    'schedule.book',
    sample('schedule.book', {
      usuario_cartao: EXAMPLE_CARD,
      ...slot,
      dt_hr_inicio: '2026-01-12 08:00',
      dt_hr_fim: '2026-01-12 08:30',
    }),
    'failed',
  ],
  ['schedule.cancel', { cd_evento: '880001' }, 'failed'],
  ['schedule.cancel', { cd_evento: '999999999' }, 'failed'],
  ['enrol.contract.set-status', { contrato_id: 1, opcao_id: 1 }, 'failed'],
  ['enrol.contract.set-status', { contrato_id: 7, opcao_id: 3 }, 'failed'],
  ['enrol.contract.set-status', { contrato_id: 999999, opcao_id: 9 }, 'failed'],
  ['enrol.contract.set-status', { beneficiario_id: 1, opcao_id: 1 }, 'failed'],
  ['enrol.payer', sample('enrol.payer', { contrato_id: 7 }), 'failed'],
  ['enrol.payer', sample('enrol.payer', { contrato_id: 999999 }), 'failed'],
  ['enrol.beneficiary.add', sample('enrol.beneficiary.add', { contrato_id: 5 }), 'failed'],
  ['enrol.beneficiary.add', sample('enrol.beneficiary.add', { contrato_id: 999999 }), 'failed'],
  ['enrol.beneficiary.contact', sample('enrol.beneficiary.contact', { beneficiario_id: 999999 }), 'failed'],
  ['enrol.beneficiary.document', sample('enrol.beneficiary.document', { beneficiario_id: 999999 }), 'failed'],
  ['enrol.beneficiary.address', sample('enrol.beneficiary.address', { beneficiario_id: 999999 }), 'failed'],
  ['enrol.beneficiary.declaration', sample('enrol.beneficiary.declaration', { beneficiario_id: 999999 }), 'failed'],
  ['notify.device.register', sample('notify.device.register', { usuario_cartao: UNKNOWN }), 'failed'],
  ['notify.device.change', sample('notify.device.change', { pushid: 'nope' }), 'failed'],
  ['notify.send', { ...sample('notify.send', { grupo_usuario: 77 }), usuario_cartao: undefined }, 'no-result'],
  [
    'notify.send',
    { conteudo: 'x', tipo_notificacao: 1, usuario_envio: 1, tipo_beneficiario: 3, grupo_usuario: 3 },
    'no-result',
  ],
];

it.each(refused)('%s refused with %j (%s) changes no stored row', async (id, params, outcome) => {
  const { store, path } = await openTemp();
  const before = await checksum(path);
  const a = await call(store, id, params);
  expect(a.outcome).toBe(outcome);
  expect(a.message.length).toBeGreaterThan(0);
  expect(await checksum(path)).toBe(before);
});

it('an opcao_id without a documented transition is accepted (1) and changes no stored row', async () => {
  const { store, path } = await openTemp();
  const before = await checksum(path);
  for (const params of [
    { contrato_id: 1, opcao_id: 9 },
    { beneficiario_id: 1, opcao_id: 0 },
  ]) {
    const a = await call(store, 'enrol.contract.set-status', params);
    expect([a.outcome, a.records[0]!['mensagem_erro']]).toEqual([
      'ok',
      `opcao_id ${params.opcao_id} has no known effect here; nothing was changed`,
    ]);
  }
  expect(await checksum(path)).toBe(before);
});

it('the checksum sees an accepted change', async () => {
  const { store, path } = await openTemp();
  const before = await checksum(path);
  expect(
    (await call(store, 'registration.update-contact', { usuario_cartao: EXAMPLE_CARD, usuario_fax: '(11)33334444' }))
      .outcome,
  ).toBe('ok');
  expect(await checksum(path)).not.toBe(before);
});
