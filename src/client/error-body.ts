/**
 * The explanation an error answer (HTTP 4xx/5xx) carries, in one bounded line.
 * Bodies understood: the spec's envelope (`mensagem_erro`); `{"message": …,
 * "errors": […]}` (errors a list, or an object of field names to messages);
 * RFC 9457 problem details (`title`, `detail`, `errors` or `invalid-params`);
 * a plain-text body. At most MAX_FIELD_ERRORS field errors are named, then
 * `+K` for the others (a count in no language: the line is the service's
 * words, which the CLI shows in whatever language they are); each text is cut (received.ts's clip, which also masks card
 * numbers and CPFs). The display sanitises the line (cli/output/sanitize.ts).
 */
import { clip } from '../catalogue/received.js';
import { parseJson } from './json.js';

/** Field errors named in the line; the others are counted. */
export const MAX_FIELD_ERRORS = 5;
/** The longest text of one field error, in characters. */
export const FIELD_ERROR_CHARS = 120;
/** The longest message, in characters. */
export const MESSAGE_CHARS = 300;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const firstString = (o: Json, names: readonly string[]): string | undefined =>
  names.map((n) => o[n]).find((v): v is string => typeof v === 'string' && v.trim() !== '');

/** JSON text of a value (bigints, the exact parser's large integers, as their digits). */
const jsonOf = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x));

/** A field's name in an error item: `field`, `name`, a JSON pointer (`#/age`) or a path (`["body", "cep"]`). */
function fieldName(item: Json): string | undefined {
  const path = item['path'] ?? item['loc'];
  if (Array.isArray(path)) return path.map(String).join('.');
  const named = firstString(item, ['field', 'name', 'property', 'parameter', 'path']);
  if (named) return named;
  const pointer = firstString(item, ['pointer']);
  return pointer?.replace(/^#?\//, '').replaceAll('/', '.');
}

/** One field error as text: `cep: must be 8 digits`. */
function fieldError(item: unknown): string {
  if (!isObject(item)) return typeof item === 'string' ? item : jsonOf(item);
  const field = fieldName(item);
  const why = firstString(item, ['message', 'detail', 'reason', 'msg', 'title', 'error']);
  if (why === undefined) return jsonOf(item);
  return field ? `${field}: ${why}` : why;
}

/** The field errors of a body: a list of items, or an object of field names to a message or a list of them. */
function fieldErrors(body: Json): string[] {
  const errors = body['errors'] ?? body['invalid-params'] ?? body['invalid_params'];
  if (Array.isArray(errors)) return errors.map(fieldError);
  if (!isObject(errors)) return [];
  return Object.entries(errors).map(([field, v]) => `${field}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
}

/** The body's own message: an envelope's mensagem_erro, `message` or `error`, or a problem's `title: detail`. */
function bodyMessage(body: Json): string {
  const own = firstString(body, ['mensagem_erro', 'message', 'error']);
  if (own) return own;
  const title = firstString(body, ['title']);
  const detail = firstString(body, ['detail']);
  return title && detail ? `${title}: ${detail}` : (title ?? detail ?? '');
}

/** `message (a; b; +3)`, every part cut to its bound (the display shows line breaks as `\n`). */
function joined(message: string, errors: readonly string[]): string {
  const shown = errors.slice(0, MAX_FIELD_ERRORS).map((e) => clip(e.trim(), FIELD_ERROR_CHARS));
  if (errors.length > MAX_FIELD_ERRORS) shown.push(`+${errors.length - MAX_FIELD_ERRORS}`);
  const text = clip(message.trim(), MESSAGE_CHARS);
  if (shown.length === 0) return text;
  return text ? `${text} (${shown.join('; ')})` : shown.join('; ');
}

/**
 * The explanation carried by an error answer's body, or '' when it carries
 * none (an empty body, an HTML page, JSON of no known shape).
 */
export function errorExplanation(body: string, contentType: string): string {
  if (body.trim() === '') return '';
  const parsed = parseJson(body);
  if (!parsed.ok) return /^text\/plain\b/i.test(contentType) ? clip(body.trim(), MESSAGE_CHARS) : '';
  // An array of records: the first one explains (the spec's envelope).
  const first = Array.isArray(parsed.value) ? parsed.value[0] : parsed.value;
  return isObject(first) ? joined(bodyMessage(first), fieldErrors(first)) : '';
}
