/** Helpers of the workflow tests: a scripted confirm prompter and bash runs. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Prompter } from '../../src/cli/prompter.js';
import type { Operation, Params } from '../../src/catalogue/index.js';
import { flagWords } from '../cli/argv.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const execFileP = promisify(execFile);

export interface ConfirmPrompter extends Prompter {
  /** The confirm questions asked, in order. */
  readonly asked: Array<{ message: string; default: boolean | undefined }>;
}

/**
 * Answers confirm questions from `answers` in turn (an Error is thrown, as
 * Ctrl-C in @inquirer/prompts throws ExitPromptError); any other kind of
 * question fails the test.
 */
export function confirmPrompter(...answers: Array<boolean | Error>): ConfirmPrompter {
  const asked: ConfirmPrompter['asked'] = [];
  const unexpected =
    (kind: string) =>
    async (q: { message: string }): Promise<never> => {
      throw new Error(`unexpected ${kind} question: ${q.message}`);
    };
  return {
    asked,
    input: unexpected('input'),
    password: unexpected('password'),
    select: unexpected('select'),
    search: unexpected('search'),
    async confirm(q) {
      asked.push({ message: q.message, default: q.default });
      const a = answers.shift();
      if (a === undefined) throw new Error(`no scripted answer for "${q.message}"`);
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

/**
 * The same, answering every other question empty: the audience filters that
 * `notify send` offers on a terminal before its confirmation (each optional).
 */
export function leavingEmpty(prompter: ConfirmPrompter): ConfirmPrompter & { readonly offered: string[] } {
  const offered: string[] = [];
  const empty = async (q: { message: string }) => {
    offered.push(q.message);
    return '' as never;
  };
  return { ...prompter, offered, select: empty, input: empty };
}

/** The error @inquirer/prompts throws on Ctrl-C. */
export function ctrlC(): Error {
  const e = new Error('User force closed the prompt with SIGINT');
  e.name = 'ExitPromptError';
  return e;
}

/** The command with its positional as the argument, the other parameters as flags. */
export function argvOf(op: Operation, params: Params): string[] {
  const { [op.positional ?? '']: positional, ...rest } = params;
  return [...op.command, ...(positional === undefined ? [] : [String(positional)]), ...flagWords(rest)];
}

export async function runBash(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ stdout: string; stderr: string }> {
  return execFileP('bash', ['--norc', '--noprofile', '-c', script], {
    env: { PATH: process.env['PATH'], ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

export async function hasCommand(name: string): Promise<boolean> {
  try {
    await execFileP('bash', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
}
