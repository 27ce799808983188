/**
 * The shape of a message module's words. `Translation<T>` is what a
 * translation of the English messages `T` must be: every key of the English,
 * each a string (or the same narrower type, as a language tag), or a function
 * taking the same arguments and returning a string. A module writes
 * `const ptBR: Translation<typeof en> = {…}`, which fails to compile when a
 * key is missing, extra, or takes other arguments, and exports both as
 * `words: Words<typeof en>` (`Said`, the one shape of words in every
 * language: src/catalogue/lang.ts).
 */
import type { Said } from '../../catalogue/lang.js';

export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string extends T[K]
        ? string
        : T[K]
      : Translation<T[K]>;
};

/** A message module's words in each language: `words[lang].key`. */
export type Words<T> = Said<T>;
