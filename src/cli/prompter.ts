/** Interactive questions, behind an interface so that commands can be tested without a terminal. */
import { sanitize } from './output/sanitize.js';

export interface Choice<T extends string> {
  readonly name: string;
  readonly value: T;
  readonly description?: string;
  /** Shown (dimmed, with this text) but not selectable. */
  readonly disabled?: string;
}

export interface Prompter {
  input(q: { message: string; default?: string; validate?: (value: string) => true | string }): Promise<string>;
  /** Hidden input (tokens). */
  password(q: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  select<T extends string>(q: { message: string; choices: readonly Choice<T>[]; default?: T }): Promise<T>;
  confirm(q: { message: string; default?: boolean }): Promise<boolean>;
  /** A list filtered as the user types: `source` gives the choices for the words typed so far (Enter picks the highlighted one). */
  search<T extends string>(q: SearchQuestion<T>): Promise<T>;
}

export interface SearchQuestion<T extends string> {
  readonly message: string;
  readonly source: (term: string) => readonly Choice<T>[];
  readonly pageSize?: number;
}

/** Prompts of @inquirer/prompts, loaded on first use, reading `input` and drawing on `output` (stderr, so stdout stays data). */
export function inquirerPrompter(io: {
  input: () => NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal;
}): Prompter {
  const load = () => import('@inquirer/prompts');
  const context = {
    get input() {
      return io.input();
    },
    output: io.output,
    signal: io.signal,
  };
  return {
    input: async (q) => (await load()).input(q, context),
    password: async (q) => (await load()).password({ ...q, mask: '*' }, context),
    select: async <T extends string>(q: { message: string; choices: readonly Choice<T>[]; default?: T }) =>
      (await load()).select<T>(
        { message: q.message, choices: q.choices, ...(q.default === undefined ? {} : { default: q.default }) },
        context,
      ),
    confirm: async (q) => (await load()).confirm(q, context),
    search: async <T extends string>(q: SearchQuestion<T>) =>
      (await load()).search<T>(
        {
          message: q.message,
          source: (term) => q.source(term ?? ''),
          ...(q.pageSize === undefined ? {} : { pageSize: q.pageSize }),
        },
        context,
      ),
  };
}

function safeChoices<T extends string>(choices: readonly Choice<T>[]): Choice<T>[] {
  return choices.map((c) => ({
    ...c,
    name: sanitize(c.name),
    ...(c.description === undefined ? {} : { description: sanitize(c.description) }),
    ...(c.disabled === undefined ? {} : { disabled: sanitize(c.disabled) }),
  }));
}

/**
 * The same prompter, with what it shows made safe (output/sanitize.ts): the
 * question, the choices' names and descriptions, a pre-filled answer. They
 * may hold the service's data (a location's name). Choice values, which are
 * never shown, pass unchanged.
 */
export function safePrompter(p: Prompter): Prompter {
  return {
    input: (q) =>
      p.input({
        ...q,
        message: sanitize(q.message),
        ...(q.default === undefined ? {} : { default: sanitize(q.default) }),
      }),
    password: (q) => p.password({ ...q, message: sanitize(q.message) }),
    select: <T extends string>(q: { message: string; choices: readonly Choice<T>[]; default?: T }) =>
      p.select<T>({ ...q, message: sanitize(q.message), choices: safeChoices(q.choices) }),
    confirm: (q) => p.confirm({ ...q, message: sanitize(q.message) }),
    search: <T extends string>(q: SearchQuestion<T>) =>
      p.search<T>({ ...q, message: sanitize(q.message), source: (term) => safeChoices(q.source(term)) }),
  };
}
