/**
 * The journal as server-sent events, for the console's live view.
 *
 * - `POST /_coopctl/requests/ticket` (behind the token, as the whole admin
 *   API): a ticket, 32 random bytes, good for one stream, for 30 seconds.
 *   EventSource cannot send an Authorization header; a ticket in the query
 *   stands in for the token without putting the token in a URL, a log or the
 *   browser's history (docs/decisions.md).
 * - `GET /_coopctl/requests/stream?ticket=T[&since=ID&operation=…&card=…]`:
 *   `text/event-stream` of the entries after `since` (journal-routes.ts's
 *   filters), one event each (`id:` the entry's id, `data:` its JSON), at most
 *   EVENTS_PER_SECOND, a comment every 15 s, and it ends itself after
 *   STREAM_MS (`event: end`): the console takes a new ticket and opens it
 *   again from the last id. It counts against the connection cap as any
 *   connection does; at most MAX_STREAMS are open at once.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { inLang, type Lang } from '../../catalogue/index.js';
import { failure, type Reply } from '../http/reply.js';
import { admin as words } from '../words.js';
import type { Journal, JournalFilter } from './journal.js';
import type { AdminPart } from './routes.js';

/** The stream's path: the one admin path the token gate lets through without the token (the ticket stands for it). */
export const JOURNAL_STREAM = '/_coopctl/requests/stream';
/** How long a ticket is good for. */
export const TICKET_MS = 30_000;
/** How long one stream lasts before it ends itself. */
export const STREAM_MS = 60_000;
/** The most events a stream sends in a second. */
export const EVENTS_PER_SECOND = 20;
/** Tickets outstanding at once, and streams open at once. */
const MAX_TICKETS = 64;
const MAX_STREAMS = 16;
/** How often a stream looks for new entries. */
const TICK_MS = 250;
const HEARTBEAT_MS = 15_000;
const PER_TICK = Math.max(1, Math.floor((EVENTS_PER_SECOND * TICK_MS) / 1000));

type FilterOf = (query: string, lang: Lang) => JournalFilter | Reply;

export function journalStream(journal: Journal, filterOf: FilterOf, now: () => number = Date.now): AdminPart {
  /** Ticket (base64url) → when it expires. */
  const tickets = new Map<string, number>();
  let open = 0;

  const take = (given: string | null): boolean => {
    const t = now();
    for (const [k, expires] of tickets) if (expires <= t) tickets.delete(k);
    if (given === null || !/^[A-Za-z0-9_-]{43}$/.test(given)) return false;
    for (const [k] of tickets)
      if (timingSafeEqual(Buffer.from(k), Buffer.from(given))) {
        tickets.delete(k);
        return true;
      }
    return false;
  };

  const stream = (filter: JournalFilter): Reply => ({
    status: 200,
    body: '',
    type: 'text/event-stream; charset=utf-8',
    stream: (out) => {
      open += 1;
      const { since, limit: _, ...rest } = filter;
      // Without `since`, what comes after the stream opened; with a time, from then on.
      let last: number | undefined =
        since === undefined
          ? (journal.list({ limit: 1 })[0]?.id ?? 0)
          : /^\d+$/.test(since)
            ? Number(since)
            : undefined;
      let quiet = 0;
      out.write(`retry: 1000\n: coopctl journal\n\n`);
      const tick = setInterval(() => {
        // The oldest first, a tick's share of EVENTS_PER_SECOND: the rest waits for the next ticks.
        const batch = journal
          .list({ ...rest, ...(last === undefined ? { since: since! } : { since: String(last) }) })
          .slice(0, PER_TICK);
        for (const e of batch) {
          out.write(`id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`);
          last = e.id;
        }
        quiet = batch.length ? 0 : quiet + TICK_MS;
        if (quiet >= HEARTBEAT_MS) {
          out.write(': still here\n\n');
          quiet = 0;
        }
      }, TICK_MS);
      const stop = () => {
        clearInterval(tick);
        clearTimeout(ending);
        open -= 1;
      };
      const ending = setTimeout(() => {
        out.write('event: end\ndata: {}\n\n');
        out.end();
      }, STREAM_MS);
      out.closed.addEventListener('abort', stop, { once: true });
    },
  });

  return async (request, route, query, lang) => {
    if (route === 'requests/ticket') {
      if (request.method !== 'POST')
        return { ...failure(405, inLang(words.wrongMethod('POST'), lang)), headers: ['allow', 'POST'] };
      if (tickets.size >= MAX_TICKETS) take(null);
      if (tickets.size >= MAX_TICKETS) return failure(429, inLang(words.busy, lang), ['retry-after', '30']);
      const ticket = randomBytes(32).toString('base64url');
      tickets.set(ticket, now() + TICKET_MS);
      return { status: 200, body: JSON.stringify({ ticket, expires_in: TICKET_MS / 1000 }) };
    }
    if (route !== 'requests/stream') return undefined;
    if (request.method !== 'GET')
      return { ...failure(405, inLang(words.wrongMethod('GET'), lang)), headers: ['allow', 'GET'] };
    const q = new URLSearchParams(query);
    if (!take(q.get('ticket'))) return failure(401, inLang(words.badTicket, lang));
    q.delete('ticket');
    const filter = filterOf(q.toString(), lang);
    if ('status' in filter) return filter;
    if (open >= MAX_STREAMS) return failure(429, inLang(words.busy, lang), ['retry-after', '5']);
    return stream(filter);
  };
}
