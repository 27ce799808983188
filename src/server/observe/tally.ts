/**
 * What the server counts as it runs, in plain numbers: a histogram is a row
 * of bucket counts and a sum, counted with no allocation and no label look-up
 * (a request's costs a few array writes). prom-client is loaded only when
 * /metrics is first asked for, and exposes these (metrics.ts). Labels are the
 * catalogue's operation ids and status codes: never a path, a card or a CPF.
 */
import { UNKNOWN_OPERATION } from '../http/exchange.js';
import type { StoreMeter } from '../store/types.js';

/** Upper bounds (seconds) of request latencies: 0.5 ms to 30 s. */
export const LATENCY_BOUNDS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];
/** Upper bounds (seconds) of store transactions: 0.1 ms to 10 s. */
export const TRANSACTION_BOUNDS: readonly number[] = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];
/** Upper bounds of group-commit batch sizes (writes a transaction). */
export const BATCH_BOUNDS: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/** A histogram's counts: `counts[i]` observations in bucket i (the last bucket: above every bound). */
export class Tally {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }
  observe(value: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
  }
}

/** Highest status code counted by its number (above: counted as 599). */
const TOP_STATUS = 599;

/** One operation's requests: counts by status code, and latencies. */
export class OperationTally {
  readonly byStatus = new Float64Array(TOP_STATUS + 1);
  readonly latency = new Tally(LATENCY_BOUNDS);
}

/** Requests by operation and status, their latencies, and how many are in flight. */
export class RequestMeter {
  inFlight = 0;
  readonly operations = new Map<string, OperationTally>();
  constructor(operationIds: readonly string[]) {
    for (const id of [...operationIds, UNKNOWN_OPERATION]) this.operations.set(id, new OperationTally());
  }
  /** A request answered: its operation id (or UNKNOWN_OPERATION), status and time in seconds. */
  record(operation: string, status: number, seconds: number): void {
    const t = this.operations.get(operation) ?? this.operations.get(UNKNOWN_OPERATION)!;
    t.byStatus[status >= 100 && status <= TOP_STATUS ? status : TOP_STATUS]! += 1;
    t.latency.observe(seconds);
  }
}

/** The store's tallies (what store/types.ts's StoreMeter reports). */
export class StoreTally implements StoreMeter {
  readonly committed = new Tally(TRANSACTION_BOUNDS);
  readonly rolledBack = new Tally(TRANSACTION_BOUNDS);
  readonly batches = new Tally(BATCH_BOUNDS);
  /** Look-ups in the read cache (SQLite): found, and not found (read from the database). */
  cacheHits = 0;
  cacheMisses = 0;
  transaction(seconds: number, committed: boolean): void {
    (committed ? this.committed : this.rolledBack).observe(seconds);
  }
  batch(writes: number): void {
    this.batches.observe(writes);
  }
  cacheRead(found: boolean): void {
    if (found) this.cacheHits += 1;
    else this.cacheMisses += 1;
  }
}
