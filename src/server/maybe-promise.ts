/** A value available now or later: what the store's fast read path and the handlers' JSON answers return. */

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/** Whether a value is a promise (rather than a value available now). */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
