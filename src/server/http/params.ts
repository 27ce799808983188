/**
 * Raw parameters of a request, from its query string and its body (JSON or
 * urlencoded), before the catalogue checks them. Lists come as JSON arrays,
 * as `name[]=a&name[]=b`, or as a repeated `name=`.
 */
import type { Params } from '../../spec/index.js';

export type BodyParse = { readonly ok: true; readonly params: Params } | { readonly ok: false; readonly message: string };

function add(out: Params, key: string, value: string): void {
  const list = key.endsWith('[]');
  const name = list ? key.slice(0, -2) : key;
  const prev = out[name];
  if (prev === undefined) out[name] = list ? [value] : value;
  else if (Array.isArray(prev)) prev.push(value);
  else out[name] = [prev, value];
}

const SURROGATE = /[\ud800-\udfff]/;

/** Adds the pairs of an urlencoded text (a query string or a form body) to `out`. */
export function addForm(out: Params, text: string): Params {
  // Fast path (the common read): with nothing to decode, splitting on & and the first = is exactly what
  // URLSearchParams does (empty pairs skipped, a name without = has the value ''); it also drops one
  // leading ? and replaces lone surrogates, which the fast path leaves to it.
  if (text.indexOf('%') < 0 && text.indexOf('+') < 0 && text.charCodeAt(0) !== 63 /* ? */ && !SURROGATE.test(text)) {
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf('&', start);
      if (end < 0) end = text.length;
      if (end > start) {
        const eq = text.indexOf('=', start);
        if (eq < 0 || eq > end) add(out, text.slice(start, end), '');
        else add(out, text.slice(start, eq), text.slice(eq + 1, end));
      }
      start = end + 1;
    }
    return out;
  }
  for (const [key, value] of new URLSearchParams(text)) add(out, key, value);
  return out;
}

/** An empty parameter object that no key can give a prototype to. */
export function emptyParams(): Params {
  return Object.create(null) as Params;
}

function mediaType(header: string | undefined): string {
  if (!header) return '';
  const semi = header.indexOf(';');
  return (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
}

/** Adds the parameters of a body to `out` (a body value wins over a query value of the same name). */
export function addBody(out: Params, contentType: string | undefined, body: Buffer): BodyParse {
  const type = mediaType(contentType);
  const text = body.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const form = addForm(emptyParams(), text);
    for (const key of Object.keys(form)) out[key] = form[key];
    return { ok: true, params: out };
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    if (text.trim() === '') return { ok: true, params: out };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, message: 'malformed JSON body' };
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { ok: false, message: 'the JSON body must be an object of parameters' };
    }
    for (const key of Object.keys(value)) out[key] = (value as Params)[key];
    return { ok: true, params: out };
  }
  if (body.length === 0) return { ok: true, params: out };
  return {
    ok: false,
    message: `unsupported content type ${type ? `"${type}"` : '(none)'}: send application/json or application/x-www-form-urlencoded`,
  };
}

/** A single value given for a list parameter is a list of one. */
export function listify(params: Params, listParams: readonly string[]): void {
  for (const name of listParams) {
    const value = params[name];
    if (typeof value === 'string') params[name] = [value];
  }
}
