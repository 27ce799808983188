/**
 * The context of a run: streams, TTY flags, environment, colour, configuration
 * location, client factory, prompter and clock. Commands receive it instead of
 * reaching for `process`, so tests run them in-process.
 */
import type { Readable, Writable } from 'node:stream';
import type { Client } from '../client/client.js';
import type { ClientOptions, Clock, Env } from '../client/types.js';
import { colorAllowed } from './output/color.js';
import { configFilePath } from './config/file.js';
import { inquirerPrompter, safePrompter, type Prompter } from './prompter.js';
import * as lazy from './lazy.js';

export type { Env, Clock };

export interface Context {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly tty: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean };
  /**
   * The terminal's size as stdout's TTY reports it (read when asked, so a
   * resized window counts), undefined when it reports none: tables fit its
   * `columns` (output/display.ts), the pager starts past its `rows`.
   */
  readonly screen: { readonly columns: number | undefined; readonly rows: number | undefined };
  readonly env: Env;
  /** Colour allowed per stream by the environment and the TTY (before `--no-color`). */
  readonly color: { readonly stdout: boolean; readonly stderr: boolean };
  /** The configuration file (`coopctl config path`). */
  readonly configPath: string;
  /** Makes an HTTP client (its module is loaded on the first call). */
  readonly createClient: (options: ClientOptions) => Promise<Client>;
  readonly prompter: Prompter;
  readonly clock: Clock;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
}

export interface ContextParts {
  /** The stream, or a function that makes it when first read (process.stdin costs start-up time). */
  stdin: Readable | (() => Readable);
  stdout: Writable;
  stderr: Writable;
  env: Env;
  tty?: Partial<Context['tty']>;
  /** The terminal's size (tests); else stdout's own `columns` and `rows`. */
  screen?: Partial<Context['screen']>;
  signal?: AbortSignal;
  clock?: Clock;
  prompter?: Prompter;
  createClient?: Context['createClient'];
}

export const systemClock: Clock = {
  // Milliseconds of the monotonic clock (performance.now() would load perf_hooks at start-up).
  now: () => Number(process.hrtime.bigint()) / 1e6,
  sleep: async (ms, signal) => {
    const { setTimeout: delay } = await lazy.timersPromises();
    await delay(ms, undefined, signal ? { signal } : {});
  },
  random: () => Math.random(),
  date: () => new Date(),
};

const isTTY = (s: unknown) => (s as { isTTY?: boolean }).isTTY === true;
/** A stream's `columns` or `rows` (a TTY's size), when it has a positive one. */
const sizeOf = (s: unknown, key: 'columns' | 'rows') => {
  const n = (s as Partial<Record<'columns' | 'rows', number>>)[key];
  return typeof n === 'number' && n > 0 ? n : undefined;
};

export function makeContext(parts: ContextParts): Context {
  let stdin = typeof parts.stdin === 'function' ? undefined : parts.stdin;
  const input = () => (stdin ??= (parts.stdin as () => Readable)());
  const ttyStdin = parts.tty?.stdin;
  const tty = {
    // Looked at only when needed: making process.stdin costs start-up time.
    get stdin() {
      return ttyStdin ?? isTTY(input());
    },
    stdout: parts.tty?.stdout ?? isTTY(parts.stdout),
    stderr: parts.tty?.stderr ?? isTTY(parts.stderr),
  };
  const signal = parts.signal ?? new AbortController().signal;
  return {
    get stdin() {
      return input();
    },
    stdout: parts.stdout,
    stderr: parts.stderr,
    tty,
    screen: {
      get columns() {
        return parts.screen?.columns ?? sizeOf(parts.stdout, 'columns');
      },
      get rows() {
        return parts.screen?.rows ?? sizeOf(parts.stdout, 'rows');
      },
    },
    env: parts.env,
    color: { stdout: colorAllowed(parts.env, tty.stdout), stderr: colorAllowed(parts.env, tty.stderr) },
    configPath: configFilePath(parts.env),
    createClient: parts.createClient ?? (async (options) => (await lazy.client()).createClient(options)),
    // What a prompt shows may be the service's data: made safe whichever prompter asks.
    prompter: safePrompter(parts.prompter ?? inquirerPrompter({ input, output: parts.stderr, signal })),
    clock: parts.clock ?? systemClock,
    signal,
  };
}
