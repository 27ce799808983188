/**
 * Counting the values a body carries as its bytes arrive, so that a request
 * of a hundred thousand made-up names is refused after its first few hundred
 * bytes, before the rest is read, decoded or parsed. Works on bytes: the
 * characters that count (`&`, `,`, brackets, quotes) are ASCII, and no byte
 * of a multi-byte UTF-8 character is.
 */
import { MAX_VALUES } from '../../catalogue/index.js';

export interface ValueCounter {
  /** Counts the values in the next bytes of the body; true once the request is past MAX_VALUES. */
  feed(chunk: Uint8Array): boolean;
  /** Values counted so far, with those the request carried before its body. */
  readonly count: number;
}

const AMP = 0x26;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Name=value pairs of an urlencoded body: the non-empty parts between `&`
 * (one leading `?` is no part of the first), as `addForm` reads them.
 */
export function formCounter(before: number): ValueCounter {
  let count = before;
  let filled = false;
  let first = true;
  return {
    get count() {
      return count + (filled ? 1 : 0);
    },
    feed(chunk) {
      let start = first && chunk[0] === 0x3f /* ? */ ? 1 : 0;
      if (chunk.length) first = false;
      for (;;) {
        const amp = chunk.indexOf(AMP, start);
        const end = amp < 0 ? chunk.length : amp;
        if (end > start) filled = true;
        if (amp < 0) return count + (filled ? 1 : 0) > MAX_VALUES;
        if (filled) count++;
        filled = false;
        if (count > MAX_VALUES) return true;
        start = amp + 1;
      }
    },
  };
}

const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Values inside the containers of a JSON text: members of objects and
 * elements of arrays, at any depth (each comma outside strings, plus one per
 * non-empty container). Strings are skipped with indexOf, each search
 * starting past the last, so the work stays linear whatever the text.
 */
export function jsonCounter(before: number): ValueCounter {
  let count = before;
  let inString = false;
  let escaped = false;
  // The last byte outside strings and whitespace opened a container.
  let opened = false;
  return {
    get count() {
      return count;
    },
    feed(chunk) {
      // Next quote and backslash at or after i in this chunk: -2 not searched yet, -1 none left.
      let quote = -2;
      let backslash = -2;
      let i = 0;
      while (i < chunk.length) {
        if (inString) {
          if (escaped) {
            escaped = false;
            i++;
            continue;
          }
          if (quote !== -1 && quote < i) quote = chunk.indexOf(QUOTE, i);
          if (backslash !== -1 && backslash < i) backslash = chunk.indexOf(BACKSLASH, i);
          if (backslash >= 0 && (quote < 0 || backslash < quote)) {
            escaped = true;
            i = backslash + 1;
          } else if (quote >= 0) {
            inString = false;
            i = quote + 1;
          } else i = chunk.length;
          continue;
        }
        const c = chunk[i++]!;
        if (isBlank(c)) continue;
        if (opened && c !== 0x7d /* } */ && c !== 0x5d /* ] */) count++;
        opened = c === 0x7b /* { */ || c === 0x5b; /* [ */
        if (c === COMMA) count++;
        else if (c === QUOTE) inString = true;
        if (count > MAX_VALUES) return true;
      }
      return false;
    },
  };
}
