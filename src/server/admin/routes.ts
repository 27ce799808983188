/**
 * The admin API's HTTP side, under ADMIN_PREFIX, on only with `serve
 * --admin`: dispatch.ts hands it the requests for paths under the prefix
 * that the gate (Host, Origin, the token) let through, so no catalogue
 * request pays for it. Answers are JSON objects; refusals are envelopes,
 * as every refusal of the server. Conventions: docs/server.md, "For app
 * developers".
 */
import { inLang, type Lang, type Said } from '../../catalogue/index.js';
import { parseExact } from '../../catalogue/exact-json.js';
import { readBody, TOO_LARGE } from '../http/body.js';
import type { PlainRequest } from '../http/exchange.js';
import { failure, type Reply } from '../http/reply.js';
import { FixturesError } from '../store/index.js';
import { StoreUnavailable } from '../store/unavailable.js';
import { admin as words, unavailable } from '../words.js';
import { SNAPSHOT_NAME, type AdminState } from './state.js';

/** Where the admin API lives: no catalogue path starts so. */
export const ADMIN_PREFIX = '/_coopctl/';

/** The header every admin answer carries: a client tells "no admin API" (a plain 404) from the API's own 404s. */
export const ADMIN_HEADER = 'x-coopctl-admin';

/** The largest fixtures document `load` reads. */
const LOAD_LIMIT = 32 * 1024 * 1024;

/** Answers one admin request (its path under ADMIN_PREFIX), never rejecting. */
export type AdminAnswer = (request: PlainRequest, path: string, query: string, lang: Lang) => Promise<Reply>;

/** Another part of the admin API (the journal, the console): its answer to a path it knows, else undefined. */
export type AdminPart = (request: PlainRequest, path: string, query: string, lang: Lang) => Promise<Reply | undefined>;

const ok = (what: Record<string, unknown>): Reply => ({ status: 200, body: JSON.stringify({ ok: true, ...what }) });
const refuse = (status: number, said: Said, lang: Lang): Reply => failure(status, inLang(said, lang));

/** A store fault as the operations answer it (503 with Retry-After), or undefined for a bug. */
function storeFault(err: unknown, lang: Lang): Reply | undefined {
  if (err instanceof FixturesError) return refuse(422, words.invalid(err.message), lang);
  if (!(err instanceof StoreUnavailable)) return undefined;
  const [what, advice] = unavailable[err.reason];
  return failure(503, `${inLang(what, lang)}; ${inLang(advice, lang)}`, ['retry-after', String(err.retryAfter)]);
}

async function fixturesOf(request: PlainRequest): Promise<unknown> {
  const body =
    request.body === undefined
      ? Buffer.alloc(0)
      : await readBody(request.body, request.headers['content-length'], LOAD_LIMIT);
  if (body === TOO_LARGE) return TOO_LARGE;
  if (typeof body === 'symbol') return undefined;
  try {
    return parseExact(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The admin API over `state`, with `parts` (the journal) for the paths they know. */
export function adminRoutes(state: AdminState, parts: readonly AdminPart[] = []): AdminAnswer {
  const answer = admin(state, parts);
  return (request, path, query, lang) =>
    answer(request, path, query, lang).then((r) => ({ ...r, headers: [...(r.headers ?? []), ADMIN_HEADER, '1'] }));
}

function admin(state: AdminState, parts: readonly AdminPart[]): AdminAnswer {
  const post = async (request: PlainRequest, action: string, lang: Lang): Promise<Reply> => {
    if (action === 'reset') {
      await state.reset();
      return ok({ action: 'reset' });
    }
    if (action === 'load') {
      const document = await fixturesOf(request);
      if (document === TOO_LARGE) return refuse(413, words.tooLarge, lang);
      if (document === undefined) return refuse(400, words.notJson, lang);
      await state.load(document);
      return ok({ action: 'load' });
    }
    const m = /^snapshots\/([^/]+)(\/restore)?$/.exec(action);
    if (!m) return refuse(404, words.notFound, lang);
    const name = decodeURIComponent(m[1]!);
    if (!SNAPSHOT_NAME.test(name)) return refuse(422, words.badName, lang);
    if (m[2]) {
      if (!(await state.restore(name))) return refuse(404, words.noSnapshot(name), lang);
      return ok({ action: 'restore', name });
    }
    await state.snapshot(name);
    return ok({ action: 'snapshot', name });
  };
  const POSTS = /^(reset|load|snapshots\/[^/]+(\/restore)?)$/;
  return async (request, path, query, lang) => {
    const route = path.slice(ADMIN_PREFIX.length);
    try {
      for (const part of parts) {
        const answer = await part(request, route, query, lang);
        if (answer) return answer;
      }
      if (route === 'snapshots') {
        if (request.method !== 'GET' && request.method !== 'HEAD')
          return refuse(405, words.wrongMethod('GET, HEAD'), lang);
        return { status: 200, body: JSON.stringify({ snapshots: state.names() }) };
      }
      if (!POSTS.test(route)) return refuse(404, words.notFound, lang);
      if (request.method !== 'POST')
        return { ...refuse(405, words.wrongMethod('POST'), lang), headers: ['allow', 'POST'] };
      return await post(request, route, lang);
    } catch (err) {
      const fault = storeFault(err, lang);
      if (fault) return fault;
      return refuse(500, words.invalid(`admin ${route}: ${err instanceof Error ? err.name : typeof err}`), lang);
    }
  };
}
