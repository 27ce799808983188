/**
 * A scripted prompter for in-process tests. It answers from a queue, and
 * behaves as @inquirer/prompts does where it matters: an input's `validate`
 * runs on each answer, and an invalid answer is asked again (the next answer
 * of the queue); Enter on an empty input takes the default; a select only
 * accepts one of its choices. Every question is recorded.
 */
import type { Choice, Prompter } from '../../src/cli/prompter.js';

/** Enter on an input: the default, or the empty string. */
export const ENTER = Symbol('enter');
/** Ctrl-C at the question: it rejects as @inquirer/prompts does (an ExitPromptError). */
export const CTRL_C = Symbol('ctrl-c');

export type Answer = string | boolean | typeof ENTER | typeof CTRL_C;
/** An answer, optionally with text the question must contain. */
export type Scripted = Answer | { readonly q: string | RegExp; readonly a: Answer };

export interface Asked {
  readonly kind: 'input' | 'password' | 'select' | 'confirm';
  readonly message: string;
  readonly default?: string | boolean;
  readonly choices?: readonly Choice<string>[];
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
