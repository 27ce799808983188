/**
 * Where the examples are: every command's help (the `Examples:` section of
 * the help commander prints, in both languages) and the ```sh blocks of
 * README.md and docs/*.md. The conventions (docs/architecture.md, "Examples"):
 *
 * - an example is a line of a ```sh block that runs `coopctl` (a line ending
 *   in `\` goes on on the next one); help examples are written the same way,
 *   a `# …` line above one says what it shows;
 * - not run: a line with a placeholder (`<card>`, `[--port N]`), and every
 *   line of a block after `<!-- examples: not run (why) -->`;
 * - a block after `<!-- file: NAME -->` is a file the examples use: written
 *   to NAME in their working folder;
 * - a trailing `# exits N` (or `# sai com N`) gives the exit code expected
 *   instead of 0; an example whose note or comment says "on a terminal"
 *   ("num terminal") is run in a terminal, up to its first question.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { areas } from '../../../src/cli/help/areas.js';
import { makeContext } from '../../../src/cli/context.js';
import type { Lang } from '../../../src/cli/i18n/index.js';
import { buildProgram } from '../../../src/cli/run/program.js';
import { RunState } from '../../../src/cli/run/state.js';

export interface Example {
  /** The shell line, continuation lines joined. */
  readonly line: string;
  /** Where it is written: `README.md:82`, `help of coopctl schedule book`. */
  readonly where: string;
  /** What the example's comment or note says (both languages for help examples). */
  readonly comment: string;
}

export interface Skipped {
  readonly line: string;
  readonly where: string;
  readonly why: string;
}

/** The examples of one place, run in order against one fresh server and working folder. */
export interface ExampleGroup {
  readonly name: string;
  readonly examples: readonly Example[];
  /** Files for the working folder: name → content. */
  readonly files: ReadonlyMap<string, string>;
  readonly skipped: readonly Skipped[];
}

/** The whole command tree, in a language. */
export async function commandTree(lang: Lang): Promise<Command> {
  const io = new PassThrough();
  const run = new RunState(makeContext({ stdin: io, stdout: io, stderr: io, env: {} }), lang);
  return buildProgram(run, [
    ...Object.keys(areas),
    'config',
    'serve',
    'audit',
    'backup',
    'openapi',
    'api',
    'completion',
  ]);
}

/** Every command of the tree with its words (the root: []). */
export function commandsOf(program: Command): Array<{ words: string[]; command: Command }> {
  const walk = (command: Command, words: string[]): Array<{ words: string[]; command: Command }> => [
    { words, command },
    ...command.commands.flatMap((c) => walk(c, [...words, c.name()])),
  ];
  return walk(program, []);
}

/** The examples of a help text: the lines under its Examples heading, `\`-continued lines joined, with the notes above them. */
export function helpExamples(help: string, heading: string): Array<{ line: string; note: string }> {
  const lines = help.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const out: Array<{ line: string; note: string }> = [];
  let note = '';
  let current: string | undefined;
  for (const raw of lines.slice(start + 1)) {
    if (raw === '') break;
    const text = raw.trim();
    if (current === undefined && text.startsWith('# ')) {
      note = note ? `${note} ${text.slice(2)}` : text.slice(2);
      continue;
    }
    current = current === undefined ? text : `${current} ${text}`;
    if (current.endsWith(' \\')) {
      current = current.slice(0, -2);
      continue;
    }
    out.push({ line: current, note });
    current = undefined;
    note = '';
  }
  return out;
}

/** The help commander prints for a command (as `--help` does). */
export function helpOf(command: Command): string {
  return command.helpInformation();
}

const DOCS = new URL('../../../', import.meta.url);

/** README.md and docs/*.md, by their path in the repository. */
export function documents(): Array<{ path: string; text: string }> {
  const root = DOCS.pathname;
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

const RUNS_COOPCTL = /(^|[\s;&|(])coopctl(\s|$)/;
/** `<card>`, `<file|->` … or an optional part `[--port N]`: a synopsis, not a command. */
const PLACEHOLDER = /<[A-Za-z][^>]*>|\[--?[a-z]/;
const NOT_RUN = /^<!--\s*examples:\s*not run\b(.*?)-->\s*$/;
const FILE = /^<!--\s*file:\s*(\S+)\s*-->\s*$/;

/** The examples, files and skipped lines of one Markdown document. */
export function documentExamples(path: string, text: string): ExampleGroup {
  const lines = text.split('\n');
  const examples: Example[] = [];
  const skipped: Skipped[] = [];
  const files = new Map<string, string>();
  let marker: { notRun?: string; file?: string } = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const notRun = NOT_RUN.exec(line);
    const file = FILE.exec(line);
    if (notRun) marker = { notRun: notRun[1]!.trim() || 'marked not run' };
    else if (file) marker = { file: file[1]! };
    if (notRun || file || line.trim() === '') continue;
    const fence = /^```(\S*)/.exec(line);
    if (!fence) {
      marker = {};
      continue;
    }
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith('```')) end++;
    const body = lines.slice(start, end);
    if (marker.file !== undefined) files.set(marker.file, `${body.join('\n')}\n`);
    else if (['sh', 'bash', 'shell'].includes(fence[1]!)) {
      for (const e of shellExamples(body, path, start + 1)) {
        if (marker.notRun !== undefined) skipped.push({ ...e, why: marker.notRun });
        else if (PLACEHOLDER.test(e.line.replace(/\s#.*$/, ''))) skipped.push({ ...e, why: 'a placeholder' });
        else examples.push(e);
      }
    }
    marker = {};
    i = end;
  }
  return { name: path, examples, files, skipped };
}

/** The lines of a shell block that run coopctl, continued lines joined; `firstLine` is the block's first line number. */
function shellExamples(body: readonly string[], path: string, firstLine: number): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < body.length; i++) {
    const at = i;
    let line = body[i]!;
    while (line.endsWith('\\') && i + 1 < body.length) line = `${line.slice(0, -1).trimEnd()} ${body[++i]!.trim()}`;
    const command = line.replace(/(^|\s)#.*$/, '').trim();
    if (!command || !RUNS_COOPCTL.test(command)) continue;
    const comment = /(?:^|\s)#\s*(.*)$/.exec(line)?.[1] ?? '';
    out.push({ line, where: `${path}:${firstLine + at}`, comment });
  }
  return out;
}

/** The exit code an example documents (`# exits 3`, `# sai com 3`), else 0. */
export function expectedExit(comment: string): number {
  const m = /\b(?:exits?|sai com)\s+(\d+)\b/.exec(comment);
  return m ? Number(m[1]) : 0;
}

/** The example needs a terminal: its note or comment says it runs on one. */
export function needsTerminal(comment: string): boolean {
  return /\bon a terminal\b|\bnum terminal\b/.test(comment);
}

/** The example starts a server (`coopctl serve`), which runs until it is stopped. */
export function startsServer(line: string): boolean {
  return /(^|[\s;&|(])coopctl\s+(?:-\S+(?:\s+[^-\s]\S*)?\s+)*serve\b/.test(line);
}
