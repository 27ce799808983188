/**
 * Parameters on the wire, each as the spec types it: as
 * `application/x-www-form-urlencoded` (query strings and form bodies; a list
 * as `name[]=` for each element, or the bare name repeated: the list style;
 * integers as plain digits), or as a JSON body in which every `int` field is
 * a JSON number, written exactly however many digits it has.
 */
import { exactInt, stringifyExact } from '../catalogue/exact-json.js';
import type { Fields, Params } from '../catalogue/index.js';
import type { ListStyle } from './types.js';

export function formEncode(params: Params, style: ListStyle = 'brackets'): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const listName = style === 'repeat' ? name : `${name}[]`;
    if (Array.isArray(value)) for (const item of value) out.append(listName, String(item));
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
