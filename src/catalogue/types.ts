/**
 * The catalogue's types, inferred from its declarations: an operation's id,
 * its parsed parameters and its data-bearing record, each looked up by id.
 * `ParamsOf<'registration.show'>` is `{ usuario_cartao: string }`.
 */
import type { Operations } from './catalogue.js';
import type { ParamsOfOperation, RecordOfOperation } from './operation.js';

/** The id of an operation of the catalogue: `'registration.show' | … | 'notify.send-all'`. */
export type OperationId = keyof Operations;

/** The catalogue entry of an id, with its literal types. */
export type OperationOf<Id extends OperationId> = Operations[Id];

/** The parsed, validated parameters of an operation: the output of its `paramSchema`. */
export type ParamsOf<Id extends OperationId> = ParamsOfOperation<Operations[Id]>;

/** A data-bearing response record of an operation: the output of its `recordSchema`. */
export type RecordOf<Id extends OperationId> = RecordOfOperation<Operations[Id]>;
