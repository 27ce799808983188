/** State of one `runCli`: the invocation made when commander reaches an action, and its exit code. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { GlobalOptions } from '../flags/global.js';
import { chooseLang, type Lang, messagesFor, type Messages } from '../i18n/index.js';
import { Invocation } from './invocation.js';
import { fieldsOf } from '../output/display.js';
import { checkJsonTaker } from '../output/json-select.js';
import type { Masking } from '../output/mask.js';

/** A command's work: gets the invocation and the positional arguments, returns the exit code. */
export type CommandAction = (inv: Invocation, args: unknown[], command: Command) => Promise<number>;

export class RunState {
  readonly ctx: Context;
  exitCode = 0;
  invocation: Invocation | undefined;
  /** The language of this run's help and messages (i18n/lang.ts). */
  readonly lang: Lang;
  readonly m: Messages;
  /** `--mask`: what hides personal data in everything this run shows (output/mask.ts), when it is asked for. */
  readonly mask: Masking | undefined;

  constructor(ctx: Context, lang: Lang = chooseLang([], ctx.env), mask?: Masking) {
    this.ctx = ctx;
    this.lang = lang;
    this.m = messagesFor(lang);
    this.mask = mask;
  }

  /**
   * Makes `fn` the action of `command`; `takesJson` when it prints the catalogue's records, which `--json
   * field1,field2` and `--jq` select from (a usage error on any other command).
   */
  bind(command: Command, fn: CommandAction, { takesJson = false }: { readonly takesJson?: boolean } = {}): Command {
    return command.action(async (...args: unknown[]) => {
      const cmd = args[args.length - 1] as Command;
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      checkJsonTaker(takesJson, fieldsOf(globals.json), globals.jq, this.m);
      this.invocation = new Invocation(this.ctx, globals, this.lang, cmd.opts(), this.mask);
      this.exitCode = await fn(this.invocation, args.slice(0, -2), cmd);
    });
  }

  async close(): Promise<void> {
    await this.invocation?.close();
  }
}
