/**
 * GET /metrics of a real `coopctl serve` process, on the store of the vitest
 * project, read by an independent parser of Prometheus' text format
 * (test/helpers/prometheus-text.ts): the counts and latency histogram of the
 * requests just made, by catalogue operation and status; nothing of the
 * probes; store transactions; process metrics; never a card, a CPF or a path.
 * Also: /metrics behind its own token, and off with --no-metrics.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { histogramSeries, parsePrometheusText, sampleValue, type Family } from '../helpers/prometheus-text.js';
import { serveProcesses } from '../helpers/serve-process.js';
import { showsToken } from '../helpers/secrets.js';
import { BACKEND, newLocation } from '../store/backend.js';
import { METRICS_TOKEN, TOKEN_A } from '../helpers/tokens.js';

const CARD = '00010001000001005';
const CPF = '529.982.247-25';
const show = operation('registration.show');
const add = operation('enrol.beneficiary.add');
/** A beneficiary of the demo's contract 1 (bench/p4-writes.mjs's body). */
const BENEFICIARY = {
  contrato_id: 1,
  cpf: CPF,
  data_solicitacao: '01/02/2026',
  grau_dependencia: 'T',
  nome: 'Pedro Souza',
  nome_mae: 'Ana Souza',
  data_nascimento: '10/05/1990',
};

const { home, serve } = serveProcesses('metrics');

const status = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  await res.text();
  return res.status;
};

function family(families: Map<string, Family>, name: string): Family {
  const f = families.get(name);
  if (!f) throw new Error(`no metric ${name}`);
  return f;
}

/**
 * The store's transactions counted so far: committed, rolled back, and (SQLite) the group commits' batches as
 * [batches, writes, batches of one write]; none yet is 0.
 */
function storeCounts(families: Map<string, Family>): number[] {
  const transactions = families.get('coopctl_store_transaction_duration_seconds');
  const count = (outcome: string) => (transactions && histogramSeries(transactions, { outcome })?.count) ?? 0;
  const sizes = families.get('coopctl_store_group_commit_batch_size');
  const batches = sizes && histogramSeries(sizes, {});
  return [count('commit'), count('rollback'), batches?.count ?? 0, batches?.sum ?? 0, batches?.buckets.get(1) ?? 0];
}

const metricsOf = async (url: string) => parsePrometheusText(await (await fetch(`${url}/metrics`)).text());

/** The store's counts once they stop moving (at most 50 reads, a tenth of a second apart). */
async function settledCounts(url: string): Promise<number[]> {
  let last = storeCounts(await metricsOf(url));
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = storeCounts(await metricsOf(url));
    if (now.every((n, k) => n === last[k])) return now;
    last = now;
  }
  return last;
}

/** The read cache's look-ups by outcome, sorted: [['hit', n], ['miss', n]]. */
const cacheLookups = (families: Map<string, Family>) =>
  family(families, 'coopctl_store_read_cache_lookups_total')
    .samples.map((s) => [s.labels['outcome'], s.value])
    .sort();

describe(`/metrics (${BACKEND})`, () => {
  it('serve --read-cache 0 keeps no record: every read of one card misses (PostgreSQL: no read cache, no such metric)', async () => {
    const proc = await serve(['--db', await newLocation(), '-q', '--read-cache', '0']);
    for (let i = 0; i < 5; i++) expect(await status(`${proc.url}${show.path}?usuario_cartao=${CARD}`)).toBe(200);
    const families = parsePrometheusText(await (await fetch(`${proc.url}/metrics`)).text());
    if (BACKEND === 'sqlite')
      expect(cacheLookups(families)).toEqual([
        ['hit', 0],
        ['miss', 5],
      ]);
    else expect(families.has('coopctl_store_read_cache_lookups_total')).toBe(false);
    expect(await proc.stop()).toBe(0);
  });

  it('counts the requests just made by operation and status, with their latencies; no probe, card, CPF or path', async () => {
    // Without the access audit, whose records add transactions of their own (test/server/audit.test.ts).
    const proc = await serve(['--db', await newLocation(), '-q', '--no-audit']);
    // The start-up's own writes (the audit key's id, the retention's purge) are counted before the requests, once
    // they are all done: two reads of the counts a tenth of a second apart agree.
    const started = await settledCounts(proc.url);
    const read = `${proc.url}${show.path}?usuario_cartao=${CARD}`;
    for (let i = 0; i < 5; i++) expect(await status(read)).toBe(200);
    expect(await status(`${proc.url}${show.path}?usuario_cartao=123`)).toBe(422);
    expect(await status(`${proc.url}/api/svcmobile/prontuario/${CARD}/maria@example.com`)).toBe(404);
    expect(
      await status(`${proc.url}${add.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENEFICIARY),
      }),
    ).toBe(200);
    // The store's transactions of the requests, read before the probes: /readyz's own check of the database (on
    // PostgreSQL a statement of its own, run when its last answer is old) is no request's.
    const afterRequests = storeCounts(await metricsOf(proc.url));
    for (const probe of ['/healthz', '/readyz', '/metrics']) expect(await status(`${proc.url}${probe}`)).toBe(200);

    const res = await fetch(`${proc.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const families = parsePrometheusText(text);
    // Where a secret could be: the names, helps, label names and label values (never digits inside a sample's value,
    // where a card's last digits appear by chance: 0.005751005999743939); and no token of the text besides.
    const words = [...families.values()].flatMap((f) => [
      f.name,
      f.help,
      ...f.samples.flatMap((s) => [s.name, ...Object.entries(s.labels).flat()]),
    ]);
    for (const secret of [CARD, '1005', CPF, '52998224725', 'maria', 'prontuario', '/api/', 'Pedro']) {
      for (const word of words) expect(word, secret).not.toContain(secret);
      expect(showsToken(text, secret), secret).toBe(false);
    }

    const requests = family(families, 'coopctl_http_requests_total');
    expect(requests.type).toBe('counter');
    expect(requests.samples.map((s) => [s.labels['operation'], s.labels['status'], s.value]).sort()).toEqual(
      [
        ['enrol.beneficiary.add', '200', 1],
        ['registration.show', '200', 5],
        ['registration.show', '422', 1],
        ['unknown', '404', 1],
      ].sort(),
    );

    const latency = family(families, 'coopctl_http_request_duration_seconds');
    expect(latency.type).toBe('histogram');
    const reads = histogramSeries(latency, { operation: 'registration.show' })!;
    expect(reads.count).toBe(6);
    expect(reads.buckets.get(Number.POSITIVE_INFINITY)).toBe(6);
    expect(reads.sum).toBeGreaterThan(0);
    expect([...reads.buckets.keys()]).toEqual([
      0.0005,
      0.001,
      0.0025,
      0.005,
      0.01,
      0.025,
      0.05,
      0.1,
      0.25,
      0.5,
      1,
      2.5,
      5,
      10,
      30,
      Number.POSITIVE_INFINITY,
    ]);
    expect(histogramSeries(latency, { operation: 'unknown' })!.count).toBe(1);
    expect(histogramSeries(latency, { operation: 'enrol.beneficiary.add' })!.count).toBe(1);
    expect(new Set(latency.samples.map((s) => s.labels['operation']))).toEqual(
      new Set(['registration.show', 'unknown', 'enrol.beneficiary.add']),
    );

    expect(sampleValue(family(families, 'coopctl_http_requests_in_flight'), {})).toBe(0);

    // The beneficiary's write is the one store transaction of the requests (SQLite: one group commit of one write).
    const counted = afterRequests.map((n, i) => n - started[i]!);
    expect(counted.slice(0, 2)).toEqual([1, 0]);
    if (BACKEND === 'sqlite') {
      expect(counted.slice(2)).toEqual([1, 1, 1]);
      expect(families.has('coopctl_store_pool_connections')).toBe(false);
      // The five reads of one card: missed twice (kept on the second), then found three times.
      expect(cacheLookups(families)).toEqual([
        ['hit', 3],
        ['miss', 2],
      ]);
    } else {
      expect(sampleValue(family(families, 'coopctl_store_pool_connections'), {})).toBeGreaterThanOrEqual(1);
      expect(sampleValue(family(families, 'coopctl_store_pool_waiting_requests'), {})).toBe(0);
      expect(families.has('coopctl_store_group_commit_batch_size')).toBe(false);
      expect(families.has('coopctl_store_read_cache_lookups_total')).toBe(false);
    }

    // prom-client's process metrics.
    expect(family(families, 'process_cpu_seconds_total').type).toBe('counter');
    expect(sampleValue(family(families, 'process_resident_memory_bytes'), {})).toBeGreaterThan(0);
    expect(family(families, 'nodejs_eventloop_lag_seconds').type).toBe('gauge');
    expect(await proc.stop()).toBe(0);
  });

  it('/metrics asks for its own token with --metrics-token-file; the server token does not open it', async () => {
    const file = join(home(), 'metrics-token');
    writeFileSync(file, `prometheus:${METRICS_TOKEN}\n`);
    chmodSync(file, 0o600);
    const serverToken = TOKEN_A;
    const proc = await serve(['--db', await newLocation(), '-q', '--metrics-token-file', file], {
      COOPCTL_SERVER_TOKEN: serverToken,
    });
    const metrics = (token?: string) =>
      status(`${proc.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect(await metrics()).toBe(401);
    expect(await metrics(serverToken)).toBe(401);
    expect(await metrics(METRICS_TOKEN)).toBe(200);
    expect(await status(`${proc.url}/readyz`)).toBe(200);
    expect(await proc.stop()).toBe(0);
  });

  it('--no-metrics: /metrics is not served (404), the other probes are', async () => {
    const proc = await serve(['--db', await newLocation(), '-q', '--no-metrics']);
    expect(await status(`${proc.url}/metrics`)).toBe(404);
    expect(await status(`${proc.url}/healthz`)).toBe(200);
    expect(await proc.stop()).toBe(0);
  });
});

describe('the test’s Prometheus text parser', () => {
  it('reads a labelled histogram and a counter of the format’s own example', () => {
    const families = parsePrometheusText(
      [
        '# HELP http_requests_total The total number of HTTP requests.',
        '# TYPE http_requests_total counter',
        'http_requests_total{method="post",code="200"} 1027 1395066363000',
        'http_requests_total{method="post",code="400"}    3 1395066363000',
        '# A histogram, which has a pretty complex representation in the text format:',
        '# HELP http_request_duration_seconds A histogram of the request duration.',
        '# TYPE http_request_duration_seconds histogram',
        'http_request_duration_seconds_bucket{le="0.05"} 24054',
        'http_request_duration_seconds_bucket{le="0.1"} 33444',
        'http_request_duration_seconds_bucket{le="+Inf"} 144320',
        'http_request_duration_seconds_sum 53423',
        'http_request_duration_seconds_count 144320',
        'msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9',
        '',
      ].join('\n'),
    );
    expect(sampleValue(family(families, 'http_requests_total'), { method: 'post', code: '400' })).toBe(3);
    const h = histogramSeries(family(families, 'http_request_duration_seconds'), {})!;
    expect([h.count, h.sum, h.buckets.get(0.1)]).toEqual([144320, 53423, 33444]);
    expect(family(families, 'msdos_file_access_time_seconds').samples[0]!.labels).toEqual({
      path: 'C:\\DIR\\FILE.TXT',
      error: 'Cannot find file:\n"FILE.TXT"',
    });
  });

  it.each([
    ['a malformed line', 'metric{le="1" 2\n'],
    ['a bad escape', 'metric{a="\\t"} 2\n'],
    [
      'a histogram whose +Inf bucket is not its count',
      '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 3\n',
    ],
    [
      'buckets that are not cumulative',
      '# TYPE h histogram\nh_bucket{le="1"} 3\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 2\n',
    ],
    ['a family split in two', '# TYPE a counter\na 1\n# TYPE b counter\nb 1\na 2\n'],
    ['no final line feed', 'a 1'],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
