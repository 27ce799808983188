/**
 * The probes, beside the catalogue's paths and not API traffic (neither
 * counted nor logged): `GET /healthz` (the process answers: no database
 * work), `GET /readyz` (the store answers with its migrations applied, and
 * the server is not shutting down: else 503 and the reason) and `GET /metrics`
 * (Prometheus text). They pass the request gate like every request (Host,
 * Origin) but not the server's token, unless `--private-probes` puts /healthz
 * and /readyz behind it; /metrics needs a token of its own when one is
 * configured. Conventions: docs/deployment.md.
 */
import type { Readiness } from '../store/types.js';
import type { ServerToken } from '../tokens.js';
import { authGate } from './auth.js';
import type { PlainRequest } from './exchange.js';
import { failure, type Reply } from './reply.js';
import type { ThrottleOptions } from './throttle.js';

export interface ProbeOptions {
  /** Whether the server can serve now (the store's check, unless it is shutting down). */
  readonly ready: () => Promise<Readiness>;
  /** The metrics' text and its content type; none: /metrics is not served (404). */
  readonly metrics?: () => Promise<{ readonly type: string; readonly body: string }>;
  /** When set, /metrics needs `Authorization: Bearer` with one of these tokens. */
  readonly metricsTokens?: readonly ServerToken[];
  /** When set, /healthz and /readyz need `Authorization: Bearer` with one of these tokens (`--private-probes`). */
  readonly probeTokens?: readonly ServerToken[];
  readonly authThrottle?: Partial<ThrottleOptions>;
}

/** A probe's answer to a request for its path. */
export type Probe = (request: PlainRequest) => Reply | Promise<Reply>;

const METHODS = ['GET', 'HEAD'];
const WRONG_METHOD = failure(405, 'probes answer GET, HEAD', ['allow', 'GET, HEAD']);
const HEALTHY: Reply = { status: 200, body: '{"status":"ok"}' };
const READY: Reply = { status: 200, body: '{"status":"ready"}' };

const notReady = (reason: string): Reply => ({
  status: 503,
  body: JSON.stringify({ status: 'not ready', reason }),
});

/** The probes by path. */
export function probeRoutes(options: ProbeOptions): ReadonlyMap<string, Probe> {
  const only =
    (answer: Probe): Probe =>
    (request) =>
      METHODS.includes(request.method) ? answer(request) : WRONG_METHOD;
  const gate = (tokens: readonly ServerToken[] | undefined) => tokens && authGate(tokens, options.authThrottle);
  const guarded = (auth: ReturnType<typeof gate>, answer: Probe): Probe => {
    if (!auth) return only(answer);
    return only((request) => {
      const refused = auth(request.headers.authorization, request.clientAddress ?? '');
      return typeof refused === 'object' ? refused : answer(request);
    });
  };
  // One gate (and one throttle of wrong tokens) for both probes.
  const probeGate = gate(options.probeTokens);
  const probes = new Map<string, Probe>([
    ['/healthz', guarded(probeGate, () => HEALTHY)],
    [
      '/readyz',
      guarded(probeGate, () =>
        options.ready().then(
          (r) => (r.ready ? READY : notReady(r.reason)),
          () => notReady('the readiness check failed'),
        ),
      ),
    ],
  ]);
  const { metrics } = options;
  if (metrics) {
    probes.set(
      '/metrics',
      guarded(gate(options.metricsTokens), () =>
        metrics().then(
          (m): Reply => ({ status: 200, body: m.body, type: m.type }),
          () => failure(500, 'the metrics could not be collected'),
        ),
      ),
    );
  }
  return probes;
}
