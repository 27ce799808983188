/**
 * A brake on guessing the server token, counted two ways: a client (an IPv4
 * address, or an IPv6 /64) that fails `failures` times within `windowMs`
 * (fixed windows, counted from its first failure; the table of clients is
 * capped, so it stays small), and all clients together, a token bucket of
 * `burst` failures refilled at `perSecond`, so that a guesser that changes
 * its address (127.0.0.0/8 has 16 million) is slowed all the same. Only
 * requests without the right token are braked: the caller checks the token
 * first (auth.ts), so a client that sends the right one is never locked out,
 * whoever else fails from its address.
 */

export interface ThrottleOptions {
  /** Failures allowed in one window; the next request of that client without the right token within it is refused. */
  readonly failures: number;
  readonly windowMs: number;
  /** Most clients tracked at once (the oldest is forgotten first). */
  readonly maxClients: number;
  /** Failures of all clients together that may come at once… */
  readonly burst: number;
  /** …and how many more each second. */
  readonly perSecond: number;
  /** Milliseconds, monotonic (tests pass their own). */
  readonly clock: () => number;
}

export const THROTTLE_DEFAULTS: ThrottleOptions = {
  failures: 10,
  windowMs: 60_000,
  maxClients: 10_000,
  burst: 50,
  perSecond: 5,
  clock: () => performance.now(),
};

export interface Throttle {
  /** Whole seconds until the client at `address` may fail again (its own window, or all clients' bucket), or 0. */
  retryAfter(address: string): number;
  /** Counts a failure of the client at `address`. */
  failed(address: string): void;
}

interface Window {
  readonly start: number;
  count: number;
}

/** The key of a client address: an IPv6 address by its /64 (one host can hold a whole /64), IPv4 as it is. */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** All clients' failures: a token bucket, full at first. */
function bucket(burst: number, perSecond: number, clock: () => number) {
  let tokens = burst;
  let at = clock();
  const refill = () => {
    const now = clock();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * perSecond);
    at = now;
  };
  return {
    /** Whole seconds until one failure more is allowed, or 0. */
    wait(): number {
      refill();
      return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond));
    },
    take(): void {
      refill();
      tokens = Math.max(0, tokens - 1);
    },
  };
}

export function throttle(options: Partial<ThrottleOptions> = {}): Throttle {
  const { failures, windowMs, maxClients, burst, perSecond, clock } = { ...THROTTLE_DEFAULTS, ...options };
  const windows = new Map<string, Window>();
  const all = bucket(burst, perSecond, clock);

  /** The client's current window, dropped once over. */
  function current(client: string, now: number): Window | undefined {
    const w = windows.get(client);
    if (w && now - w.start >= windowMs) {
      windows.delete(client);
      return undefined;
    }
    return w;
  }

  /** Room for one more client: expired windows go first, then the oldest. */
  function makeRoom(now: number): void {
    for (const [client, w] of windows) if (now - w.start >= windowMs) windows.delete(client);
    while (windows.size >= maxClients) windows.delete(windows.keys().next().value!);
  }

  /** Seconds the client's own window still refuses it, or 0. */
  function ownWait(address: string): number {
    if (windows.size === 0) return 0;
    const now = clock();
    const w = current(clientKey(address), now);
    return w && w.count >= failures ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : 0;
  }

  return {
    retryAfter(address) {
      return Math.max(ownWait(address), all.wait());
    },
    failed(address) {
      all.take();
      const client = clientKey(address);
      const now = clock();
      const w = current(client, now);
      if (w) {
        w.count++;
        return;
      }
      if (windows.size >= maxClients) makeRoom(now);
      windows.set(client, { start: now, count: 1 });
    },
  };
}
