/**
 * The client's two wires (src/client/wire.ts), as the environment selects
 * them, for the tests that prove both behave alike: node:http when no proxy is
 * configured; undici when one is, here with NO_PROXY naming the loopback, so
 * that requests still go straight to the test's server.
 */
import type { WireKind } from '../../src/client/wire.js';

export interface WireCase {
  readonly wire: WireKind;
  /** Environment variables that select it (merge them into a run's environment). */
  readonly env: Readonly<Record<string, string>>;
}

export const WIRES: readonly WireCase[] = [
  { wire: 'node:http', env: {} },
  // Port 9 (discard): nothing is ever sent to this proxy, NO_PROXY covers every test server.
  { wire: 'undici', env: { HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost' } },
];
