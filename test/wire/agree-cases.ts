/**
 * The cases of test/wire/local-server-agree.test.ts and their judge:
 * parameter sets that keep every field rule (arbitraries derived from the
 * rules' words, test/helpers/rule-arbitraries.ts) and every rule across fields
 * (the operation's `checks`), optional fields present or absent, values of
 * real state (hints) taken two times in three; and what an answer to such a
 * case may be: HTTP 200, an answer the client accepts, every outcome 3 or 4
 * one of the business outcomes listed here, by their words.
 */
import fc from 'fast-check';
import type { BodyEncoding } from '../../src/client/index.js';
import { checkResponse, type Operation, type Params } from '../../src/catalogue/index.js';
import type { Check } from '../../src/catalogue/checks.js';
import { parseExact } from '../../src/catalogue/exact-json.js';
import { shapeText } from '../helpers/words.js';
import { ruleArbitrary, type RuleEnv } from '../helpers/rule-arbitraries.js';
import { MEDICAL_READS } from '../helpers/medical-kinds.js';

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
  new RegExp(
    `^no (${MEDICAL_READS.flatMap((op) => [op.command.at(-1)!, op.nouns!.en.many]).join('|')}) recorded for this card$`,
  ),
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

function isoToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const env: RuleEnv = { today: isoToday() };

/** An answer of the server: its status and body. */
export interface Sent {
  readonly status: number;
  readonly text: string;
}

/** Values of real state for fields of these names (any operation that has them all). */
export interface Hint {
  readonly names: readonly string[];
  readonly values: fc.Arbitrary<Params>;
}

export interface Case {
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

export function caseArbitrary(op: Operation, stateHints: readonly Hint[]): fc.Arbitrary<Case> {
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
export function judge(op: Operation, res: Sent): string {
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
