/**
 * `coopctl help [words…]`, as gh and git answer it: nothing, the root's help;
 * a command's path (`help enrol wizard`, `help record allergies`), that
 * command's help; a topic's name in either language (`help batch`, `help
 * lote`, `help opcoes`), the topic, through the pager on a terminal when it
 * is taller than the screen; anything else an error (exit 2) with the
 * commands and topics it may have meant.
 */
import { type Command, CommanderError } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../exit-codes.js';
import type { Lang } from '../i18n/lang.js';
import * as lazy from '../lazy.js';
import { pageOrWrite } from '../output/pager.js';
import { columnsOf } from './page.js';
import { similarNames } from './similar.js';
import type { Topic } from './topics/model.js';

/** What the help command needs of the run: its streams and terminal, and its language. */
export interface HelpRun {
  readonly ctx: Context;
  readonly lang: Lang;
}

/** The run of a tree, kept on its root (a property of its own, under a symbol). */
const RUN = Symbol('helpRun');
type WithRun = Command & { [RUN]?: HelpRun };

/** Gives the tree's root what `help` needs (help/command.ts, rootCommand). */
export function setHelpRun(root: Command, run: HelpRun): void {
  (root as WithRun)[RUN] = run;
}

const rootOf = (cmd: Command): Command => (cmd.parent ? rootOf(cmd.parent) : cmd);

/**
 * Every topic, the global options' made from the root's options as its help shows them. The topics' modules (the
 * batch file's columns read the enrolment's plan) are loaded only when `help` is asked for a topic.
 */
export async function allTopics(root: Command): Promise<Topic[]> {
  const { optionsTopic, topicsTopic, writtenTopics } = await lazy.helpTopics();
  const help = root.createHelp();
  const globals = help.visibleOptions(root).map((o) => [help.optionTerm(o), help.optionDescription(o)] as const);
  const topics = [...writtenTopics, optionsTopic(globals)];
  return [...topics, topicsTopic(topics)];
}

/** Text on stdout, through the pager when stdout is a terminal and the text is taller than it. */
async function paged(ctx: Context, text: string): Promise<void> {
  const { rows, columns } = ctx.screen;
  await pageOrWrite(text, { stdout: ctx.stdout, stderr: ctx.stderr, env: ctx.env, tty: ctx.tty.stdout, rows, columns });
}

/** The command that `words` name below `from`, and how many of the words it took. */
function walk(from: Command, words: readonly string[]): { cmd: Command; used: number } {
  let cmd = from;
  let used = 0;
  for (const word of words) {
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) break;
    cmd = sub;
    used++;
  }
  return { cmd, used };
}

/**
 * Answers `help words…` asked of `cmd`: writes the help or topic and ends with exit 0 (commander's help exit), or
 * throws a UsageError naming what the words might have meant.
 */
export async function answerHelp(cmd: Command, words: readonly string[]): Promise<void> {
  const root = rootOf(cmd);
  const run = (root as WithRun)[RUN];
  if (!words.length) cmd.help();
  const { cmd: named, used } = walk(cmd, words);
  if (used === words.length) named.help();
  const topics = await allTopics(root);
  const { findTopic } = await lazy.helpTopics();
  const topic = used === 0 && run ? (findTopic(topics, words.join('-')) ?? undefined) : undefined;
  if (topic && run) {
    const { renderTopic } = await lazy.topicModel();
    await paged(run.ctx, renderTopic(topic, run.lang, columnsOf(run.ctx.stdout)));
    // As commander ends a help it showed under exitOverride (rootCommand): its error, exit 0 (failure.ts).
    throw new CommanderError(0, 'commander.help', '(help)');
  }
  const wrong = words[used]!;
  const candidates = [
    ...named.commands.flatMap((c) => [c.name(), ...c.aliases()]),
    ...(used === 0 ? topics.flatMap((t) => t.names) : []),
  ].filter((n) => n !== 'help');
  const similar = similarNames(wrong, candidates);
  const path = [root.name(), ...words.slice(0, used)].join(' ');
  const hint = used ? `${path} --help` : `coopctl help ${run?.lang === 'pt-BR' ? 'topicos' : 'topics'}`;
  throw new UsageError((m) => m.about.unknownHelp(path, wrong, similar), hint);
}
