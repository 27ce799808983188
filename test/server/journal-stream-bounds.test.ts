/**
 * The journal stream's bounds, on the stream itself with fake timers: at most
 * EVENTS_PER_SECOND events a second (the rest follow in order, none lost),
 * and it ends itself after STREAM_MS; a ticket expires after TICKET_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestJournal } from '../../src/server/admin/journal.js';
import { filterOf } from '../../src/server/admin/journal-routes.js';
import { EVENTS_PER_SECOND, journalStream, STREAM_MS, TICKET_MS } from '../../src/server/admin/journal-stream.js';
import type { PlainRequest } from '../../src/server/http/exchange.js';
import type { Reply } from '../../src/server/http/reply.js';

const req = (method: string): PlainRequest => ({
  method,
  target: '/',
  headers: {},
  body: undefined,
  clientAddress: '',
});
const note = (journal: ReturnType<typeof requestJournal>) =>
  journal.note({
    method: 'GET',
    operation: 'registration.show',
    status: 200,
    body: '[]',
    raw: undefined,
    ms: 1,
    card: undefined,
  });

let clock = 0;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
});
afterEach(() => {
  vi.useRealTimers();
});

async function open(
  journal: ReturnType<typeof requestJournal>,
  part = journalStream(journal, filterOf, () => clock),
  since = '0',
) {
  const got = (await part(req('POST'), 'requests/ticket', '', 'en')) as Reply;
  const { ticket } = JSON.parse(got.body) as { ticket: string };
  const reply = (await part(req('GET'), 'requests/stream', `since=${since}&ticket=${ticket}`, 'en')) as Reply;
  const chunks: string[] = [];
  let ended = false;
  const gone = new AbortController();
  reply.stream?.({
    write: (c) => chunks.push(c),
    end: () => {
      ended = true;
      gone.abort();
    },
    closed: gone.signal,
  });
  return { reply, events: () => chunks.filter((c) => c.startsWith('id: ')), ended: () => ended, part, ticket };
}

describe('the journal stream is bounded', () => {
  it('sends at most EVENTS_PER_SECOND a second, all of them in order, and ends itself after STREAM_MS', async () => {
    const journal = requestJournal();
    const total = EVENTS_PER_SECOND * 3;
    for (let i = 0; i < total; i++) note(journal);
    const s = await open(journal);
    expect(s.reply.status).toBe(200);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.events().length).toBe(EVENTS_PER_SECOND);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(s.events().map((c) => Number(/^id: (\d+)/.exec(c)![1]))).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    );
    expect(s.ended()).toBe(false);
    await vi.advanceTimersByTimeAsync(STREAM_MS - 3_000);
    expect(s.ended()).toBe(true);
  });

  it('refuses a ticket past TICKET_MS', async () => {
    const journal = requestJournal();
    const part = journalStream(journal, filterOf, () => clock);
    const got = (await part(req('POST'), 'requests/ticket', '', 'en')) as Reply;
    const { ticket } = JSON.parse(got.body) as { ticket: string };
    clock += TICKET_MS;
    const late = (await part(req('GET'), 'requests/stream', `ticket=${ticket}`, 'en')) as Reply;
    expect(late.status).toBe(401);
  });
});
