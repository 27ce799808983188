/**
 * The catalogue: every operation of the spec, declared once, one file per
 * area (areas/). The CLI, the client, the server's routing and validation,
 * the OpenAPI document and the tests' tables of cases are all derived from it.
 */
import type { Operation } from './operation.js';
import { registration } from './areas/registration.js';
import { record } from './areas/record.js';
import { schedule } from './areas/schedule.js';
import { enrol } from './areas/enrol.js';
import { notify } from './areas/notify.js';

/** The operations in the spec's order (sections 4.1 to 4.5), each with its inferred types. */
const declared = [...registration, ...record, ...schedule, ...enrol, ...notify] as const;

/** Every operation, in the spec's order. */
export const catalogue: readonly Operation[] = declared;

/** The catalogue's operations by id, each with its own types (`operations['registration.show']`). */
export type Operations = { readonly [Op in (typeof declared)[number] as Op['id']]: Op };

/** The catalogue by id, typed: `operations['schedule.book'].params.cd_local`. */
export const operations = Object.freeze(Object.fromEntries(declared.map((op) => [op.id, op]))) as Operations;

const byPath = new Map(catalogue.map((op) => [op.path, op]));

/** The operation with this id (`registration.show`), typed by its id; throws for an unknown id. */
export function operation<Id extends keyof Operations>(id: Id): Operations[Id];
export function operation(id: string): Operation;
export function operation(id: string): Operation {
  const op = Object.hasOwn(operations, id) ? (operations as Readonly<Record<string, Operation>>)[id] : undefined;
  if (!op) throw new Error(`unknown operation ${id}`);
  return op;
}

/** The operation served at this path, if any. */
export function operationAt(path: string): Operation | undefined {
  return byPath.get(path);
}

/** Filters of `envianotificacao` that narrow its audience. */
export const audienceFilters = ['grupo_usuario', 'tipo_beneficiario', 'usuario_cartao'] as const;
