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

function parameter(op: Operation, name: string, f: Field): Json {
  return {
    name: formName(op, name),
    in: 'query',
    required: f.required,
    description: `${f.words.help.en}. Rule: ${en.rule(f.rule)}.`,
    schema: wireSchema(f.schema),
    example: sampleValue(f),
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

const envelopeArray = (description: string, message: string): Json => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'array', items: { $ref: '#/components/schemas/Envelope' } },
      example: [envelopeRecord(4, message)],
    },
  },
});

function responses(op: Operation): Json {
  const ok: Json = {
    description:
      'Records of the operation (envelope codes: 1 request OK, 2 record found, 3 no result, 4 request failed).',
    content: {
      'application/json': {
        schema: { type: 'array', items: wireSchema(op.recordSchema) },
        example: [sampleRecord(op)],
      },
    },
  };
  return {
    '200': ok,
    '401': envelopeArray('Missing or wrong bearer token', UNAUTHORIZED),
    '422': envelopeArray('A parameter broke its rule: mensagem_erro names each field and rule', refusalMessage(op)),
  };
}

/** The body of a write: JSON, or a form (list fields as `name[]`), each with the sample body as its example. */
function requestBody(op: Operation): Json {
  const schema = wireSchema(op.paramSchema);
  const example = sampleBody(op);
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
  return { description: `Rule${words.length > 1 ? 's' : ''} across fields: ${words.join('; ')}.` };
}

function operationObject(op: Operation): Json {
  const base: Json = {
    operationId: op.id.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase()),
    summary: op.summary.en,
    ...acrossFields(op),
    tags: [op.area],
    responses: responses(op),
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
    const o = operationObject(op);
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
      schemas: { Envelope: envelopeSchema() },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{}, { bearer: [] }],
  };
}
