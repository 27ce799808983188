/**
 * The shape of one catalogue entry, and what is derived from it: its id, its
 * zod schemas (built on first use) and their types, inferred from the entry's
 * field rules.
 */
import * as z from 'zod';
import type { Check } from './checks.js';
import type { Field, Fields, Params, Row } from './field.js';
import type { Said } from './lang.js';
import { type envelope, envelopeOf } from './records.js';
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

/**
 * A nested group of a response record, e.g. `[endereco]` of the registration
 * record. The spec does not say whether a group is one object or a list, so
 * answers may carry either; `many` is the form the embedded server answers.
 */
export interface Group<F extends Fields = Fields> {
  readonly fields: F;
  readonly many: boolean;
  /** The group's name for people: a table's title. */
  readonly title: Said;
}

/** What an operation deals with, counted: `allergy`, `allergies`; in Portuguese, whether the noun is feminine. */
export interface Noun {
  readonly one: string;
  readonly many: string;
  readonly feminine?: boolean;
}

/** The response of an operation: its record's fields, nested groups and envelope. */
export interface ResponseDef {
  readonly fields: Fields;
  readonly groups?: Readonly<Record<string, Group>>;
  readonly envelope: EnvelopeMode;
  /** The field of the answer that holds the id this write creates (printed alone when stdout is not a terminal). */
  readonly creates?: string;
}

export interface OperationDef {
  /** Spec operation name, e.g. `buscadadosusuario`, `contrato/search`. */
  readonly name: string;
  readonly area: Area;
  /** CLI words below the program name, e.g. ['registration', 'show']. */
  readonly command: readonly string[];
  /**
   * The command's own word (the last of `command`) in Portuguese, as spelt
   * (`agendar`, `alterar-situação`): the CLI accepts it, with or without its
   * accents, and shows it in Portuguese help. The same as the English word
   * when the two languages share it (`cep`).
   */
  readonly alias: string;
  /** What the operation does, in one line (help, the OpenAPI document). */
  readonly summary: Said;
  /** A read's records, counted in what it says it found (`3 allergies`, `Nenhuma alergia`): every read has them. */
  readonly nouns?: Said<Noun>;
  /** What a write did, in a few words (`Appointment cancelled`): every write has them; the CLI may say more. */
  readonly done?: Said;
  readonly methods: readonly Method[];
  readonly path: string;
  readonly host: Host;
  readonly params: Fields;
  /** The parameter given as the command's positional argument. */
  readonly positional?: string;
  /** Rules across the parameters (checks.ts), run by `validateParams` after the field rules. */
  readonly checks?: readonly Check[];
  readonly response: ResponseDef;
  /** Ask before sending on a TTY (`always`), or when no audience filter is set (`unfiltered`). */
  readonly confirm?: 'always' | 'unfiltered';
}

// ── Types inferred from the field rules ───────────────────────────────────────

/** The words of a command joined by dots: `['enrol', 'payer']` → `'enrol.payer'`. */
export type JoinedId<C extends readonly string[]> = C extends readonly [infer H extends string]
  ? H
  : C extends readonly [infer H extends string, ...infer T extends readonly string[]]
    ? `${H}.${JoinedId<T>}`
    : string;

type Flat<T> = { [K in keyof T]: T[K] };

/** The parsed value of a field: the output of its zod schema. */
export type ValueOf<F extends Field> = z.output<F['schema']>;

type RequiredNames<F extends Fields> = { [K in keyof F]: F[K] extends Field<unknown, true> ? K : never }[keyof F];

/**
 * The parsed values of a set of fields: required ones present, the others
 * optional, each of its rule's type. Untyped `Fields` give `Params`.
 */
export type ValuesOf<F extends Fields> = string extends keyof F
  ? Params
  : Flat<
      { -readonly [K in RequiredNames<F>]: ValueOf<F[K]> } & {
        -readonly [K in Exclude<keyof F, RequiredNames<F>>]?: ValueOf<F[K]>;
      }
    >;

/** The envelope's two fields, as the records of a response mode carry them. */
type EnvelopeValues<M extends EnvelopeMode> = M extends 'required'
  ? ValuesOf<typeof envelope>
  : M extends 'optional'
    ? Partial<ValuesOf<typeof envelope>>
    : Record<never, never>;

type GroupValues<G extends Readonly<Record<string, Group>>> = {
  -readonly [K in keyof G]: ValuesOf<G[K]['fields']> | ValuesOf<G[K]['fields']>[];
};

/** A data-bearing record of a response: its fields, nested groups and envelope. Untyped responses give `Row`. */
export type RecordValues<R extends ResponseDef> = string extends keyof R['fields']
  ? Row
  : Flat<
      ValuesOf<R['fields']> &
        (R extends { readonly groups: infer G extends Readonly<Record<string, Group>> }
          ? GroupValues<G>
          : Record<never, never>) &
        EnvelopeValues<R['envelope']>
    >;

/** Fields with their literal types that can still be looked up by any name (`fields[name]`, a `Field` or undefined). */
export type IndexedFields<F extends Fields> = F & Fields;

type GroupsView<G extends Readonly<Record<string, Group>>> = {
  readonly [K in keyof G]: Omit<G[K], 'fields'> & { readonly fields: IndexedFields<G[K]['fields']> };
} & Readonly<Record<string, Group>>;

/** The response as an operation exposes it: its fields and groups typed, and open to lookup by name. */
export type ResponseView<R extends ResponseDef> = Omit<R, 'fields' | 'groups'> & {
  readonly fields: IndexedFields<R['fields']>;
} & (R extends { readonly groups: infer G extends Readonly<Record<string, Group>> }
    ? { readonly groups: GroupsView<G> }
    : { readonly groups?: Readonly<Record<string, Group>> });

/**
 * A catalogue entry: its definition `D` (whose literal types it keeps), its
 * id, and zod schemas whose outputs are the types inferred from `D`'s field
 * rules. `Operation` alone is any entry, with untyped parameters.
 */
export type Operation<D extends OperationDef = OperationDef> = Omit<OperationDef, 'params' | 'response'> &
  Omit<D, 'params' | 'response'> & {
    readonly params: IndexedFields<D['params']>;
    readonly response: ResponseView<D['response']>;
    /** `area.word.word`, e.g. `registration.show`, `enrol.beneficiary.add`. */
    readonly id: JoinedId<D['command']>;
    /** zod object of all parameters (required ones required). Unknown keys are rejected. */
    readonly paramSchema: z.ZodType<ValuesOf<D['params']>>;
    /** zod object of a full (data-bearing) response record. */
    readonly recordSchema: z.ZodType<RecordValues<D['response']>>;
    /** zod object of the envelope alone, as records of outcome 3 or 4 are. */
    readonly envelopeSchema: z.ZodType<Partial<ValuesOf<typeof envelope>>>;
    /** Whether a record carries data beyond the envelope. */
    readonly hasData: boolean;
  };

/** The parsed, validated parameters of an operation (the output of its `paramSchema`). */
export type ParamsOfOperation<Op extends Operation> = z.output<Op['paramSchema']>;

/** A data-bearing response record of an operation (the output of its `recordSchema`). */
export type RecordOfOperation<Op extends Operation> = z.output<Op['recordSchema']>;

// ── Building the schemas ──────────────────────────────────────────────────────

function shape(fields: Fields, optional: (name: string) => boolean): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) {
    const s = f.schema.describe(f.words.help.en);
    out[name] = optional(name) || !f.required ? s.optional() : s;
  }
  return out;
}

function recordShape(def: OperationDef): Record<string, z.ZodType> {
  const env = def.response.envelope;
  const out = shape(def.response.fields, () => false);
  for (const [name, g] of Object.entries(def.response.groups ?? {})) {
    const obj = z.looseObject(shape(g.fields, () => false));
    out[name] = z.union([obj, z.array(obj)], { error: 'group' });
  }
  return env === 'none' ? out : { ...out, ...shape(envelopeOf(def.area), () => env === 'optional') };
}

/**
 * Declares an operation. Its schemas are built on first use (one command
 * needs one operation's); its types are inferred from `def` at once.
 */
export function defineOperation<const D extends OperationDef>(def: D): Operation<D> {
  const hasData = Object.keys(def.response.fields).length > 0 || Object.keys(def.response.groups ?? {}).length > 0;
  const op = { ...def, id: def.command.join('.'), hasData };
  lazily(op, 'paramSchema', () => z.strictObject(shape(def.params, () => false)));
  lazily(op, 'recordSchema', () => z.looseObject(recordShape(def)));
  const envelopeShape = () => shape(envelopeOf(def.area), () => def.response.envelope !== 'required');
  lazily(op, 'envelopeSchema', () => z.looseObject(envelopeShape()));
  return op as unknown as Operation<D>;
}
