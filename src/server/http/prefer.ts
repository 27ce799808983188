/**
 * Failure injection: the `Prefer` request header (RFC 7240) with
 * `confirma=3|4`, `delay=<ms>` and `status=5xx`, in any combination.
 */

/** Longest delay a request can ask for. */
export const MAX_DELAY_MS = 30_000;

export interface Preferences {
  /** Answer one envelope record with this confirma_operacao instead of calling the handler. */
  readonly confirma?: 3 | 4;
  /** Wait this long before answering. */
  readonly delay?: number;
  /** Answer this 5xx status. */
  readonly status?: number;
  /** The `Preference-Applied` header value. */
  readonly applied: string;
}

/** Reads the header; unknown or malformed preferences are ignored, as RFC 7240 asks. */
export function parsePrefer(header: string | readonly string[] | undefined): Preferences | undefined {
  if (!header) return undefined;
  if (typeof header !== 'string') header = header.join(',');
  let confirma: 3 | 4 | undefined;
  let delay: number | undefined;
  let status: number | undefined;
  for (const token of header.split(/[,;]/)) {
    const eq = token.indexOf('=');
    if (eq < 0) continue;
    const name = token.slice(0, eq).trim().toLowerCase();
    const value = token
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,9}$/.test(value)) continue;
    const n = Number(value);
    if (name === 'confirma' && (n === 3 || n === 4)) confirma = n;
    else if (name === 'delay') delay = Math.min(n, MAX_DELAY_MS);
    else if (name === 'status' && n >= 500 && n <= 599) status = n;
  }
  const applied: string[] = [];
  if (confirma !== undefined) applied.push(`confirma=${confirma}`);
  if (delay !== undefined) applied.push(`delay=${delay}`);
  if (status !== undefined) applied.push(`status=${status}`);
  if (!applied.length) return undefined;
  return { confirma, delay, status, applied: applied.join(', ') };
}
