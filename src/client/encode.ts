/**
 * Parameters on the wire, each as the spec types it: as
 * `application/x-www-form-urlencoded` (query strings and form bodies; arrays
 * as `name[]=`, integers as plain digits), or as a JSON body in which every
 * `int` field is a JSON number, written exactly however many digits it has.
 */
import { exactInt, stringifyExact } from '../catalogue/exact-json.js';
import type { Fields, Params } from '../catalogue/index.js';

export function formEncode(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) out.append(`${name}[]`, String(item));
    else out.append(name, String(value));
  }
  return out;
}

/** A value as its field types it on the wire: the digits of an `int` field as a number (a bigint past a double). */
function wireValue(fields: Fields, name: string, value: unknown): unknown {
  const isInt = Object.hasOwn(fields, name) && fields[name]!.kind === 'int';
  return isInt && typeof value === 'string' && /^\d+$/.test(value) ? exactInt(value) : value;
}

/** The JSON body of parameters of an operation with these fields. */
export function jsonEncode(fields: Fields, params: Params): string {
  return stringifyExact(
    Object.fromEntries(Object.entries(params).map(([name, value]) => [name, wireValue(fields, name, value)])),
  );
}
