/**
 * Raw parameters of a request, from its query string and its body (JSON or
 * urlencoded), before the catalogue checks them. Lists come as JSON arrays,
 * as `name[]=a&name[]=b`, or as a repeated `name=`.
 *
 * Reading is bounded: past MAX_VALUES values (query and body together) it
 * stops, and the request is refused as a whole (`checkParams`). Text is
 * decoded strictly (utf8.ts): invalid UTF-8 reaches the catalogue's
 * plain-text rule, which names the field. A JSON body's integers are read
 * exactly (exact-json.ts): an 18-digit code is not rounded.
 */
import {
  briefly,
  catalogueWords,
  describeProblems,
  langs,
  MAX_VALUES,
  validateParams,
  type Lang,
  type Operation,
  type Params,
  type Problem,
  type Said,
  type Validation,
} from '../../catalogue/index.js';
import { parseExact } from '../../catalogue/exact-json.js';
import { http } from '../words.js';
import { failure, type Replies } from './reply.js';
import { formCounter, jsonCounter, type ValueCounter } from './value-count.js';
import { decodeUtf8 } from '../../catalogue/utf8.js';

/** A body's parameters, or why it is refused: 400 (malformed), 415 (a type other than JSON or a form, or none: RFC 9110). */
export type BodyParse =
  | { readonly ok: true; readonly params: Params }
  | { readonly ok: false; readonly message: Said; readonly status: 400 | 415 };

/** How many values a parameter object was read from, kept under a key that is no parameter name. */
const READ = Symbol('values read');
type Counted = Params & { [READ]?: number };

function readCount(params: Params): number {
  return (params as Counted)[READ] ?? 0;
}

function setReadCount(params: Params, count: number): void {
  (params as Counted)[READ] = count;
}

const TOO_MANY: Problem = { code: 'too-many', field: '', most: MAX_VALUES };

/** The answer to a body found to carry too many values before it was all read (the rest is left unread). */
export const TOO_MANY_REPLY = Object.fromEntries(
  langs.map((lang: Lang) => [
    lang,
    { ...failure(422, describeProblems(catalogueWords(lang), [TOO_MANY])), close: true },
  ]),
) as Replies;

/**
 * The catalogue's verdict on a request's parameters, on the server's clock
 * `now` (a birth date may not be later than its today); a request that carried
 * too many values is refused without looking at them.
 */
export function checkParams(op: Operation, raw: Params, now?: () => Date): Validation {
  if (readCount(raw) > MAX_VALUES) return { ok: false, errors: [TOO_MANY] };
  return validateParams(op, raw, { now });
}

function add(out: Params, key: string, value: string): void {
  const list = key.endsWith('[]');
  const name = list ? key.slice(0, -2) : key;
  const prev = out[name];
  if (prev === undefined) out[name] = list ? [value] : value;
  else if (Array.isArray(prev)) prev.push(value);
  else out[name] = [prev, value];
}

/** What needs decoding in a name or value: `%` escapes, `+` for a space, bytes past ASCII. */
const ENCODED = /[%+\u0080-\uffff]/;

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

/** A name or value of urlencoded text: `+` is a space, `%XX` a byte (a `%` without two hex digits stays), the bytes UTF-8. */
function formComponent(raw: string): string {
  if (!ENCODED.test(raw)) return raw;
  const bytes = Buffer.allocUnsafe(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    let c = raw.charCodeAt(i);
    if (c === 0x2b /* + */) c = 0x20;
    else if (c === 0x25 /* % */ && i + 2 < raw.length && isHex(raw.charCodeAt(i + 1)) && isHex(raw.charCodeAt(i + 2))) {
      c = parseInt(raw.slice(i + 1, i + 3), 16);
      i += 2;
    }
    bytes[n++] = c;
  }
  return decodeUtf8(bytes.subarray(0, n));
}

/**
 * Adds the pairs of urlencoded text to `out`: a query string, or a form body
 * read as latin1 (one character per byte). As URLSearchParams does, one
 * leading `?` is dropped, empty pairs are skipped and a name without `=` has
 * the value ''; but bytes that are not UTF-8 stay visible (utf8.ts). Stops
 * once the request (`before` values already read) passes MAX_VALUES.
 */
export function addForm(out: Params, text: string, before = readCount(out)): Params {
  // A short text with nothing to decode (the common query) skips decoding each part.
  const plain = text.length <= 4096 && !ENCODED.test(text);
  let count = before;
  let start = text.charCodeAt(0) === 63 /* ? */ ? 1 : 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      if (++count > MAX_VALUES) break;
      const pair = text.slice(start, end);
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      if (plain) add(out, name, value);
      else add(out, formComponent(name), formComponent(value));
    }
    start = end + 1;
  }
  setReadCount(out, count);
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

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** What counts the values of a body of this type as it arrives, after those already in `raw` (none for a type that is refused). */
export function bodyCounter(contentType: string | undefined, raw: Params): ValueCounter | undefined {
  const type = mediaType(contentType);
  if (type === FORM_TYPE) return formCounter(readCount(raw));
  return isJson(type) ? jsonCounter(readCount(raw)) : undefined;
}

/** Adds the members of a JSON body to `out`, unless the body carries too many values: then it only counts them. */
function addJson(out: Params, body: Buffer): BodyParse {
  const counter = jsonCounter(readCount(out));
  counter.feed(body);
  setReadCount(out, counter.count);
  if (counter.count > MAX_VALUES) return { ok: true, params: out };
  const text = decodeUtf8(body);
  if (text.trim() === '') return { ok: true, params: out };
  let value: unknown;
  try {
    value = parseExact(text);
  } catch {
    return { ok: false, message: http.malformedJson, status: 400 };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: http.notAnObject, status: 400 };
  }
  for (const key of Object.keys(value)) out[key] = (value as Params)[key];
  return { ok: true, params: out };
}

/** Adds the parameters of a body to `out` (a body value wins over a query value of the same name). */
export function addBody(out: Params, contentType: string | undefined, body: Buffer): BodyParse {
  const type = mediaType(contentType);
  const over = readCount(out) > MAX_VALUES;
  if (type === FORM_TYPE) {
    if (over) return { ok: true, params: out };
    const form = addForm(emptyParams(), body.toString('latin1'), readCount(out));
    for (const key of Object.keys(form)) out[key] = form[key];
    setReadCount(out, readCount(form));
    return { ok: true, params: out };
  }
  if (isJson(type)) return over ? { ok: true, params: out } : addJson(out, body);
  if (body.length === 0) return { ok: true, params: out };
  return { ok: false, message: http.contentType(type ? `"${briefly(type)}"` : undefined), status: 415 };
}

/** A single value given for a list parameter is a list of one. */
export function listify(params: Params, listParams: readonly string[]): void {
  for (const name of listParams) {
    const value = params[name];
    if (typeof value === 'string') params[name] = [value];
  }
}
