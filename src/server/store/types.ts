/** What the server needs from a store, whatever the database behind it. */
import type { Handlers } from '../handlers/types.js';
import type { DemoSummary } from './repository.js';

export interface Store {
  /** Handlers for all 30 operations, bound to this store. */
  readonly handlers: Handlers;
  /** True when the database was created by this open (so demo data may be loaded). */
  readonly created: boolean;
  /** Demo cards, providers and locations to show on start-up. */
  describeDemo(): Promise<DemoSummary>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** SQLite file path, or `:memory:`. */
  readonly path: string;
  /** Load the deterministic demo dataset when the database is new (or always, for `:memory:`). */
  readonly demo?: boolean;
  /** Load this fixtures JSON document (docs/fixtures.md) instead of the demo dataset. */
  readonly fixtures?: unknown;
  /** "Today" for the demo dataset and derived dates (tests pin it). */
  readonly now?: () => Date;
  /** How long a request retries while another process holds the database lock, before failing (ms; default 2000). */
  readonly lockWaitMs?: number;
  /** Extra PRAGMA statements for the serving connection (tests simulate a full disk or a read-only file). */
  readonly pragmas?: readonly string[];
}
