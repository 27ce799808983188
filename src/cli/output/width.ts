/**
 * The terminal columns a line of safe text takes, as string-width counts them
 * (wide CJK characters and emoji two, combining marks none), with a fast
 * path: printable ASCII and Latin-1 letters (Portuguese's `ç`, `ã`, `é`…,
 * precomposed) take one column each, so their width is their length, without
 * string-width's segmentation. Tables measure every cell more than once.
 *
 * string-width is loaded on the first text beyond that (from node_modules:
 * scripts/bundle.mjs leaves it out of the bundle): loading it makes an
 * Intl.Segmenter, 20–50 ms of ICU data at every start otherwise, and the
 * prompter imports this module with every command.
 */
import * as lazy from '../lazy.js';

/** Characters of one column each: printable ASCII, and Latin-1 from the no-break space on (the soft hyphen aside). */
const NARROW = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u00ff]*$/;

let displayWidth: ((text: string) => number) | undefined;

export function textWidth(text: string): number {
  if (NARROW.test(text)) return text.length;
  displayWidth ??= lazy.stringWidth().default;
  return displayWidth(text);
}
