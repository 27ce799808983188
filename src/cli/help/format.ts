/**
 * `--help` of a command of the tree, as commander's Help class is configured
 * (`configureHelp`): commander's parts in the run's language, gathered into a
 * page (page.ts) and laid out to the terminal's width (commander's
 * `helpWidth`).
 */
import { Help, type Argument, type Command, type HelpConfiguration, type Option } from 'commander';
import type { Messages } from '../i18n/index.js';
import { type HelpPage, type Item, renderPage } from './page.js';
import { examplesOf, globalsOf, notesOf } from './sections.js';

type Words = Messages['help'];

/** commander's `(choices: …, default: …)` after a description, in the run's words. */
function localisedExtra(words: Words, description: string, full: string): string {
  const extra = full.slice(description.length);
  return (
    description +
    extra
      .replace(/(^|\(|, )choices: /g, (_m, before: string) => `${before}${words.extra.choices} `)
      .replace(/(^|\(|, )default: /g, (_m, before: string) => `${before}${words.extra.default} `)
  );
}

/** commander's `[options]` and `[command]` in a usage line or a command's term, in the run's words. */
function usageWords(words: Words, usage: string): string {
  return usage
    .split(' ')
    .map((w) => (w === '[options]' ? words.usage.options : w === '[command]' ? words.usage.command : w))
    .join(' ');
}

/**
 * commander's `name|alias` of `cmd` in a command's term, as the run's language
 * names commands (words.commandName); a usage line (no words) names the command
 * by its name, as typed in the examples.
 */
function commandName(words: Words | undefined, cmd: Command, text: string): string {
  const alias = cmd.alias();
  if (!alias) return text;
  return text.replace(`${cmd.name()}|${alias}`, words ? words.commandName(cmd.name(), alias) : cmd.name());
}

/** The global options `cmd`'s help lists: an ancestor's options, or only those that apply to it. */
function globalItems(helper: Help, cmd: Command): Item[] {
  const only = globalsOf(cmd);
  return helper
    .visibleGlobalOptions(cmd)
    .filter((o) => !only || only.has(o.long ?? ''))
    .map((o) => [helper.optionTerm(o), only?.get(o.long ?? '') ?? helper.optionDescription(o)]);
}

/**
 * The page of `cmd`'s help, as `helper` (configured by helpConfiguration) words it. A command with subcommands (the
 * root, a group) does not list the global options but says where they are (`coopctl help options`), so that it fits
 * a terminal of 80×30 with its commands; a command that runs lists them, as they apply to it (`serve`, which has
 * commands of its own too, declares which apply: `globalsOf`).
 */
export function pageOf(cmd: Command, helper: Help): HelpPage {
  const options: Item[] = helper.visibleOptions(cmd).map((o) => [helper.optionTerm(o), helper.optionDescription(o)]);
  const note = (helper as Help & { globalsNote?: string }).globalsNote;
  if (note && cmd.commands.length && !globalsOf(cmd)) {
    const own = (o: Item) => /^(-h, --help|-V, --version)$/.test(o[0]);
    return {
      usage: helper.commandUsage(cmd),
      description: helper.commandDescription(cmd),
      args: helper.visibleArguments(cmd).map((a) => [helper.argumentTerm(a), helper.argumentDescription(a)]),
      options: cmd.parent ? options : options.filter(own),
      commands: helper.visibleCommands(cmd).map((c) => [helper.subcommandTerm(c), helper.subcommandDescription(c)]),
      globals: [],
      examples: examplesOf(cmd),
      notes: [...notesOf(cmd), note],
    };
  }
  return {
    usage: helper.commandUsage(cmd),
    description: helper.commandDescription(cmd),
    args: helper.visibleArguments(cmd).map((a) => [helper.argumentTerm(a), helper.argumentDescription(a)]),
    // The root's own options are the global ones: after the commands, as on every other command.
    options: cmd.parent ? options : [],
    commands: helper.visibleCommands(cmd).map((c) => [helper.subcommandTerm(c), helper.subcommandDescription(c)]),
    globals: cmd.parent ? globalItems(helper, cmd) : options,
    examples: examplesOf(cmd),
    notes: notesOf(cmd),
  };
}

export function helpConfiguration(words: Words, globalsNote?: string): HelpConfiguration & { globalsNote?: string } {
  return {
    ...(globalsNote ? { globalsNote } : {}),
    minWidthToWrap: 10,
    showGlobalOptions: true,
    commandUsage(this: Help, cmd: Command): string {
      return usageWords(words, commandName(undefined, cmd, Help.prototype.commandUsage.call(this, cmd)));
    },
    subcommandTerm(this: Help, cmd: Command): string {
      return usageWords(words, commandName(words, cmd, Help.prototype.subcommandTerm.call(this, cmd)));
    },
    optionDescription(this: Help, option: Option): string {
      return localisedExtra(words, option.description, Help.prototype.optionDescription.call(this, option));
    },
    argumentDescription(this: Help, argument: Argument): string {
      return localisedExtra(words, argument.description, Help.prototype.argumentDescription.call(this, argument));
    },
    formatHelp(cmd: Command, helper: Help): string {
      return renderPage(pageOf(cmd, helper), words.headings, helper, helper.helpWidth ?? 80);
    },
  };
}
