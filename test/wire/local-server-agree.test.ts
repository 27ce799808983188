/**
 * Issue 12, point 2: what passes local validation is never refused by the
 * server for a field rule. For every operation of the catalogue, fast-check
 * builds parameter sets that keep every field rule (arbitraries derived from
 * the rules' words, test/helpers/rule-arbitraries.ts) and every rule across
 * fields (the operation's `checks`), optional fields present or absent; a
 * good share of them name real state (cards of the demo, contracts and
 * beneficiaries made for the test, free slots, booked appointments,
 * registered devices). Each case must pass `validateParams` (else the
 * generator is wrong), goes to a real embedded server (SQLite file, loopback,
 * keep-alive) exactly as the client sends it (`buildRequest`: a JSON body or a
 * form body, a query string for reads), and must come back HTTP 200 with an
 * answer the client accepts, whose every outcome 3 or 4 is one of the
 * business outcomes listed below, by their words: never a field rule.
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, type BodyEncoding } from '../../src/client/index.js';
import {
  catalogue,
  checkResponse,
  operation,
  validateParams,
  type Operation,
  type Params,
} from '../../src/catalogue/index.js';
import type { Check } from '../../src/catalogue/checks.js';
import { parseExact } from '../../src/catalogue/exact-json.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { describeErrors, shapeText } from '../helpers/words.js';
import { rawRequest } from '../server/raw.js';
import { ruleArbitrary, type RuleEnv } from '../helpers/rule-arbitraries.js';

const RUNS = 100;

/**
 * Every answer of outcome 3 or 4 the server may give a request that keeps the
 * field rules: business outcomes, about stored state (docs/decisions.md).
 */
const BUSINESS: readonly RegExp[] = [
  // registration
  /^no beneficiary has this card$/,
  /^the registration of this card may not be updated through the app \(permite_atualizar N\)$/,
  /^this card has no address \d+$/,
  /^this card has used all 99 address codes; delete an address first$/,
  /^CEP \d+ is not in the CEP table$/,
  // medical record
  /^no (allergies|certificates|exams|exam results|medications|therapeutic plans|plans|problems) recorded for this card$/,
  // scheduling
  /^this card has no (completed )?appointments( with provider \d+)?$/,
  /^no free slot of this provider at this location( on this date)?$/,
  /^provider \d+ has no service location$/,
  /^this provider offers no such slot \(location, tp_evento, start and end\); list the free ones with buscahorariosdisponiveis$/,
  /^the slot is already taken; choose another one$/,
  /^the slot has already started; choose a later one$/,
  /^no appointment has cd_evento \d+$/,
  /^appointment \d+ is (realizado|faltou|cancelado); only aguardando or confirmado appointments can be cancelled$/,
  // enrolment
  /^no contract has contrato_id \d+$/,
  /^no beneficiary has beneficiario_id \d+$/,
  /^contract \d+ is (suspenso|cancelado); beneficiaries join contracts that are proposta or ativo$/,
  /^contract \d+ is cancelado$/,
  /^beneficiary \d+ is cancelado$/,
  /^beneficiary \d+ is not on contract \d+$/,
  /^cannot (activate|suspend|reactivate|cancel) (contract|beneficiary) \d+: it is (proposta|ativo|suspenso|cancelado)$/,
  // notifications
  /^no active device in this audience$/,
  /^no device has this pushid$/,
  /^another device is registered with this dispositivo_token$/,
];

/** What an outcome 1 may say: an `opcao_id` the server has no transition for (docs/decisions.md). */
const NO_EFFECT = /^opcao_id \d+ has no known effect here; nothing was changed$/;

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

let srv: TestServer;
let agent: http.Agent;
const env: RuleEnv = { today: isoToday() };

function isoToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Sent {
  readonly status: number;
  readonly text: string;
}

/** Sends validated parameters as the client does: its request builder, over a keep-alive connection. */
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

// ── State that cases name ──────────────────────────────────────────────────────

interface Slot {
  readonly cd_local: number;
  readonly prest_cod_svc_card: number;
  readonly tp_evento: number;
  readonly dt_hr_inicio: string;
  readonly dt_hr_fim: string;
}

const slots: Slot[] = [];
const slotDates: string[] = [];
const appointments: number[] = [];
const pushids: string[] = [];

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

/** Contracts (proposta, ativo, proposta without beneficiaries) and beneficiaries made for one operation's cases. */
async function enrolment(): Promise<{ contracts: number[]; beneficiaries: number[] }> {
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

/** Values of real state for fields of these names (any operation that has them all). */
interface Hint {
  readonly names: readonly string[];
  readonly values: fc.Arbitrary<Params>;
}

function hints(enrolled: { contracts: number[]; beneficiaries: number[] }): Hint[] {
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

// ── Cases ──────────────────────────────────────────────────────────────────────

interface Case {
  readonly raw: Params;
  readonly body: BodyEncoding;
}

const ABSENT = Symbol('absent');

const minutes = (hhmi: string) => Number(hhmi.slice(0, 2)) * 60 + Number(hhmi.slice(3, 5));
const hhmi = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Raw parameters made to keep one rule across fields. */
function keep(op: Operation, check: Check, raw: Params): fc.Arbitrary<Params> {
  if (check.kind === 'later-same-day') {
    const start = String(raw[check.start]);
    const end = String(raw[check.end]);
    const [day, from] = start.split(' ') as [string, string];
    const [endDay, to] = end.split(' ') as [string, string];
    if (endDay === day && to > from) return fc.constant(raw);
    const first = Math.min(minutes(from), 24 * 60 - 2);
    return fc
      .integer({ min: first + 1, max: 24 * 60 - 1 })
      .map((m) => ({ ...raw, [check.start]: `${day} ${hhmi(first)}`, [check.end]: `${day} ${hhmi(m)}` }));
  }
  const { names } = check;
  if (names.some((n) => raw[n] !== undefined)) return fc.constant(raw);
  return fc.constantFrom(...names).chain((n) => ruleArbitrary(n, op.params[n]!, env).map((v) => ({ ...raw, [n]: v })));
}

function caseArbitrary(op: Operation, stateHints: readonly Hint[]): fc.Arbitrary<Case> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, f] of Object.entries(op.params)) {
    const value = ruleArbitrary(name, f, env);
    fields[name] = f.required ? value : fc.oneof(fc.constant(ABSENT), value);
  }
  const usable = stateHints.filter((h) => h.names.every((n) => Object.hasOwn(op.params, n)));
  // Each hint that fits is taken two times in three.
  const overrides = usable.map((h) => fc.option(h.values, { freq: 3, nil: undefined }));
  let raw: fc.Arbitrary<Params> = fc.tuple(fc.record(fields), fc.tuple(...overrides)).map(([values, picked]) => {
    const out: Params = {};
    for (const [k, v] of Object.entries(values)) if (v !== ABSENT) out[k] = v;
    for (const p of picked) if (p) Object.assign(out, p);
    return out;
  });
  for (const check of op.checks ?? []) raw = raw.chain((r) => keep(op, check, r));
  const body: fc.Arbitrary<BodyEncoding> = op.methods.includes('POST')
    ? fc.constantFrom('json', 'form')
    : fc.constant('json');
  return fc.record({ raw, body });
}

/** What a case came to: the outcome of the answer (for counting), or why it is a disagreement. */
function judge(op: Operation, res: Sent): string {
  if (res.status !== 200) return `HTTP ${res.status}: ${res.text}`;
  const check = checkResponse(op, parseExact(res.text));
  if (!check.ok) return `an answer the client refuses: ${shapeText(check.fault)}`;
  for (const rec of check.records) {
    const confirma = rec['confirma_operacao'];
    const message = String(rec['mensagem_erro'] ?? '');
    if ((confirma === 3 || confirma === 4) && !BUSINESS.some((re) => re.test(message)))
      return `confirma_operacao ${confirma} that is no business outcome: ${message}`;
    if (confirma === 1 && message !== '' && !NO_EFFECT.test(message))
      return `confirma_operacao 1 with an unexpected message: ${message}`;
  }
  return check.outcome;
}

beforeAll(async () => {
  srv = await startTestServer();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await freeSlots();
  await bookSome(30);
  await registerDevices(10);
  await addAddresses();
});
afterAll(async () => {
  agent?.destroy();
  await srv?.stop();
});

describe('what passes local validation, the server does not refuse for a field rule', () => {
  it('has free slots and booked appointments for the cases to name', () => {
    expect(slots.length).toBeGreaterThan(20);
    expect(appointments).toHaveLength(30);
  });

  it.each(catalogue.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const needsEnrolment = ['contrato_id', 'beneficiario_id'].some((n) => Object.hasOwn(op.params, n));
    const state = hints(needsEnrolment ? await enrolment() : { contracts: [1], beneficiaries: [1] });
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary(op, state), async ({ raw, body }) => {
        const local = validateParams(op, raw);
        if (!local.ok) throw new Error(`generator bug, refused locally: ${describeErrors(local.errors)}`);
        const verdict = judge(op, await send(op, local.value, body));
        outcomes.set(verdict, (outcomes.get(verdict) ?? 0) + 1);
        if (!['ok', 'found', 'no-result', 'failed'].includes(verdict)) throw new Error(verdict);
      }),
      { numRuns: RUNS },
    );
    // Cases that name real state reach the operation's work, not only its "not found".
    const done = (outcomes.get('ok') ?? 0) + (outcomes.get('found') ?? 0);
    expect(done, JSON.stringify(Object.fromEntries(outcomes))).toBeGreaterThanOrEqual(3);
  });
});
