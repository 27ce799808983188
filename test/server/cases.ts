/** Tables of cases derived from the catalogue. */
import { catalogue, type Operation } from '../../src/catalogue/index.js';

/** Every invalid sample of every parameter: [operation id, parameter, value, operation]. */
export const invalidCases: ReadonlyArray<readonly [string, string, unknown, Operation]> = catalogue.flatMap((op) =>
  Object.entries(op.params).flatMap(([name, f]) => f.invalid.map((value) => [op.id, name, value, op] as const)),
);
