/**
 * The exported OpenAPI document as a validator: dereferenced by a
 * third-party OpenAPI parser, its schemas compiled by a JSON Schema 2020-12
 * validator (Ajv, strict, no type coercion), so a digit string is not an
 * integer. Shared by the examples test and the write-request test.
 */
import { dereference } from '@readme/openapi-parser';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { buildOpenApi } from '../../src/catalogue/index.js';

export type Json = Record<string, unknown>;
export interface MediaType {
  readonly schema: Json;
  readonly example?: unknown;
}
export interface OperationObject {
  readonly parameters?: ReadonlyArray<{ name: string; schema: Json; example?: unknown }>;
  readonly requestBody?: { content: Record<string, MediaType> };
  readonly responses: Record<string, { content?: Record<string, MediaType> }>;
}
export type Paths = Record<string, Record<string, OperationObject>>;

export const hosts = { baseUrl: 'http://127.0.0.1:8787', testBaseUrl: 'http://127.0.0.1:8788' };

/** The document as `coopctl openapi` prints it, every `$ref` replaced by its target. */
export async function dereferencedPaths(): Promise<Paths> {
  const doc = await dereference(structuredClone(buildOpenApi(hosts)) as never);
  return (doc as unknown as { paths: Paths }).paths;
}

const ajv = new Ajv2020({ strict: true, allErrors: true });

/** The errors of `value` against `schema` ("/cd_local must be integer"), none when it is valid. */
export function schemaErrors(schema: Json, value: unknown): string[] {
  const check = ajv.compile(schema);
  if (check(value)) return [];
  return (check.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}
