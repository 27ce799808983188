/**
 * The OpenAPI 3.1 document, generated from the catalogue: every operation,
 * parameter, bound and response, each area described, and an example for
 * every parameter, body and response built from the catalogue's samples (so
 * a mock server built from it answers values that keep their own rules).
 */
import { catalogue } from './catalogue.js';
import type { Field } from './field.js';
import type { Area, Operation } from './operation.js';
import { envelopeSchema, formKeys, formName, formSchema, type Json, wireSchema } from './openapi-schemas.js';
import { envelopeRecord } from './response.js';
import { sampleBody, sampleParams, sampleRecord, sampleValue } from './samples.js';
import { validateParams } from './validate.js';
import { describeProblems } from './words/index.js';
import { en } from './words/en.js';
import { plural } from './words/numbers.js';

export interface OpenApiHosts {
  readonly baseUrl: string;
  readonly testBaseUrl: string;
}

/** What each area (tag) covers, in the words of sections 1 and 4 of the spec. */
const AREAS: Readonly<Record<Area, string>> = {
  registration:
    "Registration update (spec 4.1, on test_base_url): read a beneficiary's registration data, update contact data and addresses, look up a postal code.",
  record:
    "Medical record (spec 4.2): read a beneficiary's allergies, certificates, exam results, medications, therapeutic plans and problems.",
  schedule:
    "Scheduling (spec 4.3): list a beneficiary's appointments, available dates, times and service locations; send or cancel an appointment request.",
  enrol:
    "Enrolment and contracts (spec 4.4): create a sales contract, register a financial responsible party, add beneficiaries with their contacts, documents, addresses and health-declaration answers, change a contract's status, query contracts.",
  notify:
    'Notifications (spec 4.5): register or change a device for push notifications, send notifications to app users.',
};

/** What the embedded server answers without the token (server/http/auth.ts). */
const UNAUTHORIZED = 'missing or wrong bearer token';
/** What it answers a body of another type (RFC 9110's 415). */
const UNSUPPORTED = 'unsupported content type "text/plain": send application/json or application/x-www-form-urlencoded';
/** The year of the documented dates (docValue). */
const FAR_YEAR = '2099';

function parameter(op: Operation, name: string, f: Field): Json {
  return {
    name: formName(op, name),
    in: 'query',
    required: f.required,
    description: `${f.words.help.en}. Rule: ${en.rule(f.rule)}.`,
    schema: wireSchema(f.schema),
    example: docValue(f, sampleValue(f)),
    ...(f.kind === 'array' ? { style: 'form', explode: true } : {}),
  };
}

/**
 * The refusal of a request whose first parameter breaks its rule (or, for an
 * operation without parameters, of one that sends one), as the embedded
 * server words it (in English: the document is English).
 */
function refusalMessage(op: Operation): string {
  const [name, f] = Object.entries(op.params)[0] ?? ['unknown', undefined];
  const checked = validateParams(op, { ...sampleParams(op, false), [name]: f ? f.invalid[0] : 'x' });
  return checked.ok ? '' : describeProblems(en, checked.errors);
}

/** The body of an answer with its example; none for HEAD, whose answers have no body. */
const json = (head: boolean, schema: Json, example: unknown): Json =>
  head ? {} : { content: { 'application/json': { schema, example } } };

const ENVELOPES: Json = { type: 'array', items: { $ref: '#/components/schemas/Envelope' } };

const envelopeArray = (head: boolean, description: string, message: string): Json => ({
  description,
  ...json(head, ENVELOPES, [envelopeRecord(4, message)]),
});

/**
 * The answers of one method of an operation. A 200's records are the
 * operation's, or the envelope alone: "no result" (code 3), a refusal (code
 * 4) or a write that created nothing carry no data field. Every other status
 * the server answers (400, 403, 404, 405, 413, 429, 500, 503) is an envelope
 * too: the `default` answer.
 */
function responses(op: Operation, method: string): Json {
  const head = method === 'HEAD';
  const alone = { $ref: '#/components/schemas/EnvelopeAlone' };
  const records: Json = { type: 'array', items: { anyOf: [wireSchema(op.recordSchema), alone] } };
  const ok: Json = {
    description:
      'Records of the operation, or an envelope alone without data fields (envelope codes: 1 request OK, 2 record found, 3 no result, 4 request failed).',
    ...json(head, records, [sampleRecord(op)]),
  };
  return {
    '200': ok,
    '401': envelopeArray(head, 'Missing or wrong bearer token', UNAUTHORIZED),
    ...(method === 'POST' ? { '415': envelopeArray(head, 'The body is neither JSON nor a form', UNSUPPORTED) } : {}),
    '422': envelopeArray(
      head,
      'A parameter broke its rule: mensagem_erro names each field and rule',
      refusalMessage(op),
    ),
    default: envelopeArray(
      head,
      'Any other refusal or failure: mensagem_erro says what happened',
      'no operation at this path',
    ),
  };
}

/**
 * A parameter's example as the document shows it: a date of the ISO layouts
 * (an appointment's day, a slot's start and end) moved to a year far ahead,
 * so that the example is never a day already past (refused as started).
 */
function docValue(f: Field | undefined, value: unknown): unknown {
  return f?.rule.code === 'date' && typeof value === 'string' && /^\d{4}-/.test(value)
    ? `${FAR_YEAR}${value.slice(4)}`
    : value;
}

/** The body of a write: JSON, or a form (list fields as `name[]` or the name repeated), each with the sample body as its example. */
function requestBody(op: Operation): Json {
  const schema = wireSchema(op.paramSchema);
  const example = Object.fromEntries(Object.entries(sampleBody(op)).map(([n, v]) => [n, docValue(op.params[n], v)]));
  return {
    required: true,
    content: {
      'application/json': { schema, example },
      'application/x-www-form-urlencoded': { schema: formSchema(op, schema), example: formKeys(op, example) },
    },
  };
}

/** The operation's rules across fields in words (a 422 when broken), if it has any. */
function acrossFields(op: Operation): Json {
  const words = (op.checks ?? []).map(en.check);
  if (words.length === 0) return {};
  return {
    description: `${plural('en', words.length, { one: 'Rule', other: 'Rules' })} across fields: ${words.join('; ')}.`,
  };
}

function operationObject(op: Operation, method: string): Json {
  const base: Json = {
    operationId: op.id.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase()),
    summary: op.summary.en,
    ...acrossFields(op),
    tags: [op.area],
    responses: responses(op, method),
  };
  if (op.methods.includes('POST')) return { ...base, requestBody: requestBody(op) };
  return { ...base, parameters: Object.entries(op.params).map(([name, f]) => parameter(op, name, f)) };
}

/** The path item of an operation: one operation object per method, and the test host where it is served there. */
function pathItem(op: Operation, hosts: OpenApiHosts): Json {
  const item: Json = {};
  if (op.host === 'test')
    item['servers'] = [{ url: hosts.testBaseUrl, description: 'test_base_url: registration-update host' }];
  for (const method of op.methods) {
    const o = operationObject(op, method);
    item[method.toLowerCase()] =
      method === 'HEAD'
        ? { ...o, operationId: `${String(o['operationId'])}Head`, summary: `${op.summary.en} (headers only)` }
        : o;
  }
  return item;
}

/** Builds the document; `hosts` are the two service hosts (section 1 of the spec). */
export function buildOpenApi(hosts: OpenApiHosts, version = '0.0.0'): Json {
  const paths: Json = Object.fromEntries(catalogue.map((op) => [op.path, pathItem(op, hosts)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Beneficiary Services',
      version,
      description: `Generated by coopctl from its catalogue of the ${catalogue.length} operations.`,
      license: {
        name: "Proprietary: the cooperative's interface, under no public license",
        identifier: 'LicenseRef-Proprietary',
      },
    },
    servers: [
      { url: hosts.baseUrl, description: 'base_url' },
      { url: hosts.testBaseUrl, description: 'test_base_url (registration update)' },
    ],
    tags: [...new Set(catalogue.map((op) => op.area))].map((name) => ({ name, description: AREAS[name] })),
    paths,
    components: {
      schemas: { Envelope: envelopeSchema(), EnvelopeAlone: { ...envelopeSchema(), additionalProperties: false } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{}, { bearer: [] }],
  };
}
