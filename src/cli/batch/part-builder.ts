/**
 * A part of a CSV batch (a contract, a payer, a beneficiary, one of its
 * records) built cell by cell: its values, and the line and column each came
 * from, so that an error can point at it.
 */
import type { Params } from '../../catalogue/index.js';
import type { SourcePart, Where } from './source.js';

export class PartBuilder implements SourcePart {
  readonly values: Params = {};
  /** Lines of the fields written on another line than the part's own (a contract's columns may be on any of its rows). */
  #lines: Map<string, number> | undefined;
  readonly #line: number;
  readonly #label: (field: string) => string;
  #empty = true;
  /** `label` names a field's column: `contract.coop_id`, `address2.cep`. */
  constructor(line: number, label: (field: string) => string) {
    this.#line = line;
    this.#label = label;
  }
  set(field: string, value: unknown, line: number): void {
    this.values[field] = value;
    this.#empty = false;
    if (line === this.#line) return;
    this.#lines ??= new Map();
    this.#lines.set(field, line);
  }
  /** The line a field was written on; undefined when it was not. */
  lineOf(field: string): number | undefined {
    return this.values[field] === undefined ? undefined : (this.#lines?.get(field) ?? this.#line);
  }
  get empty(): boolean {
    return this.#empty;
  }
  locate(name: string): Where {
    return { line: this.#lines?.get(name) ?? this.#line, field: this.#label(name) };
  }
}
