/** When requests are tried again, and after how long. */
import { describe, expect, it } from 'vitest';
import { backoffMs, retriesMethod, retriesStatus, retryAfterMs } from '../../src/client/retry.js';

describe('retry policy', () => {
  it('retries reads only', () => {
    expect(['GET', 'HEAD', 'POST'].map(retriesMethod)).toEqual([true, true, false]);
  });

  it('retries 429 and 5xx, not other statuses', () => {
    expect([200, 400, 404, 422, 429, 500, 503].map(retriesStatus)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('backs off exponentially with jitter between half and all of the ceiling, capped', () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const ceiling = Math.min(8000, 250 * 2 ** attempt);
      expect(backoffMs(attempt, () => 0)).toBe(ceiling / 2);
      expect(backoffMs(attempt, () => 0.999999)).toBe(ceiling);
    }
    expect(backoffMs(20, () => 0.5)).toBe(6000);
  });

  it('reads Retry-After seconds, capped', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(['1'])).toBe(1000);
    expect(retryAfterMs('3600')).toBe(8000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
