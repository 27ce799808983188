/** The shape of one catalogue entry, and what is derived from it. */
import * as z from 'zod';
import type { Fields } from './field.js';
import { envelope } from './records.js';
import { lazily } from './rules.js';

export type Area = 'registration' | 'record' | 'schedule' | 'enrol' | 'notify';
export type Method = 'GET' | 'HEAD' | 'POST';
export type Host = 'test' | 'base';

/**
 * How the records of a response carry the envelope:
 * - `required`: every record has confirma_operacao and mensagem_erro (sections 4.1–4.3, 4.5);
 * - `optional`: the spec shows no envelope, the embedded server adds one (enrolment writes);
 * - `none`: plain records (contrato/search).
 */
export type EnvelopeMode = 'required' | 'optional' | 'none';

/** A nested group of a response record, e.g. `[endereco]` of the registration record. */
export interface Group {
  readonly fields: Fields;
  readonly many: boolean;
  readonly title: string;
}

export interface OperationDef {
  /** Spec operation name, e.g. `buscadadosusuario`, `contrato/search`. */
  readonly name: string;
  readonly area: Area;
  /** CLI words below the program name, e.g. ['registration', 'show']. */
  readonly command: readonly string[];
  readonly summary: string;
  readonly methods: readonly Method[];
  readonly path: string;
  readonly host: Host;
  readonly params: Fields;
  /** The parameter given as the command's positional argument. */
  readonly positional?: string;
  readonly response: {
    readonly fields: Fields;
    readonly groups?: Readonly<Record<string, Group>>;
    readonly envelope: EnvelopeMode;
  };
  /** Ask before sending on a TTY (`always`), or when no audience filter is set (`unfiltered`). */
  readonly confirm?: 'always' | 'unfiltered';
}

export interface Operation extends OperationDef {
  /** `area.word.word`, e.g. `registration.show`, `enrol.beneficiary.add`. */
  readonly id: string;
  /** zod object of all parameters (required ones required). Unknown keys are rejected. */
  readonly paramSchema: z.ZodObject;
  /** zod object of a full (data-bearing) response record. */
  readonly recordSchema: z.ZodObject;
  /** zod object of the envelope alone, as records of outcome 3 or 4 are. */
  readonly envelopeSchema: z.ZodObject;
  /** Whether a record carries data beyond the envelope. */
  readonly hasData: boolean;
}

function shape(fields: Fields, optional: (name: string) => boolean): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) {
    const s = f.schema.describe(f.help);
    out[name] = optional(name) || !f.required ? s.optional() : s;
  }
  return out;
}

function recordShape(def: OperationDef): Record<string, z.ZodType> {
  const env = def.response.envelope;
  const out = shape(def.response.fields, () => false);
  for (const [name, g] of Object.entries(def.response.groups ?? {})) {
    const obj = z.looseObject(shape(g.fields, () => false));
    out[name] = g.many ? z.array(obj) : obj;
  }
  return env === 'none' ? out : { ...out, ...shape(envelope, () => env === 'optional') };
}

export function defineOperation(def: OperationDef): Operation {
  const hasData = Object.keys(def.response.fields).length > 0 || Object.keys(def.response.groups ?? {}).length > 0;
  const op = { ...def, id: def.command.join('.'), hasData };
  lazily(op, 'paramSchema', () => z.strictObject(shape(def.params, () => false)));
  lazily(op, 'recordSchema', () => z.looseObject(recordShape(def)));
  lazily(op, 'envelopeSchema', () => z.looseObject(shape(envelope, () => def.response.envelope !== 'required')));
  return op as unknown as Operation;
}
