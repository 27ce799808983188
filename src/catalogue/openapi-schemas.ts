/**
 * JSON Schemas of the OpenAPI document, derived from the catalogue's zod
 * schemas as values travel on the wire: the spec's `int` fields as JSON
 * integers (not the digit strings the CLI also accepts from its flags), and
 * form bodies with a list field named `name[]`, as the client sends it.
 */
import * as z from 'zod';
import type { Fields } from './field.js';
import type { Operation } from './operation.js';
import { envelope } from './records.js';

export type Json = Record<string, unknown>;

/** The digit-string branch of an int rule's input schema: `^\d{min,max}$`. */
const DIGITS = /^\^\\d\{(\d+),(\d+)\}\$$/;

/** The digit counts of an int rule's input schema (a number, or a digit string), or undefined for any other schema. */
function intDigits(node: Json): [number, number] | undefined {
  const branches = node['anyOf'];
  if (!Array.isArray(branches)) return undefined;
  const numeric = branches.some((b: Json) => b['type'] === 'integer' || b['type'] === 'number');
  const text = branches.find((b: Json) => b['type'] === 'string' && DIGITS.test(String(b['pattern'])));
  const m = numeric && text ? DIGITS.exec(String(text['pattern'])) : null;
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/**
 * The spec's `int` of `min` to `max` digits as a JSON integer. Past 15 digits
 * the bound is the nearest double, 10^max: a validator that reads JSON numbers
 * as doubles reads the largest int of `max` digits as that double too.
 */
function integer(min: number, max: number): Json {
  return { type: 'integer', minimum: min > 1 ? 10 ** (min - 1) : 0, maximum: 10 ** max - 1 };
}

/**
 * Rewrites the JSON Schema of an int rule (as toJSONSchema's `override` sees
 * it) as a JSON integer's. A 1-digit int whose rule accepts fewer than the
 * ten digits (section 7's codes 1 to 4) lists the values it accepts, so a
 * mock server built from the document answers no code coopctl refuses.
 */
function asInteger(ctx: { zodSchema: z.core.$ZodType; jsonSchema: Json }): void {
  const json = ctx.jsonSchema;
  const digits = intDigits(json);
  if (digits) {
    delete json['anyOf'];
    Object.assign(json, integer(...digits));
  }
  // A refined rule's node comes after its int's, whose rewritten schema it copies.
  if (json['type'] !== 'integer' || json['minimum'] !== 0 || json['maximum'] !== 9) return;
  const values = [...Array(10).keys()].filter((v) => z.safeParse(ctx.zodSchema, v).success);
  if (values.length < 10) json['enum'] = values;
}

/** JSON Schema of a zod schema as it travels on the wire: its input side, the spec's ints as JSON integers. */
export function wireSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: asInteger }) as Json;
  delete out['$schema'];
  return out;
}

/** Schema of the fields as an object (required ones required), each described by its help text. */
function fieldsSchema(fields: Fields): Json {
  return wireSchema(
    z.object(Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, f.schema.describe(f.words.help.en)]))),
  );
}

/** The envelope record alone (spec section 2.1): what every error answer carries. */
export const envelopeSchema = (): Json => fieldsSchema(envelope);

/** The name a parameter travels under in a query string or form body: a list field's with `[]`. */
export function formName(op: Operation, name: string): string {
  return op.params[name]?.kind === 'array' ? `${name}[]` : name;
}

/** `value` (a body object or its schema's `properties`) with each key renamed as a form body names it. */
export function formKeys(op: Operation, value: Json): Json {
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [formName(op, name), v]));
}

/**
 * The schema of a form body: the JSON body's, each list field under both the
 * names the server reads, `name[]` (as the client sends it) and `name`
 * repeated (`name=a&name=b`, as HTML forms and most HTTP libraries send it);
 * a required list field is required under either.
 */
export function formSchema(op: Operation, body: Json): Json {
  const props = body['properties'] as Json;
  const lists = Object.keys(props).filter((name) => op.params[name]?.kind === 'array');
  const properties = { ...props, ...formKeys(op, props) };
  const required = (body['required'] as string[] | undefined) ?? [];
  const requiredLists = required.filter((name) => lists.includes(name));
  // Each branch names its property again (any value: the properties above give its schema), as strict validators want.
  const present = (key: string): Json => ({ properties: { [key]: {} }, required: [key] });
  const either = requiredLists.map((name) => ({ anyOf: [present(name), present(formName(op, name))] }));
  const rest = required.filter((name) => !lists.includes(name));
  const out: Json = { ...body, properties };
  delete out['required'];
  if (rest.length) out['required'] = rest;
  if (either.length) out['allOf'] = either;
  return out;
}
