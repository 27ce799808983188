/**
 * A scripted prompter for in-process tests. It answers from a queue, and
 * behaves as @inquirer/prompts does where it matters: an input's `validate`
 * runs on each answer, and an invalid answer is asked again (the next answer
 * of the queue); Enter on an empty input takes the default; a select only
 * accepts one of its choices; a search takes the answer as the words typed
 * and picks the first choice its source gives for them (no choice: "No
 * results found", the next answer is typed instead). Every question is recorded.
 */
import type { Choice, Prompter, SearchQuestion } from '../../src/cli/prompter.js';

/** Enter on an input: the default, or the empty string. */
export const ENTER = Symbol('enter');
/** Ctrl-C at the question: it rejects as @inquirer/prompts does (an ExitPromptError). */
export const CTRL_C = Symbol('ctrl-c');

export type Answer = string | boolean | typeof ENTER | typeof CTRL_C;
/** An answer, optionally with text the question must contain. */
export type Scripted = Answer | { readonly q: string | RegExp; readonly a: Answer };

export interface Asked {
  readonly kind: 'input' | 'password' | 'select' | 'confirm' | 'search';
  readonly message: string;
  readonly default?: string | boolean;
  /** A select's choices; a search's choices for the words finally typed. */
  choices?: readonly Choice<string>[];
  /** A search's words typed, in order (each but the last found nothing). */
  readonly terms?: string[];
  /** The validation messages shown before an accepted answer (each means one re-ask). */
  readonly errors: string[];
  answer?: string | boolean;
}

export interface FakePrompter extends Prompter {
  readonly asked: Asked[];
  /** Answers not used yet. */
  readonly remaining: () => number;
}

export function fakePrompter(script: readonly Scripted[]): FakePrompter {
  const queue = [...script];
  const asked: Asked[] = [];
  const next = (q: Asked): Exclude<Answer, typeof CTRL_C> => {
    const item = queue.shift();
    if (item === undefined) throw new Error(`no scripted answer for ${q.kind} "${q.message}"`);
    let answer: Answer = item as Answer;
    if (typeof item === 'object') {
      const ok = typeof item.q === 'string' ? q.message.includes(item.q) : item.q.test(q.message);
      if (!ok) throw new Error(`scripted answer for "${String(item.q)}" met ${q.kind} "${q.message}"`);
      answer = item.a;
    }
    if (answer === CTRL_C) {
      const err = new Error('User force closed the prompt with SIGINT');
      err.name = 'ExitPromptError';
      throw err;
    }
    return answer;
  };
  const text = async (
    kind: 'input' | 'password',
    q: { message: string; default?: string; validate?: (v: string) => true | string },
  ) => {
    const record: Asked = {
      kind,
      message: q.message,
      errors: [],
      ...(q.default === undefined ? {} : { default: q.default }),
    };
    asked.push(record);
    for (;;) {
      const a = next(record);
      if (typeof a === 'boolean') throw new Error(`a boolean answer for ${kind} "${q.message}"`);
      const value = a === ENTER ? (q.default ?? '') : a;
      const verdict = q.validate ? q.validate(value) : true;
      if (verdict === true) {
        record.answer = value;
        return value;
      }
      record.errors.push(verdict);
    }
  };
  return {
    asked,
    remaining: () => queue.length,
    input: (q) => text('input', q),
    password: (q) => text('password', q),
    async select<T extends string>(q: { message: string; choices: readonly Choice<T>[]; default?: T }): Promise<T> {
      const record: Asked = {
        kind: 'select',
        message: q.message,
        choices: q.choices,
        errors: [],
        ...(q.default === undefined ? {} : { default: q.default }),
      };
      asked.push(record);
      const a = next(record);
      const value = a === ENTER ? (q.default ?? q.choices[0]?.value) : a;
      const choice = q.choices.find((c) => c.value === value);
      if (!choice)
        throw new Error(
          `"${String(value)}" is not a choice of "${q.message}": ${q.choices.map((c) => c.value).join(', ')}`,
        );
      if (choice.disabled !== undefined) throw new Error(`"${String(value)}" of "${q.message}" is disabled`);
      record.answer = choice.value;
      return choice.value;
    },
    async search<T extends string>(q: SearchQuestion<T>): Promise<T> {
      const terms: string[] = [];
      const record: Asked = { kind: 'search', message: q.message, errors: [], terms };
      asked.push(record);
      for (;;) {
        const a = next(record);
        if (typeof a === 'boolean') throw new Error(`a boolean answer for search "${q.message}"`);
        const term = a === ENTER ? '' : a;
        terms.push(term);
        const choices = q.source(term);
        record.choices = choices;
        const first = choices[0];
        if (first) {
          record.answer = first.value;
          return first.value;
        }
        record.errors.push('No results found');
      }
    },
    async confirm(q) {
      const record: Asked = {
        kind: 'confirm',
        message: q.message,
        errors: [],
        ...(q.default === undefined ? {} : { default: q.default }),
      };
      asked.push(record);
      const a = next(record);
      const value = a === ENTER ? (q.default ?? false) : a;
      if (typeof value !== 'boolean') throw new Error(`confirm "${q.message}" needs a boolean, got "${value}"`);
      record.answer = value;
      return value;
    },
  };
}

/** The prompter, running `hook` once before the first question whose message contains `match`. */
export function beforeQuestion(p: Prompter, match: string, hook: () => Promise<void>): Prompter {
  let done = false;
  const run = async (message: string) => {
    if (done || !message.includes(match)) return;
    done = true;
    await hook();
  };
  return {
    input: (q) => run(q.message).then(() => p.input(q)),
    password: (q) => run(q.message).then(() => p.password(q)),
    select: (q) => run(q.message).then(() => p.select(q)),
    confirm: (q) => run(q.message).then(() => p.confirm(q)),
    search: (q) => run(q.message).then(() => p.search(q)),
  };
}

/** Ctrl-C at the first question whose message contains `match`: @inquirer/prompts throws ExitPromptError. */
export function interruptAt(p: Prompter, match: string): Prompter {
  return beforeQuestion(p, match, async () => {
    throw Object.assign(new Error('User force closed the prompt with SIGINT'), { name: 'ExitPromptError' });
  });
}
