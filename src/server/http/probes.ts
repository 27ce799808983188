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
import { inLang, type Lang, type Said } from '../../catalogue/lang.js';
import type { Readiness } from '../store/types.js';
import type { ServerToken } from '../tokens.js';
import { http, readiness } from '../words.js';
import { authGate } from './auth.js';
import type { PlainRequest } from './exchange.js';
import { failures, type Reply } from './reply.js';
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

/** A probe's answer to a request for its path, its reason (if any) in `lang`. */
export type Probe = (request: PlainRequest, lang: Lang) => Promise<Reply>;

const METHODS = ['GET', 'HEAD'];
const WRONG_METHOD = failures(405, http.probeMethod, ['allow', 'GET, HEAD']);
const NO_METRICS = failures(500, http.noMetrics);
const HEALTHY: Reply = { status: 200, body: '{"status":"ok"}' };
const READY: Reply = { status: 200, body: '{"status":"ready"}' };

/** `status` stays the protocol's word for a monitor; `reason` is for the person reading it, in the language asked for. */
const notReady = (reason: Said, lang: Lang): Reply => ({
  status: 503,
  body: JSON.stringify({ status: 'not ready', reason: inLang(reason, lang) }),
});

/** The probes by path. */
export function probeRoutes(options: ProbeOptions): ReadonlyMap<string, Probe> {
  const only =
    (answer: Probe): Probe =>
    async (request, lang) =>
      METHODS.includes(request.method) ? answer(request, lang) : WRONG_METHOD[lang];
  const gate = (tokens: readonly ServerToken[] | undefined) => tokens && authGate(tokens, options.authThrottle);
  const guarded = (auth: ReturnType<typeof gate>, answer: Probe): Probe => {
    if (!auth) return only(answer);
    return only(async (request, lang) => {
      const refused = auth(request.headers.authorization, request.clientAddress ?? '');
      return typeof refused === 'object' ? refused[lang] : answer(request, lang);
    });
  };
  // One gate (and one throttle of wrong tokens) for both probes.
  const probeGate = gate(options.probeTokens);
  const probes = new Map<string, Probe>([
    ['/healthz', guarded(probeGate, async () => HEALTHY)],
    [
      '/readyz',
      guarded(probeGate, (_request, lang) =>
        options.ready().then(
          (r) => (r.ready ? READY : notReady(r.reason, lang)),
          () => notReady(readiness.checkFailed, lang),
        ),
      ),
    ],
  ]);
  const { metrics } = options;
  if (metrics) {
    probes.set(
      '/metrics',
      guarded(gate(options.metricsTokens), (_request, lang) =>
        metrics().then(
          (m): Reply => ({ status: 200, body: m.body, type: m.type }),
          () => NO_METRICS[lang],
        ),
      ),
    );
  }
  return probes;
}
