/**
 * Parsing a JSON answer that will be walked by recursive code (the response
 * checks, the renderers): an answer nesting deeper than MAX_JSON_DEPTH is
 * refused before it is parsed, so that a `[[[[…]]]]` of a few MB cannot
 * overflow the stack of whatever reads it. No documented record nests more
 * than a few levels. Integers past a double's exact range (18-digit codes)
 * are read exactly, as bigints (exact-json.ts).
 */
import { parseExact } from '../catalogue/exact-json.js';
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
