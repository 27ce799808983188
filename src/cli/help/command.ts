/**
 * The command class of the tree and the settings every command inherits:
 * help and messages in the run's language, help to the width of the
 * terminal, commander's output through the run's streams, and help (not an
 * error) for a command named alone that has subcommands: bare `coopctl`, or
 * `coopctl record`, prints its help on stdout and exits 0.
 */
import { withoutAccents } from './areas.js';
import {
  type Argument,
  Command,
  type ErrorOptions,
  type HelpContext,
  type Option,
  type ParseOptionsResult,
} from 'commander';
import type { Context } from '../context.js';
import type { Messages } from '../i18n/index.js';
import { readFlags } from '../flags/declared.js';
import { pageOrWrite } from '../output/pager.js';
import { sanitize } from '../output/sanitize.js';
import { conflictsOf } from './conflicts.js';
import { type Invalidity, type UsageProblem, usageText, type ValueSource } from './errors.js';
import { helpConfiguration } from './format.js';
import { answerHelp, setHelpRun } from './help-topic.js';
import { columnsOf } from './page.js';
import { similarNames } from './similar.js';

/** The global `--no-pager`, as the help reads it (the run's global options are not made yet when help is written). */
const PAGER_FLAG = {
  pager: { type: 'boolean', negatable: true, help: (m: Messages) => m.help.globals.noPager },
} as const;

/*
 * commander raises its usage errors through `error(message, { code })`, its
 * public method, with one of its documented codes: CoopCommand overrides
 * `error()` and takes each error's facts from the command's public state
 * (its arguments, options and values) by the code. Two facts are known only
 * where commander raises them: the unknown option's flag and the option whose
 * value is missing; CoopCommand overrides these two methods (commander's
 * lib/command.js; not in its typings: declared here), and commander's help
 * command's dispatch (`_dispatchHelpCommand`, which gives the first word
 * alone). package.json pins commander to the version they were written
 * against, and test/cli/commander-pinned.test.ts checks each against it.
 */
declare module 'commander' {
  interface Command {
    unknownOption(flag: string): void;
    optionMissingArgument(option: Option): void;
  }
}

type Errors = Messages['help']['errors'];

/** The help command every command shares (rootCommand), by the root it was made for. */
const helpCommands = new WeakMap<Command, Command>();

/** The root of `cmd`'s tree. */
function rootOf(cmd: Command): Command {
  let root = cmd;
  while (root.parent) root = root.parent;
  return root;
}

/** Whether `cmd` has a subcommand of that name or alias. */
const hasCommand = (cmd: Command, name: string): boolean =>
  cmd.commands.some((c) => c.name() === name || c.aliases().includes(name));

export class CoopCommand extends Command {
  /** The words of usage errors, in the run's language. */
  readonly #errors: Errors | undefined;
  /** The usage error being raised, as data: `error()` words it. */
  #problem: UsageProblem | undefined;

  constructor(name?: string, errors?: Errors) {
    super(name);
    this.#errors = errors;
  }

  /**
   * commander dispatches the help command by its name alone: its Portuguese
   * name (an alias, `ajuda`: rootCommand) is taken as its name where the
   * command line names a command, after the words that name commands above
   * it (`coopctl record ajuda allergies`). The root reads every operand.
   */
  #helpNamed(words: readonly string[]): string[] {
    const help = helpCommands.get(rootOf(this));
    if (!help) return [...words];
    let cmd: Command = this;
    let i = 0;
    for (; i < words.length; i++) {
      const next = cmd.commands.find((c) => c.name() === words[i] || c.aliases().includes(words[i]!));
      if (!next) break;
      cmd = next;
    }
    const word = words[i];
    if (word === undefined || !cmd.commands.length || !help.aliases().includes(word) || hasCommand(cmd, word))
      return [...words];
    return [...words.slice(0, i), help.name(), ...words.slice(i + 1)];
  }

  override parseOptions(argv: string[]): ParseOptionsResult {
    const parsed = super.parseOptions(argv);
    if (this.parent) return parsed;
    return { ...parsed, operands: this.#helpNamed(parsed.operands) };
  }

  override createCommand(name?: string): CoopCommand {
    return new CoopCommand(name, this.#errors);
  }

  /**
   * Options and arguments parse their values through a parser that records
   * the problem of a value commander refuses (its choices, or a parser's
   * InvalidArgumentError) before commander raises it.
   */
  override addOption(option: Option): this {
    this.#recordingParser(option, (value, why) => ({ kind: 'invalidOption', flags: option.flags, value, why }));
    return super.addOption(option);
  }

  override addArgument(argument: Argument): this {
    this.#recordingParser(argument, (value, why) => ({ kind: 'invalidArgument', name: argument.name(), value, why }));
    return super.addArgument(argument);
  }

  #recordingParser(target: Option | Argument, problem: (value: string, why: Invalidity) => UsageProblem): void {
    const parse = target.parseArg;
    if (!parse) return;
    target.parseArg = <T>(value: string, previous: T): T => {
      try {
        return parse(value, previous);
      } catch (err) {
        if ((err as { code?: unknown }).code === 'commander.invalidArgument') {
          const choices = target.argChoices;
          // commander's choices parser refuses a value outside them; any other parser says why in the run's language.
          const why: Invalidity =
            choices && !choices.includes(value) ? { choices } : { because: (err as Error).message };
          this.#problem = problem(value, why);
        }
        throw err;
      }
    };
  }

  /** Raises `problem` through commander's own path (output, help after it, exit), worded in the run's language. */
  #raise(problem: UsageProblem, raise: () => void): void {
    this.#problem = problem;
    try {
      raise();
    } finally {
      this.#problem = undefined;
    }
  }

  override error(message: string, options?: ErrorOptions): never {
    const problem = this.#problem ?? this.#problemOf(options?.code);
    this.#problem = undefined;
    return super.error(problem && this.#errors ? usageText(problem, this.#errors) : message, options);
  }

  /** The usage error of commander's code, from this command's state as commander leaves it when it raises it. */
  #problemOf(code: string | undefined): UsageProblem | undefined {
    switch (code) {
      case 'commander.unknownCommand': {
        const name = this.args[0] ?? '';
        // Both languages' names (areas.ts), a word typed without its accents compared as one without them.
        const candidates = this.createHelp()
          .visibleCommands(this)
          .flatMap((c) => [c.name(), ...c.aliases()]);
        return {
          kind: 'unknownCommand',
          name,
          similar: similarNames(withoutAccents(name), candidates.map(withoutAccents)),
        };
      }
      case 'commander.missingArgument': {
        const missing = this.registeredArguments.find((a, i) => a.required && this.args[i] == null);
        return missing && { kind: 'missingArgument', name: missing.name() };
      }
      case 'commander.excessArguments':
        return {
          kind: 'excessArguments',
          ...(this.parent ? { command: this.name() } : {}),
          expected: this.registeredArguments.length,
          got: this.args.length,
        };
      case 'commander.conflictingOption': {
        const pair = this.#conflict();
        return pair && { kind: 'conflicting', one: this.#sourceOf(pair[0]), other: this.#sourceOf(pair[1]) };
      }
      default:
        return undefined;
    }
  }

  /** The first pair of this command's options given together that conflict, as commander finds it. */
  #conflict(): readonly [Option, Option] | undefined {
    const given = this.options.filter((o) => {
      const key = o.attributeName();
      return this.getOptionValue(key) !== undefined && this.getOptionValueSource(key) !== 'default';
    });
    for (const option of given) {
      const names = conflictsOf(option);
      const other = given.find((o) => names.includes(o.attributeName()));
      if (other) return [option, other];
    }
    return undefined;
  }

  override unknownOption(flag: string): void {
    // The long options of this command and the commands above it, as commander suggests from.
    const candidates: string[] = [];
    for (let cmd: Command | null = this; cmd; cmd = cmd.parent)
      for (const o of cmd.createHelp().visibleOptions(cmd)) if (o.long) candidates.push(o.long);
    const similar = flag.startsWith('--') ? similarNames(flag, candidates) : [];
    this.#raise({ kind: 'unknownOption', flag, similar }, () => super.unknownOption(flag));
  }

  override optionMissingArgument(option: Option): void {
    this.#raise({ kind: 'optionMissingArgument', flags: option.flags }, () => super.optionMissingArgument(option));
  }

  /** Where an option's value came from, as commander names it: the flag written (its --no- form when that set it), or its environment variable. */
  #sourceOf(option: Option): ValueSource {
    const key = option.attributeName();
    const value: unknown = this.getOptionValue(key);
    const same = (negate: boolean) => this.options.find((o) => o.negate === negate && o.attributeName() === key);
    const negative = same(true);
    const negated =
      negative !== undefined &&
      ((negative.presetArg === undefined && value === false) ||
        (negative.presetArg !== undefined && value === negative.presetArg));
    const best = negated ? negative : (same(false) ?? option);
    if (this.getOptionValueSource(key) === 'env') return { environment: best.envVar ?? '' };
    return { option: best.flags };
  }

  /** `help words…` (help-topic.ts): commander passes the first word alone; the words are this command's arguments. */
  _dispatchHelpCommand(_first?: string): Promise<void> {
    const words = this.args.slice(1).filter((w) => !w.startsWith('-'));
    return answerHelp(this, words);
  }

  /**
   * commander asks for help as an error when a command with subcommands is
   * named without one; coopctl shows it as asked for (stdout, exit 0).
   */
  override help(context?: HelpContext): never;
  override help(cb: (str: string) => string): never;
  override help(arg?: HelpContext | ((str: string) => string)): never {
    if (typeof arg === 'function') return super.help(arg);
    return super.help(arg?.error ? { error: false } : arg);
  }
}

/**
 * The root command, configured for this run's language and streams; every
 * command made below it inherits it. `shown` masks commander's errors with
 * `--mask` (output/mask.ts): they may repeat a card given in the wrong place.
 */
export function rootCommand(
  name: string,
  ctx: Context,
  m: Messages,
  shown: (text: string) => string = (text) => text,
): CoopCommand {
  const words = m.help;
  const root = new CoopCommand(name, words.errors);
  setHelpRun(root, { ctx, lang: m.about.lang });
  // The help command, with its Portuguese name, shown in Portuguese help as the other commands' (areas.ts); every
  // command with subcommands shares it.
  const help = root
    .createCommand('help')
    .helpOption(false)
    .arguments(words.usage.command)
    .description(words.helpCommand)
    .alias('ajuda');
  helpCommands.set(root, help);
  root.exitOverride().helpOption('-h, --help', words.helpOption).addHelpCommand(help);
  return root
    .configureOutput({
      // Help (one write of a whole page) through the pager on a terminal it does not fit, as a topic (help-topic.ts).
      writeOut: (s) => {
        const { rows, columns } = ctx.screen;
        const tty = ctx.tty.stdout && readFlags(PAGER_FLAG, root.opts()).pager;
        void pageOrWrite(s, { stdout: ctx.stdout, stderr: ctx.stderr, env: ctx.env, tty, rows, columns });
      },
      writeErr: (s) => ctx.stderr.write(s),
      getOutHelpWidth: () => columnsOf(ctx.stdout),
      getErrHelpWidth: () => columnsOf(ctx.stderr),
      // commander's errors (worded by CoopCommand) repeat words of the command line: made safe to show.
      outputError: (s, write) => write(shown(sanitize(s, 'keep'))),
    })
    .showHelpAfterError(words.helpAfterError)
    .configureHelp(helpConfiguration(words, m.about.globalsNote));
}
