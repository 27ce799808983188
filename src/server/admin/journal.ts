/**
 * The request journal of `serve --admin`: the last `size` requests answered
 * (a ring, the oldest dropped), each with its time, method, operation,
 * status, outcome and duration, and its parameters' names. With `bodies`
 * (`serve --journal-bodies`, on a demo or fixtures database only) also the
 * parameters' values and the answer's body, cut at BODY_LIMIT. The card a
 * request names is kept as a keyed hash (a key of this process's, never
 * written), so that `?card=` finds its requests without the journal holding
 * it. Cleared by a reset. Filters: operation, card, since (an entry's id or a
 * time).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Params } from '../../catalogue/index.js';

/** How many requests are kept by default (`--journal-size`). */
export const JOURNAL_SIZE = 500;
/** How much of an answer's body an entry keeps (with `bodies`). */
export const BODY_LIMIT = 4096;

export type Outcome = 'ok' | 'found' | 'no result' | 'failed' | 'refused' | 'error';

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  /** The catalogue operation's id; `unknown` for a path that is none. */
  readonly operation: string;
  readonly status: number;
  readonly outcome: Outcome;
  /** The envelope's code of the first record, when the answer has one. */
  readonly confirma: number | null;
  readonly duration_ms: number;
  /** The parameters' names (their values with `bodies`). */
  readonly params: readonly string[] | Readonly<Record<string, unknown>>;
  /** The answer's body, with `bodies`. */
  readonly body?: string;
  /** What breaks the spec in a real service's answer (the validating proxy). */
  readonly breach?: string;
}

/** What the journal is told of a request answered. */
export interface Answered {
  readonly method: string;
  readonly operation: string;
  readonly status: number;
  readonly body: string;
  readonly raw: Params | undefined;
  readonly ms: number;
  /** The card the request names (`usuario_cartao`), if any. */
  readonly card: string | undefined;
  /** What breaks the spec in a real service's answer (the validating proxy). */
  readonly breach?: string;
}

export interface JournalFilter {
  readonly operation?: string;
  readonly card?: string;
  /** Entries after this id, or at or after this time (ISO 8601). */
  readonly since?: string;
  readonly limit?: number;
}

export interface Journal {
  note(answered: Answered): void;
  list(filter?: JournalFilter): JournalEntry[];
  clear(): void;
  /** Called with each entry as it is noted (the console's live view); answers how to stop. */
  watch(listener: (entry: JournalEntry) => void): () => void;
  /** Whether entries carry values and bodies. */
  readonly bodies: boolean;
}

const CONFIRMA = /"confirma_operacao":(\d+)/;
const CODES: Readonly<Record<number, Outcome>> = { 1: 'ok', 2: 'found', 3: 'no result', 4: 'failed' };

function outcomeOf(status: number, body: string): [Outcome, number | null] {
  const m = CONFIRMA.exec(body.slice(0, 512));
  const confirma = m ? Number(m[1]) : null;
  if (status >= 500) return ['error', confirma];
  if (status >= 400) return ['refused', confirma];
  return [confirma === null ? 'found' : (CODES[confirma] ?? 'ok'), confirma];
}

export function requestJournal(size = JOURNAL_SIZE, bodies = false, clock: () => Date = () => new Date()): Journal {
  const key = randomBytes(32);
  const hashOf = (card: string) => createHmac('sha256', key).update(card).digest('base64url').slice(0, 22);
  const entries: Array<{ entry: JournalEntry; card: string | undefined }> = [];
  const listeners = new Set<(entry: JournalEntry) => void>();
  let next = 1;
  return {
    bodies,
    note(a) {
      const [outcome, confirma] = outcomeOf(a.status, a.body);
      const raw = a.raw ?? {};
      const entry: JournalEntry = {
        id: next++,
        time: clock().toISOString(),
        method: a.method,
        operation: a.operation,
        status: a.status,
        outcome,
        confirma,
        duration_ms: Math.round(a.ms * 100) / 100,
        params: bodies ? { ...raw } : Object.keys(raw),
        ...(bodies ? { body: a.body.length > BODY_LIMIT ? `${a.body.slice(0, BODY_LIMIT)}…` : a.body } : {}),
        ...(a.breach ? { breach: a.breach } : {}),
      };
      entries.push({ entry, card: typeof a.card === 'string' ? hashOf(a.card) : undefined });
      if (entries.length > size) entries.shift();
      for (const listener of listeners) listener(entry);
    },
    list(filter = {}) {
      const card = filter.card === undefined ? undefined : hashOf(filter.card);
      const since = filter.since;
      const afterId = since !== undefined && /^\d+$/.test(since) ? Number(since) : undefined;
      const afterTime = since !== undefined && afterId === undefined ? Date.parse(since) : undefined;
      const out = entries
        .filter(
          (e) =>
            (filter.operation === undefined || e.entry.operation === filter.operation) &&
            (card === undefined || e.card === card) &&
            (afterId === undefined || e.entry.id > afterId) &&
            (afterTime === undefined || Date.parse(e.entry.time) >= afterTime),
        )
        .map((e) => e.entry);
      return filter.limit === undefined ? out : out.slice(-filter.limit);
    },
    clear() {
      entries.length = 0;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
