/** Turning whatever stopped a command into one line on stderr (made safe to show: output/sanitize.ts) and an exit code. */
import { CommanderError } from 'commander';
import { maskUrl } from '../../catalogue/mask.js';
import { Interrupted, TransportError } from '../../client/errors.js';
import type { Context } from '../context.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import { tryKind } from '../i18n/messages/errors.js';
import type { Io } from '../capabilities.js';
import type { Masking } from '../output/mask.js';
import { sanitize } from '../output/sanitize.js';
import { errorLine, loadStyle } from '../output/style.js';

/** Why a call got no answer (exit 4), in the run's language. */
export function transportProblem(err: TransportError, m: Messages): string {
  return err.fault ? m.errors.transport(err.fault) : err.message;
}

/**
 * When a request to the registration host (testBaseUrl) got no answer while
 * that setting is at its default and baseUrl is set (COOPCTL_BASE_URL alone,
 * say): which setting the registration operations use. Else undefined.
 */
async function testHostHint(err: TransportError, inv: Io): Promise<string | undefined> {
  const fault = err.fault;
  if (fault?.kind !== 'unreachable' && fault?.kind !== 'timeout') return undefined;
  const s = await inv.settings().catch(() => undefined);
  const test = s?.testBaseUrl;
  if (!s || test?.source !== 'default' || s.baseUrl.source === 'default' || !test.value) return undefined;
  const origin = new URL(test.value).origin;
  if (new URL(s.baseUrl.value!).origin === origin || !fault.request.split(' ')[1]?.startsWith(`${origin}/`))
    return undefined;
  return inv.m.errors.testHost(maskUrl(test.value), inv.m.config.origin(s.baseUrl));
}

/**
 * What to try after a call that got no answer, in the run's language: start
 * the server, or where the URL came from and how to change it (its variable,
 * a profile, `config set`); for a timeout, --timeout.
 */
async function whatToTry(err: TransportError, inv: Io | undefined, m: Messages): Promise<string | undefined> {
  const kind = err.fault ? tryKind(err.fault) : undefined;
  if (!kind || !err.fault || !('request' in err.fault)) return undefined;
  const s = await inv?.settings().catch(() => undefined);
  const url = err.fault.request.split(' ')[1] ?? '';
  const originOf = (value: string | undefined) => (value ? new URL(value).origin : undefined);
  const test = originOf(s?.testBaseUrl.value);
  const shared = test === originOf(s?.baseUrl.value);
  const registration = test !== undefined && !shared && url.startsWith(`${test}/`);
  const setting = registration ? s?.testBaseUrl : s?.baseUrl;
  // One origin for both hosts: either variable may be the one to set (the registration operations use the test host's).
  const variable = registration
    ? 'COOPCTL_TEST_BASE_URL'
    : shared
      ? 'COOPCTL_BASE_URL (COOPCTL_TEST_BASE_URL)'
      : 'COOPCTL_BASE_URL';
  return m.errors.tryThis(kind, {
    variable,
    origin: m.config.origin(setting ?? { source: 'default', origin: '' }),
  });
}

/** Ctrl-C inside a prompt, or the run's signal aborted. */
export function interrupted(err: unknown, ctx: Context): boolean {
  const name = (err as { name?: string }).name;
  return err instanceof Interrupted || name === 'ExitPromptError' || name === 'AbortPromptError' || ctx.signal.aborted;
}

/** Reports what stopped the run, in the run's language (`m`), masked with `--mask`, and returns the exit code. */
export async function reportFailure(
  err: unknown,
  ctx: Context,
  inv: Io | undefined,
  m: Messages,
  mask?: Masking,
): Promise<number> {
  if (err instanceof CommanderError) {
    // commander has printed its message (or the help) already; help asked for ends with 0.
    return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  if (interrupted(err, ctx)) {
    ctx.stderr.write(`${m.errors.interrupted}\n`);
    return ExitCode.interrupted;
  }
  const style = inv ? await inv.style('stderr') : await loadStyle(ctx.color.stderr);
  const shown = (text: string) => (mask ? mask.text(text) : text);
  const columns = ctx.tty.stderr ? ctx.screen.columns : undefined;
  const say = (text: string) => ctx.stderr.write(errorLine(style, shown(sanitize(text)), m.errors.error, columns));
  if (err instanceof UsageError) {
    const message = err.wordedIn(m);
    const said = err.hint ? m.errors.see(message, err.hint) : message;
    // Lines follow the message after a colon, each indented (the problems of several parameters).
    say(err.lines.length ? `${said}:` : said);
    for (const line of err.lines) ctx.stderr.write(`  ${sanitize(line)}\n`);
    return ExitCode.usage;
  }
  if (err instanceof TransportError) {
    const hint = inv ? await testHostHint(err, inv) : undefined;
    const next = await whatToTry(err, inv, m);
    say([transportProblem(err, m), hint, next].filter(Boolean).join('; '));
    return ExitCode.transport;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  say(m.errors.unexpected(e.message.split('\n')[0]!));
  if (inv?.globals.verbose && e.stack) ctx.stderr.write(`${shown(sanitize(e.stack, 'keep'))}\n`);
  return ExitCode.failed;
}
