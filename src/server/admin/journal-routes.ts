/**
 * `GET /_coopctl/requests`: the request journal (journal.ts) as JSON, the
 * newest last, filtered by `operation` (a catalogue id, or `unknown`),
 * `card`, `since` (an entry's id, or a time in ISO 8601) and `limit`.
 */
import { catalogue, inLang, type Lang } from '../../catalogue/index.js';
import { failure, type Reply } from '../http/reply.js';
import { admin as words } from '../words.js';
import type { Journal, JournalFilter } from './journal.js';
import type { AdminPart } from './routes.js';

const OPERATIONS = new Set([...catalogue.map((op) => op.id), 'unknown']);

/** The filter of a query string, or the refusal of what it cannot be. */
export function filterOf(query: string, lang: Lang): JournalFilter | Reply {
  const q = new URLSearchParams(query);
  const refuse = (field: string) => failure(422, inLang(words.badFilter(field), lang));
  const operation = q.get('operation') ?? undefined;
  if (operation !== undefined && !OPERATIONS.has(operation)) return refuse('operation');
  const card = q.get('card') ?? undefined;
  if (card !== undefined && !/^\d{17}$/.test(card)) return refuse('card');
  const since = q.get('since') ?? undefined;
  if (since !== undefined && !/^\d{1,15}$/.test(since) && Number.isNaN(Date.parse(since))) return refuse('since');
  const limit = q.get('limit') ?? undefined;
  if (limit !== undefined && !/^[1-9]\d{0,5}$/.test(limit)) return refuse('limit');
  return {
    ...(operation === undefined ? {} : { operation }),
    ...(card === undefined ? {} : { card }),
    ...(since === undefined ? {} : { since }),
    ...(limit === undefined ? {} : { limit: Number(limit) }),
  };
}

export function journalRoutes(journal: Journal): AdminPart {
  return async (request, route, query, lang) => {
    if (route !== 'requests') return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return { ...failure(405, inLang(words.wrongMethod('GET, HEAD'), lang)), headers: ['allow', 'GET, HEAD'] };
    const filter = filterOf(query, lang);
    if ('status' in filter) return filter;
    return { status: 200, body: JSON.stringify({ bodies: journal.bodies, requests: journal.list(filter) }) };
  };
}
