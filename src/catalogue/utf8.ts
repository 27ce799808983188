/**
 * Bytes decoded as UTF-8, strictly: a request's by the server, an answer's by
 * the client. An invalid byte is not replaced by U+FFFD, which would pass for
 * text, but kept visible as the lone surrogate U+DC80 to U+DCFF (as Python's
 * surrogateescape does): the catalogue's plain-text rule refuses it as "not
 * valid UTF-8", naming the field that holds it, and a name holding it is not
 * a parameter; the client names the answer's field that holds it
 * (src/client/interpret.ts).
 */

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Whether `b[i]` is a continuation byte within `lo`..`hi`. */
function within(b: Uint8Array, i: number, lo = 0x80, hi = 0xbf): boolean {
  const x = b[i];
  return x !== undefined && x >= lo && x <= hi;
}

/** Length of the well-formed sequence at `b[i]` (Unicode table 3-7), 0 if there is none. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return within(b, i + 1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const ok = within(b, i + 1, c === 0xe0 ? 0xa0 : 0x80, c === 0xed ? 0x9f : 0xbf) && within(b, i + 2);
    return ok ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const ok =
      within(b, i + 1, c === 0xf0 ? 0x90 : 0x80, c === 0xf4 ? 0x8f : 0xbf) && within(b, i + 2) && within(b, i + 3);
    return ok ? 4 : 0;
  }
  return 0;
}

/** The text of bytes known to be invalid somewhere: valid runs decoded, each invalid byte as U+DC80 + its value − 0x80. */
function escaped(b: Uint8Array): string {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  let out = '';
  let start = 0;
  let i = 0;
  while (i < b.length) {
    if (b[i]! < 0x80) {
      i++;
      continue;
    }
    const n = sequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += buf.toString('utf8', start, i) + String.fromCharCode(0xdc00 + b[i]!);
    start = ++i;
  }
  return out + buf.toString('utf8', start, b.length);
}

/** The text of `bytes`; invalid bytes become lone surrogates U+DC80 to U+DCFF. A byte-order mark is kept. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    return escaped(bytes);
  }
}

/** The invalid byte a character of decodeUtf8's text stands for (`0xFF`), or undefined for any other character. */
export function escapedByte(code: number): string | undefined {
  return code >= 0xdc80 && code <= 0xdcff ? `0x${(code - 0xdc00).toString(16).toUpperCase()}` : undefined;
}
