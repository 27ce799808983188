/**
 * The state that the cases of test/wire/local-server-agree.test.ts name, on a
 * real embedded server (SQLite file, loopback, keep-alive): cards of the demo,
 * free slots and booked appointments, addresses, registered devices, and
 * contracts and beneficiaries made for one operation's cases; and a case sent
 * exactly as the client sends it (`buildRequest`).
 */
import http from 'node:http';
import fc from 'fast-check';
import { expect } from 'vitest';
import { buildRequest, type BodyEncoding } from '../../src/client/index.js';
import { operation, validateParams, type Operation, type Params } from '../../src/catalogue/index.js';
import { parseExact } from '../../src/catalogue/exact-json.js';
import { startTestServer } from '../helpers/server.js';
import { describeErrors } from '../helpers/words.js';
import { rawRequest } from '../server/raw.js';
import type { Hint, Sent } from './agree-cases.js';

/** Cards of the demo dataset (docs/decisions.md): holders, a registration that may not be updated, an unknown card. */
const CARDS = [
  '00010001000001005',
  '00010001000001013',
  '00010001000001021',
  '00010005000024009',
  '00010007000026003',
  '00010001999999000',
];
const ANA = '00010001000001005';
const PROVIDER = 9001;
const LOCATION = 101;

interface Slot {
  readonly cd_local: number;
  readonly prest_cod_svc_card: number;
  readonly tp_evento: number;
  readonly dt_hr_inicio: string;
  readonly dt_hr_fim: string;
}

interface Enrolled {
  readonly contracts: number[];
  readonly beneficiaries: number[];
}

export interface AgreeWorld {
  /** Free slots left (the last ones were booked) and the appointments booked. */
  readonly slots: readonly Slot[];
  readonly appointments: readonly number[];
  /** Sends validated parameters as the client does: its request builder, over a keep-alive connection. */
  send(op: Operation, params: Params, body: BodyEncoding): Promise<Sent>;
  /** Contracts (proposta, ativo, proposta without beneficiaries) and beneficiaries made for one operation's cases. */
  enrolment(): Promise<Enrolled>;
  /** Values of real state for fields of these names (any operation that has them all). */
  hints(enrolled: Enrolled): Hint[];
  stop(): Promise<void>;
}

/**
 * Starts the server and makes the state: the free slots of 12 dates, 30 of
 * them booked for Ana, 10 devices, 12 addresses for each card that may be
 * updated.
 */
export async function startAgreeWorld(): Promise<AgreeWorld> {
  const srv = await startTestServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const slots: Slot[] = [];
  const slotDates: string[] = [];
  const appointments: number[] = [];
  const pushids: string[] = [];

  async function send(op: Operation, params: Params, body: BodyEncoding): Promise<Sent> {
    const req = buildRequest(op, params, { baseUrl: srv.url, testBaseUrl: srv.url, body, userAgent: 'coopctl/test' });
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    const res = await rawRequest(req.url.href, { method: req.method, headers, body: req.body, agent });
    return { status: res.status, text: res.body };
  }

  /** Sends parameters that must be valid and answers the records (setup). */
  async function call(id: string, raw: Params): Promise<Record<string, unknown>[]> {
    const op = operation(id);
    const v = validateParams(op, raw);
    if (!v.ok) throw new Error(`setup parameters of ${id}: ${describeErrors(v.errors)}`);
    const res = await send(op, v.value, 'json');
    expect(res.status, res.text).toBe(200);
    return parseExact(res.text) as Record<string, unknown>[];
  }

  async function freeSlots(): Promise<void> {
    const place = { cd_local: LOCATION, prest_cod_svc_card: PROVIDER };
    const dates = await call('schedule.dates', place);
    for (const { data_consulta } of dates.slice(0, 12)) {
      const day = String(data_consulta);
      slotDates.push(day);
      for (const t of await call('schedule.times', { ...place, data_consulta: day }))
        slots.push({
          ...place,
          tp_evento: Number(t['tp_evento']),
          dt_hr_inicio: `${day} ${String(t['hora_inicio'])}`,
          dt_hr_fim: `${day} ${String(t['hora_fim'])}`,
        });
    }
  }

  /** Books the last free slots for Ana, so that cases can cancel them. */
  async function bookSome(n: number): Promise<void> {
    for (const slot of slots.splice(-n)) {
      const [rec] = await call('schedule.book', {
        usuario_cartao: ANA,
        ...slot,
        ds_email: 'ana.souza@example.com',
        nr_ddd_celular: 11,
        nr_celular: 987654321,
        ds_endereco: 'Rua Augusta, 100',
      });
      appointments.push(Number(rec!['cd_evento']));
    }
  }

  /** Addresses for the cards that may be updated (codes up to 14), so that cases can update and delete them. */
  async function addAddresses(): Promise<void> {
    for (const card of [ANA, '00010001000001021', '00010005000024009', '00010007000026003'])
      for (let i = 0; i < 12; i++)
        await call('registration.save-address', {
          usuario_cartao: card,
          tipo_endereco: 'R',
          endereco_ind: 0,
          endereco_cep: '01310100',
          endereco_logradouro: 'Avenida Paulista',
          endereco_numero: String(i),
          endereco_complemento: '',
          endereco_cidade: 'São Paulo',
          endereco_bairro: 'Bela Vista',
          endereco_estado: 'SP',
          endereco_ponto_referencia: '',
          endereco_caixa_postal: '',
          endereco_ind_correspondencia: 'N',
          endereco_ind_fatura: 'N',
        });
  }

  async function registerDevices(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const [rec] = await call('notify.device.register', {
        dispositivo_token: `agree-setup-${i}`,
        dispositivo_tipo: 1 + (i % 3),
        ...(i % 2 ? { usuario_cartao: ANA } : {}),
      });
      pushids.push(String(rec!['id']));
    }
  }

  async function enrolment(): Promise<Enrolled> {
    const contracts: number[] = [];
    const beneficiaries: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [c] = await call('enrol.contract.create', {
        registro_ans: 'ANS1',
        coop_id: 1,
        produto_tabela_id: 10,
        origem: 'WB',
      });
      const id = Number(c!['contrato_id']);
      contracts.push(id);
      if (i === 2) continue;
      for (let j = 0; j < 2; j++) {
        const [b] = await call('enrol.beneficiary.add', {
          contrato_id: id,
          cpf: '529.982.247-25',
          data_solicitacao: '01/02/2026',
          grau_dependencia: 'T',
        });
        beneficiaries.push(Number(b!['beneficiario_id']));
      }
      if (i === 1) await call('enrol.contract.set-status', { contrato_id: id, opcao_id: 1 });
    }
    return { contracts, beneficiaries };
  }

  function hints(enrolled: Enrolled): Hint[] {
    const one = (name: string, values: fc.Arbitrary<unknown>): Hint => ({
      names: [name],
      values: values.map((v) => ({ [name]: v })),
    });
    const list: Hint[] = [
      // Ana's card most: she has every kind of data.
      one(
        'usuario_cartao',
        fc.oneof({ weight: 3, arbitrary: fc.constant(ANA) }, { weight: 5, arbitrary: fc.constantFrom(...CARDS) }),
      ),
      one('contrato_id', fc.constantFrom(...enrolled.contracts)),
      one('beneficiario_id', fc.constantFrom(...enrolled.beneficiaries)),
      one('opcao_id', fc.integer({ min: 1, max: 4 })),
      one('endereco_ind', fc.integer({ min: 0, max: 15 })),
      one('cep', fc.constantFrom('01310100', '20040002', '99999999')),
      one('cd_evento', fc.constantFrom(...appointments)),
      one('pushid', fc.constantFrom(...pushids)),
      one('grupo_usuario', fc.integer({ min: 1, max: 3 })),
      one('tipo_beneficiario', fc.integer({ min: 1, max: 3 })),
      one('prest_cod_svc_card', fc.constant(PROVIDER)),
      {
        names: ['cd_local', 'prest_cod_svc_card'],
        values: fc.constant({ cd_local: LOCATION, prest_cod_svc_card: PROVIDER }),
      },
      one('data_consulta', fc.constantFrom(...slotDates)),
    ];
    if (slots.length)
      list.push({
        names: ['cd_local', 'prest_cod_svc_card', 'tp_evento', 'dt_hr_inicio', 'dt_hr_fim'],
        values: fc.constantFrom(...slots).map((s) => ({ ...s })),
      });
    return list;
  }

  try {
    await freeSlots();
    await bookSome(30);
    await registerDevices(10);
    await addAddresses();
  } catch (error) {
    agent.destroy();
    await srv.stop();
    throw error;
  }
  return {
    slots,
    appointments,
    send,
    enrolment,
    hints,
    async stop() {
      agent.destroy();
      await srv.stop();
    },
  };
}
