/** Interactive questions, behind an interface so that commands can be tested without a terminal. */
import { sanitize } from './output/sanitize.js';
import { wrapLine } from './output/wrap.js';
import { textWidth } from './output/width.js';
import * as lazy from './lazy.js';

export interface Choice<T extends string> {
  readonly name: string;
  readonly value: T;
  readonly description?: string;
  /** Shown (dimmed, with this text) but not selectable. */
  readonly disabled?: string;
}

/**
 * The words the prompt library says itself, in the run's language: the
 * answers of a confirmation (`Sim`/`Não`: `s/N`; y and n are understood in
 * any language), the keys' help under a list, a search that finds nothing.
 */
export interface PromptWords {
  readonly yes: string;
  readonly no: string;
  readonly mustAnswer: (yes: string, no: string) => string;
  readonly navigate: string;
  readonly select: string;
  readonly noResults: string;
  readonly disabled: string;
}

/** What every question has: its text, and the library's words (English when absent). */
export interface Question {
  readonly message: string;
  readonly words?: PromptWords;
}

export interface Prompter {
  input(q: Question & { default?: string; validate?: (value: string) => true | string }): Promise<string>;
  /** Hidden input (tokens). */
  password(q: Question & { validate?: (value: string) => true | string }): Promise<string>;
  select<T extends string>(q: Question & { choices: readonly Choice<T>[]; default?: T }): Promise<T>;
  confirm(q: Question & { default?: boolean }): Promise<boolean>;
  /** A list filtered as the user types: `source` gives the choices for the words typed so far (Enter picks the highlighted one). */
  search<T extends string>(q: SearchQuestion<T>): Promise<T>;
}

export interface SearchQuestion<T extends string> extends Question {
  readonly source: (term: string) => readonly Choice<T>[];
  readonly pageSize?: number;
}

/** @inquirer/prompts' theme for `words`: its own texts replaced, its look kept. */
function themeOf(words: PromptWords | undefined, styleText: typeof import('node:util').styleText) {
  if (!words) return {};
  const own: Readonly<Record<string, string>> = {
    navigate: words.navigate,
    select: words.select,
    'No results found': words.noResults,
  };
  return {
    keywords: {
      yes: words.yes,
      no: words.no,
      error: ({ yes, no }: { yes: string; no: string }) => words.mustAnswer(yes, no),
    },
    i18n: { disabledError: words.disabled },
    style: {
      error: (text: string) => styleText('red', `> ${own[text] ?? text}`),
      keysHelpTip: (keys: Array<[string, string]>) =>
        keys
          .map(([key, action]) => `${styleText('bold', key)} ${styleText('dim', own[action] ?? action)}`)
          .join(styleText('dim', ' • ')),
    },
  };
}

/** What the prompt library writes before a line of its own (`? `, `✔ `, `> `), and the terminal's last column, kept free. */
const MARGIN = 3;

/**
 * A question's (or a rule's) text cut at spaces so that each line fits the
 * terminal with room for the prompt library's mark, never reaching the last
 * column. @inquirer/core redraws a question by erasing the rows it counted at
 * its last drawing: it cuts a line wider than the terminal itself, at the
 * exact column and in the middle of a word (`01` / `.310-100`), and a line
 * that ends on the last column leaves the cursor waiting there, a row the
 * terminals do not all count as inquirer does (a blank row after the
 * answer). Lines that fit are drawn, counted and erased alike everywhere.
 */
export function fitted(text: string, columns: number | undefined): string {
  if (columns === undefined || columns <= MARGIN + 20) return text;
  const out: string[] = [];
  for (const line of text.split('\n')) wrapLine(line, columns - MARGIN, out);
  return out.join('\n');
}

/**
 * How an answered question shows its answer, after the question's `message`
 * as `fitted` cut it: on the question's last line when it fits there (the
 * library's mark and a space before a one-line question), else on lines of
 * its own, indented, cut at spaces too: the library writes it after the
 * question on one line, which the terminal would cut in the middle of a word.
 */
export function answerAfter(
  message: string,
  columns: number | undefined,
  paint: (text: string) => string,
): (text: string) => string {
  return (text) => {
    if (columns === undefined || columns <= MARGIN + 20) return paint(text);
    const lines = message.split('\n');
    const used = (lines.length === 1 ? 2 : 0) + textWidth(lines.at(-1)!);
    if (used + 1 + textWidth(text) <= columns - 1) return paint(text);
    const own: string[] = [];
    wrapLine(text, columns - MARGIN, own, true);
    return own.map((line) => `\n  ${paint(line)}`).join('');
  };
}

/** Prompts of @inquirer/prompts, loaded on first use, reading `input` and drawing on `output` (stderr, so stdout stays data). */
export function inquirerPrompter(io: {
  input: () => NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal;
}): Prompter {
  const load = async () => {
    // An ES module loaded from node_modules on first use (scripts/bundle.mjs, EXTERNAL), by require() (Node ≥ 20.19).
    const prompts = lazy.inquirerPrompts();
    const { styleText } = await lazy.nodeUtil();
    /** The theme of a question whose text (as fitted) is `message`: the run's words, its answer placed after it. */
    const theme = (words: PromptWords | undefined, message: string) => {
      const base = themeOf(words, styleText);
      const columns = (io.output as { columns?: number }).columns;
      const answer = answerAfter(message, columns, (text) => styleText('cyan', text));
      return { ...base, style: { ...('style' in base ? base.style : {}), answer } };
    };
    return { prompts, theme };
  };
  const context = {
    get input() {
      return io.input();
    },
    output: io.output,
    signal: io.signal,
  };
  /** The terminal's width now (it may change between questions). */
  const fitText = (text: string) => fitted(text, (io.output as { columns?: number }).columns);
  const checked = (validate: ((value: string) => true | string) | undefined) =>
    validate &&
    ((value: string) => {
      const verdict = validate(value);
      return verdict === true ? true : fitText(verdict);
    });
  return {
    input: async ({ words, message, validate, ...q }) => {
      const { prompts, theme } = await load();
      const rule = checked(validate);
      const text = fitText(message);
      return prompts.input(
        { ...q, message: text, ...(rule ? { validate: rule } : {}), theme: theme(words, text) },
        context,
      );
    },
    password: async ({ words, message, validate, ...q }) => {
      const { prompts, theme } = await load();
      const rule = checked(validate);
      const text = fitText(message);
      return prompts.password(
        { ...q, message: text, ...(rule ? { validate: rule } : {}), mask: '*', theme: theme(words, text) },
        context,
      );
    },
    select: async <T extends string>(q: Question & { choices: readonly Choice<T>[]; default?: T }) => {
      const { prompts, theme } = await load();
      const text = fitText(q.message);
      return prompts.select<T>(
        {
          message: text,
          choices: q.choices,
          theme: theme(q.words, text),
          ...(q.default === undefined ? {} : { default: q.default }),
        },
        context,
      );
    },
    confirm: async ({ words, message, ...q }) => {
      const { prompts, theme } = await load();
      const text = fitText(message);
      return prompts.confirm({ ...q, message: text, theme: theme(words, text) }, context);
    },
    search: async <T extends string>(q: SearchQuestion<T>) => {
      const { prompts, theme } = await load();
      const text = fitText(q.message);
      return prompts.search<T>(
        {
          message: text,
          source: (term) => q.source(term ?? ''),
          theme: theme(q.words, text),
          ...(q.pageSize === undefined ? {} : { pageSize: q.pageSize }),
        },
        context,
      );
    },
  };
}

/** The same prompter, every question carrying `words` (the run's language: Invocation gives its commands this one). */
export function speakingPrompter(p: Prompter, words: PromptWords): Prompter {
  return {
    input: (q) => p.input({ ...q, words }),
    password: (q) => p.password({ ...q, words }),
    select: (q) => p.select({ ...q, words }),
    confirm: (q) => p.confirm({ ...q, words }),
    search: (q) => p.search({ ...q, words }),
  };
}

function shownChoices<T extends string>(choices: readonly Choice<T>[], show: (text: string) => string): Choice<T>[] {
  return choices.map((c) => ({
    ...c,
    name: show(c.name),
    ...(c.description === undefined ? {} : { description: show(c.description) }),
    ...(c.disabled === undefined ? {} : { disabled: show(c.disabled) }),
  }));
}

/**
 * The same prompter, with `show` applied to what it shows: the question, the
 * choices' names and descriptions, and, with `defaults`, a pre-filled answer
 * (which Enter sends as shown). Choice values, which are never shown, pass
 * unchanged.
 */
export function showingPrompter(p: Prompter, show: (text: string) => string, defaults = true): Prompter {
  return {
    input: (q) =>
      p.input({
        ...q,
        message: show(q.message),
        ...(q.default === undefined || !defaults ? {} : { default: show(q.default) }),
      }),
    password: (q) => p.password({ ...q, message: show(q.message) }),
    select: <T extends string>(q: Question & { choices: readonly Choice<T>[]; default?: T }) =>
      p.select<T>({ ...q, message: show(q.message), choices: shownChoices(q.choices, show) }),
    confirm: (q) => p.confirm({ ...q, message: show(q.message) }),
    search: <T extends string>(q: SearchQuestion<T>) =>
      p.search<T>({ ...q, message: show(q.message), source: (term) => shownChoices(q.source(term), show) }),
  };
}

/**
 * The same prompter, with what it shows made safe (output/sanitize.ts): the
 * question, the choices' names and descriptions, a pre-filled answer. They
 * may hold the service's data (a location's name).
 */
export function safePrompter(p: Prompter): Prompter {
  return showingPrompter(p, sanitize);
}
