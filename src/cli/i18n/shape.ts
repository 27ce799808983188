/**
 * The shape a translation must have: every key of the English messages, each
 * a string, or a function taking the same arguments and returning a string.
 * `const ptBR: Translation<typeof en> = {…}` fails to compile when a key is
 * missing, extra, or takes other arguments.
 */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Translation<T[K]>;
};
