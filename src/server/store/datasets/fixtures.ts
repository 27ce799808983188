/**
 * The dataset document: what `--fixtures FILE` loads and what the demo
 * dataset is built as (docs/fixtures.md). Field rules come from the catalogue
 * (the response records and the parameters they mirror), so a fixture value
 * is valid exactly when the service could have answered it.
 */
import * as z from 'zod';
import {
  catalogue,
  isProblemToken,
  issueProblem,
  operation,
  type Fields,
  type Row,
  type Rule,
} from '../../../catalogue/index.js';
import { cpfValid } from '../../../catalogue/rules.js';
import { en } from '../../../catalogue/words/en.js';
import {
  appointmentStatuses,
  beneficiaryStatuses,
  beneficiaryTypes,
  contractStatuses,
  deviceTypes,
  listCodes,
  userGroups,
  type CodeTable,
} from '../../../catalogue/codes.js';
import { cardValid } from '../../../catalogue/card.js';
import { cardParts } from '../card.js';
import { medicalKinds } from '../medical.js';
import { FixturesError } from './fixtures-error.js';
import { plainDocument } from './fixtures-text.js';

/** zod shape of catalogue fields (all of them, or `names`), each described with its help text. */
function shapeOf(fields: Fields, names: readonly string[] = Object.keys(fields)): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const name of names) {
    const f = fields[name];
    if (!f) throw new Error(`no catalogue field ${name}`);
    const s = f.schema.describe(f.words.help.en);
    out[name] = f.required ? s : s.optional();
  }
  return out;
}

/**
 * A code of an open list (docs/decisions.md): any value the parameter `name`
 * of operation `op` allows, as the server stores any; described with the
 * documented codes.
 */
function codeOf(op: string, name: string, table: CodeTable<number>, help: string): z.ZodType {
  const f = operation(op).params[name]!;
  return f.schema.describe(`${help}, ${en.rule(f.rule)}; documented: ${listCodes(table)}`);
}

const without = (fields: Fields, ...names: string[]): string[] => Object.keys(fields).filter((n) => !names.includes(n));

const show = operation('registration.show');
const groups = show.response.groups!;
const card = show.params['usuario_cartao']!;
const appointment = operation('schedule.list').response.fields;
const times = operation('schedule.times').response.fields;
const location = operation('schedule.locations').response.fields;
const id = (op: string, name: string) => operation(op).response.fields[name]!.schema;
const cardSchema = card.schema.describe(card.words.help.en);
const code = appointment['prest_cod_svc_card']!.schema;
const localCode = location['cd_local']!.schema;
const hhmm = times['hora_inicio']!.schema;

const contract = z
  .strictObject({
    contrato_id: id('enrol.contract.create', 'contrato_id'),
    ...shapeOf(operation('enrol.contract.create').params),
    status: z.enum(contractStatuses).describe('contract state (docs/decisions.md)'),
    created_on: z.iso.date().describe('creation date, yyyy-mm-dd'),
    start_on: z.iso
      .date()
      .optional()
      .describe('start of validity, yyyy-mm-dd (the payer’s inicio_vigencia); derived when absent'),
  })
  .describe('a sales contract');

const beneficiary = z
  .strictObject({
    beneficiario_id: id('enrol.beneficiary.add', 'beneficiario_id'),
    contrato_id: id('enrol.contract.create', 'contrato_id'),
    usuario_cartao: cardSchema,
    status: z.enum(beneficiaryStatuses).default('ativo').describe('beneficiary state (docs/decisions.md)'),
    ...shapeOf(
      show.response.fields,
      without(
        show.response.fields,
        'contrato',
        'cod_pessoa',
        'cart_coop',
        'cart_contrato',
        'cart_cod_bnf',
        'cart_cod_dependente',
      ),
    ),
    grupo_usuario: codeOf('notify.send', 'grupo_usuario', userGroups, 'user group'),
    tipo_beneficiario: codeOf('notify.send', 'tipo_beneficiario', beneficiaryTypes, 'beneficiary type'),
    contato: z.strictObject(shapeOf(groups['contato']!.fields)).describe('the contact of the registration record'),
    endereco: z
      .array(z.strictObject(shapeOf(groups['endereco']!.fields, without(groups['endereco']!.fields, 'pes_cod'))))
      .default([])
      .describe('addresses; codigo 1 to 99, unique per beneficiary'),
    medical: z
      .strictObject(
        Object.fromEntries(
          medicalKinds.map(({ kind, fields }) => [kind, z.array(z.strictObject(shapeOf(fields))).optional()]),
        ),
      )
      .default({})
      .describe('medical-record items by kind, in the order the reads answer them'),
  })
  .describe('a beneficiary who holds a card');

const slotShape = {
  prest_cod_svc_card: code,
  cd_local: localCode,
  tp_evento: times['tp_evento']!.schema,
};

const agenda = z
  .strictObject({
    ...slotShape,
    weekdays: z
      .array(z.number().int().min(0).max(6))
      .min(1)
      .describe('days of the week with slots: 0 Sunday … 6 Saturday'),
    from: hhmm.describe('start of the first slot, hh:mi'),
    to: hhmm.describe('end of the last slot, hh:mi'),
    minutes: z.number().int().min(5).max(480).describe('length of one slot'),
    days: z.number().int().min(1).max(366).describe('slots on the next `days` days, tomorrow first'),
  })
  .describe('a weekly pattern of slots counted from the day the fixtures are loaded');

const slot = z
  .strictObject({ ...slotShape, ...shapeOf(appointment, ['data_consulta', 'hora_inicio', 'hora_fim']) })
  .describe('one slot on a fixed date');

const device = z
  .strictObject({
    ...shapeOf(operation('notify.device.change').params),
    dispositivo_tipo: codeOf('notify.device.change', 'dispositivo_tipo', deviceTypes, 'device type'),
    usuario_cartao: cardSchema.optional(),
    active: z.boolean().default(true).describe('false when the push provider reported the token invalid'),
  })
  .describe('a device registered for push notifications');

const documentSchema = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema of this document (docs/fixtures.schema.json)'),
  ceps: z.array(z.strictObject(shapeOf(operation('registration.cep').response.fields)).required()).default([]),
  contracts: z.array(contract).default([]),
  beneficiaries: z.array(beneficiary).default([]),
  locations: z
    .array(
      z.strictObject({ ...shapeOf(location), endereco: z.string().max(300).describe('address where visits happen') }),
    )
    .default([]),
  providers: z
    .array(
      z.strictObject({
        ...shapeOf(appointment, ['prest_cod_svc_card', 'cd_coop_prest']),
        nome: z.string().min(1).max(120).describe('provider name'),
        locations: z.array(localCode).min(1).describe('cd_local of the locations where the provider attends'),
      }),
    )
    .default([]),
  agendas: z.array(agenda).default([]),
  slots: z.array(slot).default([]),
  appointments: z
    .array(
      z.strictObject({
        ...shapeOf(appointment, without(appointment, 'cd_coop_prest', 'status_agendamento')),
        status_agendamento: z
          .enum(Object.keys(appointmentStatuses) as [keyof typeof appointmentStatuses])
          .describe('appointment status (docs/decisions.md)'),
        usuario_cartao: cardSchema,
        cd_local: localCode,
        tp_evento: times['tp_evento']!.schema,
      }),
    )
    .default([]),
  devices: z.array(device).default([]),
});

export type Dataset = z.output<typeof documentSchema>;

export const fixturesSchema = documentSchema
  .superRefine(checkReferences)
  .describe('coopctl dataset: the data the embedded server starts with');

/** Fields whose values an error message must not repeat (docs/decisions.md). */
const PERSONAL: ReadonlySet<string> = new Set(['usuario_cartao', 'dispositivo_token']);

type Issue = (path: Array<string | number>, message: string) => void;

const at = (row: unknown, name: string): string => String((row as Row)[name]);

/**
 * The set of `field` values of a list, with an issue for each repeat. Cards and
 * device tokens are personal data: their issue names the first holder instead of the value.
 */
function unique(doc: Record<string, Row[]>, issue: Issue, where: string, field: string): Set<string> {
  const first = new Map<string, number>();
  (doc[where] ?? []).forEach((item, i) => {
    const k = at(item, field);
    const j = first.get(k);
    if (j !== undefined)
      issue(
        [where, i, field],
        PERSONAL.has(field) ? `${field} appears twice (as in ${where}.${j})` : `${field} ${k} appears twice`,
      );
    else first.set(k, i);
  });
  return new Set(first.keys());
}

/** A beneficiary's contract exists and its card carries it; its card and CPF have their check digits; address codes. */
function checkBeneficiaries(d: Dataset, issue: Issue): void {
  const contracts = new Map(d.contracts.map((c) => [at(c, 'contrato_id'), c as Row]));
  d.beneficiaries.forEach((b, i) => {
    const card = at(b, 'usuario_cartao');
    const c = contracts.get(at(b, 'contrato_id'));
    if (!c) issue(['beneficiaries', i, 'contrato_id'], `contract ${at(b, 'contrato_id')} is not in contracts`);
    if (!cardValid(card))
      issue(['beneficiaries', i, 'usuario_cartao'], 'has a wrong check digit (the last of its 17 digits)');
    const parts = cardParts(card);
    if (
      c &&
      (parts.cart_contrato !== Number(c['contrato_id']) % 10_000 || parts.cart_coop !== Number(c['coop_id']) % 10_000)
    ) {
      issue(['beneficiaries', i, 'usuario_cartao'], "does not carry its contract's coop_id and contract number");
    }
    if (!cpfValid(at(b, 'cpf'))) issue(['beneficiaries', i, 'cpf'], 'has wrong check digits');
    const codes = b.endereco.map((a) => Number(a['codigo']));
    codes.forEach((k, j) => {
      if (k < 1 || k > 99)
        issue(['beneficiaries', i, 'endereco', j, 'codigo'], 'must be 1 to 99 (endereco_ind has 2 digits)');
      if (codes.indexOf(k) !== j) issue(['beneficiaries', i, 'endereco', j, 'codigo'], `codigo ${k} appears twice`);
    });
  });
}

/** Providers attend at known locations; agendas, slots and appointments are where their provider attends. */
function checkPlaces(d: Dataset, doc: Record<string, Row[]>, issue: Issue, locations: Set<string>): void {
  const served = new Set<string>();
  d.providers.forEach((p, i) => {
    p.locations.forEach((l, j) => {
      if (!locations.has(String(l)))
        issue(['providers', i, 'locations', j], `location ${String(l)} is not in locations`);
      served.add(`${at(p, 'prest_cod_svc_card')}/${String(l)}`);
    });
  });
  for (const where of ['agendas', 'slots', 'appointments']) {
    (doc[where] ?? []).forEach((s, i) => {
      const pair = `${at(s, 'prest_cod_svc_card')}/${at(s, 'cd_local')}`;
      if (!served.has(pair))
        issue(
          [where, i, 'cd_local'],
          `provider ${at(s, 'prest_cod_svc_card')} does not attend at location ${at(s, 'cd_local')}`,
        );
    });
  }
}

/** Cross-record rules: unique keys, references that exist, cards that match their contract, valid CPFs. */
function checkReferences(d: Dataset, ctx: z.RefinementCtx): void {
  const doc = d as unknown as Record<string, Row[]>;
  const issue: Issue = (path, message) => ctx.addIssue({ code: 'custom', path, message });
  const once = (where: string, field: string) => unique(doc, issue, where, field);
  once('contracts', 'contrato_id');
  once('beneficiaries', 'beneficiario_id');
  const cards = once('beneficiaries', 'usuario_cartao');
  once('ceps', 'cep');
  const locations = once('locations', 'cd_local');
  once('providers', 'prest_cod_svc_card');
  once('appointments', 'cd_evento');
  once('devices', 'pushid');
  once('devices', 'dispositivo_token');
  checkBeneficiaries(d, issue);
  checkPlaces(d, doc, issue, locations);
  for (const where of ['appointments', 'devices']) {
    (doc[where] ?? []).forEach((row, i) => {
      const card = row['usuario_cartao'];
      if (card !== undefined && !cards.has(String(card)))
        issue([where, i, 'usuario_cartao'], 'is not the card of a beneficiary');
    });
  }
}

/** The catalogue's rules by field name (a fixture's field is a record's or a parameter's: the first of that name). */
let rules: Map<string, Rule> | undefined;
function ruleNamed(path: readonly PropertyKey[]): Rule | undefined {
  if (!rules) {
    rules = new Map();
    for (const op of catalogue) {
      const groups = Object.values(op.response.groups ?? {}).map((g) => g.fields);
      for (const fields of [op.response.fields, ...groups, op.params])
        for (const [name, f] of Object.entries(fields)) if (!rules.has(name)) rules.set(name, f.rule);
    }
  }
  const name = [...path].reverse().find((p) => typeof p === 'string');
  return name === undefined ? undefined : rules.get(name);
}

/** Validates a parsed JSON document; throws FixturesError naming every problem (in English, as the file's schema). */
export function parseFixtures(doc: unknown): Dataset {
  // The text first, as a request's: a document with a NUL or an ESC in it is refused, whatever its shape.
  const textProblems: string[] = [];
  const plain = plainDocument(doc, textProblems);
  if (textProblems.length > 0) throw new FixturesError(textProblems);
  const result = fixturesSchema.safeParse(plain);
  if (result.success) return result.data;
  throw new FixturesError(
    result.error.issues.map((i) => {
      const path = i.path.map(String).join('.') || '(document)';
      // The dataset's own checks say their problem in words; the catalogue's rules by their code.
      const said = isProblemToken(i.message) ? en.problem(issueProblem(i, path, ruleNamed(i.path))) : i.message;
      return `${path}: ${said}`;
    }),
  );
}

/** The JSON Schema of the document (docs/fixtures.schema.json). */
export function fixturesJsonSchema(): unknown {
  return z.toJSONSchema(fixturesSchema, { io: 'input', unrepresentable: 'any' });
}
