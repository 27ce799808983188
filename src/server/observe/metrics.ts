/**
 * GET /metrics in Prometheus' text format, by prom-client: its registry and
 * exposition, and its process metrics (CPU, memory, heap, event loop lag,
 * GC, open files). What coopctl counts itself is kept in plain tallies as it
 * runs (tally.ts), because prom-client's `inc` and `observe` cost about 0.4
 * and 0.7 µs a call (a label hash each time) where a tally costs a few array
 * writes; they are handed to prom-client when it collects. prom-client is
 * loaded on the first scrape, so a server nobody scrapes never loads it
 * (nor its process metrics, which count from then on).
 *
 * Names and meanings: docs/deployment.md ("Metrics").
 */
import type { Registry } from 'prom-client';
import type { PoolStats } from '../store/types.js';
import type { RequestMeter, StoreTally, Tally } from './tally.js';
import * as lazy from '../lazy.js';

export interface MetricsSources {
  readonly requests: RequestMeter;
  readonly store: StoreTally;
  /** PostgreSQL only: the pool's connections. */
  readonly pool?: () => PoolStats;
}

/** The text of every metric and its content type. */
export type MetricsText = () => Promise<{ readonly type: string; readonly body: string }>;

type Client = typeof import('prom-client');
type Labels = Record<string, string>;
/** The series of a histogram: each label set and its tally. */
type Series = () => Iterable<readonly [Labels, Tally]>;

/**
 * A prom-client histogram whose values are tallies counted elsewhere (see the
 * file's header). The registry writes a histogram from its
 * `getForPromString()`, as prom-client's own histograms give it (its `get()`,
 * for JSON, reads the same).
 */
function tallyHistogram(client: Client, registry: Registry, name: string, help: string, series: Series): void {
  class TallyHistogram extends client.Histogram<string> {
    async getForPromString() {
      const values: Array<{ value: number; labels: Labels; metricName: string }> = [];
      for (const [labels, tally] of series()) {
        let cumulative = 0;
        tally.bounds.forEach((bound, i) => {
          cumulative += tally.counts[i]!;
          values.push({ value: cumulative, labels: { ...labels, le: String(bound) }, metricName: `${name}_bucket` });
        });
        values.push({ value: tally.count, labels: { ...labels, le: '+Inf' }, metricName: `${name}_bucket` });
        values.push({ value: tally.sum, labels, metricName: `${name}_sum` });
        values.push({ value: tally.count, labels, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    }
  }
  registry.registerMetric(new TallyHistogram({ name, help, registers: [] }));
}

function requestMetrics(client: Client, registry: Registry, requests: RequestMeter): void {
  new client.Counter({
    name: 'coopctl_http_requests_total',
    help: 'Requests answered, by catalogue operation (unknown: a path that is none) and status code',
    labelNames: ['operation', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [operation, t] of requests.operations)
        t.byStatus.forEach((n, status) => {
          if (n > 0) this.inc({ operation, status: String(status) }, n);
        });
    },
  });
  tallyHistogram(
    client,
    registry,
    'coopctl_http_request_duration_seconds',
    'Time from a request received to its answer written, by catalogue operation',
    function* () {
      for (const [operation, t] of requests.operations) if (t.latency.count > 0) yield [{ operation }, t.latency];
    },
  );
  new client.Gauge({
    name: 'coopctl_http_requests_in_flight',
    help: 'Requests of the operations being answered now (waiting for the store, a body, a delay)',
    registers: [registry],
    collect() {
      this.set(requests.inFlight);
    },
  });
}

function storeMetrics(client: Client, registry: Registry, sources: MetricsSources): void {
  const { store, pool } = sources;
  tallyHistogram(
    client,
    registry,
    'coopctl_store_transaction_duration_seconds',
    'Store transactions and their time, by outcome (SQLite: the group-commit transactions; PostgreSQL: every transaction)',
    () => [
      [{ outcome: 'commit' }, store.committed],
      [{ outcome: 'rollback' }, store.rolledBack],
    ],
  );
  if (!pool) {
    tallyHistogram(
      client,
      registry,
      'coopctl_store_group_commit_batch_size',
      'Writes committed together by one group-commit transaction (SQLite)',
      () => [[{}, store.batches]],
    );
    new client.Counter({
      name: 'coopctl_store_read_cache_lookups_total',
      help: 'Look-ups of registration records in the read cache (SQLite, serve --read-cache), by outcome',
      labelNames: ['outcome'],
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ outcome: 'hit' }, store.cacheHits);
        this.inc({ outcome: 'miss' }, store.cacheMisses);
      },
    });
    return;
  }
  const gauge = (name: string, help: string, value: (p: PoolStats) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(pool()));
      },
    });
  gauge('coopctl_store_pool_connections', 'PostgreSQL connections open in the pool', (p) => p.total);
  gauge('coopctl_store_pool_idle_connections', 'PostgreSQL connections open and idle', (p) => p.idle);
  gauge('coopctl_store_pool_waiting_requests', 'Store calls waiting for a PostgreSQL connection', (p) => p.waiting);
}

async function registryOf(sources: MetricsSources): Promise<Registry> {
  const { default: client } = await lazy.promClient();
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  requestMetrics(client, registry, sources.requests);
  storeMetrics(client, registry, sources);
  return registry;
}

/** The metrics' text, prom-client loaded on the first call. */
export function metricsText(sources: MetricsSources): MetricsText {
  let registry: Promise<Registry> | undefined;
  return async () => {
    registry ??= registryOf(sources);
    const r = await registry;
    return { type: r.contentType, body: await r.metrics() };
  };
}
