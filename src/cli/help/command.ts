/**
 * The command class of the tree and the settings every command inherits:
 * help and messages in the run's language, help to the width of the
 * terminal, commander's output through the run's streams, and help (not an
 * error) for a command named alone that has subcommands: bare `coopctl`, or
 * `coopctl record`, prints its help on stdout and exits 0.
 */
import { Command, type HelpContext } from 'commander';
import type { Context } from '../context.js';
import type { Messages } from '../i18n/index.js';
import { sanitize } from '../output/sanitize.js';
import { localisedError } from './errors.js';
import { helpConfiguration } from './format.js';
import { columnsOf } from './page.js';

export class CoopCommand extends Command {
  override createCommand(name?: string): CoopCommand {
    return new CoopCommand(name);
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
  return new CoopCommand(name)
    .exitOverride()
    .helpOption('-h, --help', words.helpOption)
    .helpCommand(`help ${words.usage.command}`, words.helpCommand)
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
      getOutHelpWidth: () => columnsOf(ctx.stdout),
      getErrHelpWidth: () => columnsOf(ctx.stderr),
      // commander's errors repeat words of the command line: made safe to show (a line break stays one).
      outputError: (s, write) => write(shown(sanitize(localisedError(s, words.errors), 'keep'))),
    })
    .showHelpAfterError(words.helpAfterError)
    .configureHelp(helpConfiguration(words));
}
