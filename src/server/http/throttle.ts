/**
 * A brake on guessing the server token: a client (an IPv4 address, or an IPv6
 * /64) that fails `failures` times within `windowMs` is refused, without its
 * token being checked, until that window ends. Fixed windows, counted from a
 * client's first failure; the table of clients is capped, so it stays small.
 */

export interface ThrottleOptions {
  /** Failures allowed in one window; the next request of that client within it is refused. */
  readonly failures: number;
  readonly windowMs: number;
  /** Most clients tracked at once (the oldest is forgotten first). */
  readonly maxClients: number;
  /** Milliseconds, monotonic (tests pass their own). */
  readonly clock: () => number;
}

export const THROTTLE_DEFAULTS: ThrottleOptions = {
  failures: 10,
  windowMs: 60_000,
  maxClients: 10_000,
  clock: () => performance.now(),
};

export interface Throttle {
  /** Whole seconds until the client at `address` may try again, or 0 when it may now. */
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

export function throttle(options: Partial<ThrottleOptions> = {}): Throttle {
  const { failures, windowMs, maxClients, clock } = { ...THROTTLE_DEFAULTS, ...options };
  const windows = new Map<string, Window>();

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

  return {
    retryAfter(address) {
      if (windows.size === 0) return 0;
      const now = clock();
      const w = current(clientKey(address), now);
      return w && w.count >= failures ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : 0;
    },
    failed(address) {
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
