/** When and after how long a request is tried again. */

/** Only reads are retried: a POST may have taken effect. */
export function retriesMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

export function retriesStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

const BASE_MS = 250;
const CAP_MS = 8000;

/** Exponential backoff with jitter: between half and all of 250 ms × 2^attempt, at most 8 s. */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A `Retry-After` of delay-seconds, in ms and capped; undefined when absent or not a number. */
export function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Math.min(Number(value) * 1000, CAP_MS);
}
