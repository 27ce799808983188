/**
 * The server's log on stderr, as text for people or as JSON lines for a log
 * shipper (`--log-format`, COOPCTL_LOG_FORMAT). A request's line holds its
 * id, method, operation, status, time, client address and token label:
 * never a path the catalogue does not know, a query string, a body, a header
 * or a token. Events (start-up, migrations, store faults, readiness,
 * shutdown) carry only what the server itself decided (reasons, versions,
 * counts), never a request's data.
 */
import type { Writable } from 'node:stream';

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type Level = 'info' | 'warn' | 'error';
export type Fields = Readonly<Record<string, string | number | boolean | null>>;

/** One answered request, as the log sees it. */
export interface RequestRecord {
  /** Always made when the server logs. */
  readonly requestId: string | undefined;
  readonly method: string;
  /** The catalogue operation's id, or `unknown`. */
  readonly operation: string;
  /** The text format's path: the operation's, or a placeholder. */
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  /** The client's address. */
  readonly client: string;
  /** The label of the token it presented, if any. */
  readonly tokenLabel: string | undefined;
}

export interface ServerLog {
  readonly format: LogFormat;
  request(r: RequestRecord): void;
  /**
   * An event: its name and fields in JSON; in text, the line `text` (an event
   * without a text line, such as start-up, which the banner tells, is JSON only).
   */
  event(level: Level, name: string, text: string | undefined, fields?: Fields): void;
}

/** The level of a request's line: 500s are errors, 503s (the store) and other 5xx warnings. */
const levelOf = (status: number): Level => (status === 500 ? 'error' : status >= 500 ? 'warn' : 'info');

/** `clock`'s time as ISO 8601, made once a millisecond (`toISOString` costs more than the rest of a line). */
function isoClock(clock: () => Date): () => string {
  let lastMs = Number.NaN;
  let last = '';
  return () => {
    const now = clock();
    const ms = now.getTime();
    if (ms !== lastMs) {
      lastMs = ms;
      last = now.toISOString();
    }
    return last;
  };
}

/** A JSON string literal of a short text (`JSON.stringify` of a string: its quotes and escapes). */
const str = (text: string): string => JSON.stringify(text);

/**
 * Writes to `stream`: requests' lines gathered over one turn of the event loop
 * into one text and written together (one write, and one system call, for the
 * requests answered in that turn, instead of one each: a write of a corked
 * stream costs more than the line's concatenation), events at once (after what
 * was gathered before them).
 */
function lineWriter(stream: Writable): { batched(line: string): void; now(line: string): void } {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  return {
    batched(line) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
    now(line) {
      pending += line;
      flush();
    },
  };
}

/** A log writing to `stream` in `format`; `clock` gives the JSON lines' `time`. */
export function serverLog(format: LogFormat, stream: Writable, clock: () => Date = () => new Date()): ServerLog {
  const out = lineWriter(stream);
  if (format === 'text')
    return {
      format,
      request: (r) => out.batched(`${r.method} ${r.path} ${r.status} ${r.ms.toFixed(1)}ms\n`),
      event: (_level, _name, text) => {
        if (text !== undefined) out.now(`${text}\n`);
      },
    };
  const time = isoClock(clock);
  return {
    format,
    // A request's line is written field by field, in this order: a generic JSON.stringify of the object cost ten
    // times more (3–5 µs a request). Every text goes through JSON.stringify, so the line is JSON whatever it holds.
    request: (r) =>
      out.batched(
        `{"time":"${time()}","level":"${levelOf(r.status)}","event":"request","request_id":${r.requestId === undefined ? 'null' : str(r.requestId)},` +
          `"method":${str(r.method)},"operation":${str(r.operation)},"status":${r.status},"duration_ms":${Math.round(r.ms * 1000) / 1000},` +
          `"client":${str(r.client)},"token_label":${r.tokenLabel === undefined ? 'null' : str(r.tokenLabel)}}\n`,
      ),
    event: (level, name, text, fields) =>
      out.now(
        `${JSON.stringify({ time: time(), level, event: name, ...fields, ...(text === undefined ? {} : { msg: text }) })}\n`,
      ),
  };
}

/** A log as options give it: a log, or a stream for one in `format` (text by default); none for quiet. */
export function logOf(log: ServerLog | Writable | undefined, format: LogFormat = 'text'): ServerLog | undefined {
  if (log === undefined) return undefined;
  return 'request' in log && 'event' in log ? log : serverLog(format, log);
}
