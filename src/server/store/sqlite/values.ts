/** Converting between JavaScript values and SQLite ones where they differ. */

/**
 * An integer read with `safeIntegers()` (a bigint), as a response answers it:
 * a number when it fits a double exactly, else the bigint itself, which the
 * answer writes as its exact number literal (exact-json.ts).
 */
export function wireInt(v: bigint): number | bigint {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v;
}

/** A row read with `safeIntegers()`, with every bigint as `wireInt` answers it. */
export function wireRow<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? wireInt(v) : v;
  return out as T;
}

/** A list as a JSON array parameter, for `IN (SELECT value FROM json_each(?))`. */
export const jsonList = (list: readonly unknown[]): string => JSON.stringify(list);

/** True for an error that a UNIQUE constraint (or a unique index) raised. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
