/**
 * Parsing a JSON answer that will be walked by recursive code (the response
 * checks, the renderers): an answer nesting deeper than MAX_JSON_DEPTH is
 * refused before it is parsed, so that a `[[[[…]]]]` of a few MB cannot
 * overflow the stack of whatever reads it. No documented record nests more
 * than a few levels. Integers past a double's exact range (18-digit codes)
 * are read exactly, as bigints (exact-json.ts).
 */
import { parseExact } from '../catalogue/exact-json.js';
import { escapedByte } from '../catalogue/utf8.js';
import type { AnswerFault } from './errors.js';

export const MAX_JSON_DEPTH = 64;

export type Parsed =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: string; readonly fault: AnswerFault };

/** Whether arrays and objects nest deeper than `max` (one linear pass; brackets inside strings do not count). */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

export function parseJson(text: string): Parsed {
  if (nestsDeeper(text, MAX_JSON_DEPTH))
    return {
      ok: false,
      problem: `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`,
      fault: { kind: 'too-deep', levels: MAX_JSON_DEPTH },
    };
  try {
    return { ok: true, value: parseExact(text) };
  } catch {
    return { ok: false, problem: 'the body is not JSON', fault: { kind: 'not-json' } };
  }
}

/** A character decodeUtf8 makes of an invalid byte (U+DC80 to U+DCFF); valid UTF-8 never decodes to a lone surrogate. */
const ESCAPED = /[\udc80-\udcff]/u;

/**
 * Where an answer decoded from invalid UTF-8 holds its first invalid byte: the
 * path of the text (`[0].contato.email`; a key's path ends in the key), the
 * byte, and its position in characters from 1. Undefined when the text of the
 * body is valid UTF-8 (a JSON escape `\udc80` is not an invalid byte).
 */
export function invalidUtf8(text: string, value: unknown): Extract<AnswerFault, { kind: 'not-utf8' }> | undefined {
  const first = text.search(ESCAPED);
  if (first < 0) return undefined;
  const found = (s: string, field: string) => {
    const i = s.search(ESCAPED);
    return i < 0
      ? undefined
      : { kind: 'not-utf8' as const, field, byte: escapedByte(s.charCodeAt(i))!, at: [...s.slice(0, i)].length + 1 };
  };
  const walk = (v: unknown, path: string, depth: number): ReturnType<typeof found> => {
    if (typeof v === 'string') return found(v, path);
    if (v === null || typeof v !== 'object' || depth > MAX_JSON_DEPTH) return undefined;
    if (Array.isArray(v)) {
      for (const [i, e] of v.entries()) {
        const hit = walk(e, `${path}[${i}]`, depth + 1);
        if (hit) return hit;
      }
      return undefined;
    }
    for (const [k, e] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      const hit = found(k, at) ?? walk(e, at, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(value, '', 0) ?? { kind: 'not-utf8', field: '', byte: escapedByte(text.charCodeAt(first))!, at: 0 };
}
