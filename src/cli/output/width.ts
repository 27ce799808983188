/**
 * The terminal columns a line of safe text takes, as string-width counts them
 * (wide CJK characters and emoji two, combining marks none), with a fast
 * path: printable ASCII and Latin-1 letters (Portuguese's `ç`, `ã`, `é`…,
 * precomposed) take one column each, so their width is their length, without
 * string-width's segmentation. Tables measure every cell more than once.
 */
import displayWidth from 'string-width';

/** Characters of one column each: printable ASCII, and Latin-1 from the no-break space on (the soft hyphen aside). */
const NARROW = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u00ff]*$/;

export function textWidth(text: string): number {
  return NARROW.test(text) ? text.length : displayWidth(text);
}
