/**
 * The command class of the tree and the settings every command inherits:
 * help and messages in the run's language, help to the width of the
 * terminal, commander's output through the run's streams, and help (not an
 * error) for a command named alone that has subcommands: bare `coopctl`, or
 * `coopctl record`, prints its help on stdout and exits 0.
 */
import { withoutAccents } from './areas.js';
import {
  Argument,
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
 * The methods through which commander raises its usage errors (commander's
 * lib/command.js; not in its typings). CoopCommand overrides them to take
 * each error's facts where it arises.
 */
declare module 'commander' {
  interface Command {
    unknownOption(flag: string): void;
    unknownCommand(): void;
    missingArgument(name: string): void;
    optionMissingArgument(option: Option): void;
    _excessArguments(received: readonly string[]): void;
    _conflictingOption(option: Option, conflicting: Option): void;
    _callParseArg(target: Option | Argument, value: string, previous: unknown, message: string): unknown;
    _parseCommand(operands: string[], unknown: string[]): unknown;
    _getHelpCommand(): Command | null;
    _findCommand(name: string): Command | undefined;
  }
}

type Errors = Messages['help']['errors'];

export class CoopCommand extends Command {
  /** The words of usage errors, in the run's language. */
  readonly #errors: Errors | undefined;
  /** The usage error being raised, as data: `error()` words it. */
  #problem: UsageProblem | undefined;

  constructor(name?: string, errors?: Errors) {
    super(name);
    this.#errors = errors;
  }

  /** Whether the operands that parseOptions finds are the command line's first (none came from a parent). */
  #firstOperands = false;

  /**
   * commander dispatches the help command by its name alone: its Portuguese
   * name (an alias, `ajuda`: rootCommand) is taken as its name, where the
   * command line names a command.
   */
  #helpNamed(words: readonly string[]): string[] {
    const help = this._getHelpCommand();
    const [first, ...rest] = words;
    if (!help || first === undefined || !help.aliases().includes(first) || this._findCommand(first)) return [...words];
    return [help.name(), ...rest];
  }

  override _parseCommand(operands: string[], unknown: string[]): unknown {
    if (operands.length) return super._parseCommand(this.#helpNamed(operands), unknown);
    this.#firstOperands = true;
    return super._parseCommand(operands, unknown);
  }

  override parseOptions(argv: string[]): ParseOptionsResult {
    const parsed = super.parseOptions(argv);
    if (!this.#firstOperands) return parsed;
    this.#firstOperands = false;
    return { ...parsed, operands: this.#helpNamed(parsed.operands) };
  }

  override createCommand(name?: string): CoopCommand {
    return new CoopCommand(name, this.#errors);
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
    const problem = this.#problem;
    this.#problem = undefined;
    return super.error(problem && this.#errors ? usageText(problem, this.#errors) : message, options);
  }

  override unknownOption(flag: string): void {
    // The long options of this command and the commands above it, as commander suggests from.
    const candidates: string[] = [];
    for (let cmd: Command | null = this; cmd; cmd = cmd.parent)
      for (const o of cmd.createHelp().visibleOptions(cmd)) if (o.long) candidates.push(o.long);
    const similar = flag.startsWith('--') ? similarNames(flag, candidates) : [];
    this.#raise({ kind: 'unknownOption', flag, similar }, () => super.unknownOption(flag));
  }

  override unknownCommand(): void {
    const name = this.args[0] ?? '';
    // Both languages' names (areas.ts), a word typed without its accents compared as one without them.
    const candidates = this.createHelp()
      .visibleCommands(this)
      .flatMap((c) => [c.name(), ...c.aliases()]);
    const similar = similarNames(withoutAccents(name), candidates.map(withoutAccents));
    this.#raise({ kind: 'unknownCommand', name, similar }, () => super.unknownCommand());
  }

  override missingArgument(name: string): void {
    this.#raise({ kind: 'missingArgument', name }, () => super.missingArgument(name));
  }

  override optionMissingArgument(option: Option): void {
    this.#raise({ kind: 'optionMissingArgument', flags: option.flags }, () => super.optionMissingArgument(option));
  }

  override _excessArguments(received: readonly string[]): void {
    const expected = this.registeredArguments.length;
    const problem: UsageProblem = {
      kind: 'excessArguments',
      ...(this.parent ? { command: this.name() } : {}),
      expected,
      got: received.length,
    };
    this.#raise(problem, () => super._excessArguments(received));
  }

  override _conflictingOption(option: Option, conflicting: Option): void {
    const problem: UsageProblem = {
      kind: 'conflicting',
      one: this.#sourceOf(option),
      other: this.#sourceOf(conflicting),
    };
    this.#raise(problem, () => super._conflictingOption(option, conflicting));
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

  override _callParseArg(target: Option | Argument, value: string, previous: unknown, message: string): unknown {
    try {
      return target.parseArg ? target.parseArg(value, previous) : value;
    } catch (err) {
      if ((err as { code?: unknown }).code === 'commander.invalidArgument') {
        const choices = target.argChoices;
        // commander's choices parser refuses a value outside them; any other parser says why in the run's language.
        const why: Invalidity = choices && !choices.includes(value) ? { choices } : { because: (err as Error).message };
        const problem: UsageProblem =
          target instanceof Argument
            ? { kind: 'invalidArgument', name: target.name(), value, why }
            : { kind: 'invalidOption', flags: target.flags, value, why };
        // As commander raises it (its message names the value; error() words the problem instead).
        const { exitCode } = err as { exitCode?: number };
        this.#problem = problem;
        this.error(message, { code: 'commander.invalidArgument', ...(exitCode === undefined ? {} : { exitCode }) });
      }
      throw err;
    }
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
  root
    .exitOverride()
    .helpOption('-h, --help', words.helpOption)
    .helpCommand(`help ${words.usage.command}`, words.helpCommand);
  // Its Portuguese name, shown in Portuguese help as the other commands' (areas.ts); every command shares it.
  root._getHelpCommand()?.alias('ajuda');
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
