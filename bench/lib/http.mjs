// HTTP load and single requests of the benchmarks.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { log } from './report.mjs';

/**
 * autocannon, programmatically. Answers requests/s (mean), latency p50/p99 in
 * ms with microsecond resolution (autocannon's own histogram has whole
 * milliseconds, so every response time is recorded here too) and the count of
 * failed requests (errors, timeouts, non-2xx).
 */
export async function cannon(options) {
  const { default: autocannon } = await import('autocannon');
  let times = new Float64Array(1 << 16);
  let n = 0;
  const instance = autocannon({ connections: 10, duration: 5, ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = responseTime;
  });
  const r = await instance;
  const sorted = times.subarray(0, n).sort();
  const at = (p) => (n ? sorted[Math.min(n - 1, Math.ceil((p / 100) * n) - 1)] : NaN);
  const bad = r.errors + r.timeouts + r.non2xx;
  if (bad)
    log(
      `  warning: ${options.url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx of ${r.requests.total}`,
    );
  return { rps: r.requests.average, total: r.requests.total, p50: at(50), p99: at(99), bad, raw: r };
}

/**
 * One request with node:http (no keep-alive, nothing to warm up); answers the
 * time (ms) from `since` (default: now), the status and the parsed JSON body.
 */
export function request(url, { method = 'GET', body, since = performance.now() } = {}) {
  return new Promise((resolve, reject) => {
    const headers =
      body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ ms: performance.now() - since, status: res.statusCode, body: json, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
