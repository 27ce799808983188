/**
 * `--help` from the pages the build stored (dist/help/<lang>/<path>.json,
 * written by scripts/bundle.mjs from src/cli/help/pages.ts), so that asking for help does not build
 * the command tree, the catalogue or the messages: bin/coopctl runs this small
 * bundle (dist/help.cjs) first when the command line ends in `--help` or `-h`,
 * or is empty. It takes only a command's path, `--lang` and `--profile` (which
 * choose the language); for anything else, or a path without a stored page,
 * it declines and the full CLI answers. Both write the same text
 * (test/e2e/stored-help.test.ts compares them for every page).
 */
import { Help } from 'commander';
import { fstatSync, readFileSync, type Stats, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import type { Writable } from 'node:stream';
import type { Env } from '../client/types.js';
import { configFilePath } from '../cli/config/file.js';
import { langSetting } from '../cli/config/lang-setting.js';
import { chooseLang, type Lang, langs } from '../cli/i18n/lang.js';
import { pageOrWrite } from '../cli/output/pager.js';
import { columnsOf, renderPage, type StoredPage, storedPageName } from '../cli/help/page.js';

/**
 * The stored page of a command in a language: beside this bundle, or in the single executable its asset
 * `help/<lang>/<name>` (scripts/build-exe.mjs). Throws when there is none.
 */
function storedPageText(lang: Lang, path: readonly string[]): string {
  const name = storedPageName(path);
  if (isSea()) return getAsset(`help/${lang}/${name}`, 'utf8');
  return readFileSync(join(import.meta.dirname, 'help', lang, name), 'utf8');
}

const HELP = new Set(['--help', '-h']);

/**
 * Whether the value of an option that chooses the language is one the CLI
 * takes as it is: `--lang` one of its choices (anything else is the CLI's
 * error), `--profile` a name (not a flag).
 */
const choosing: Readonly<Record<string, (value: string) => boolean>> = {
  '--lang': (value) => (langs as readonly string[]).includes(value),
  '--profile': (value) => value !== '' && !value.startsWith('-'),
};

/** The command path of a plain request for help (`record allergies --help`, `--lang pt-BR --help`, nothing), if it is one. */
export function helpRequest(argv: readonly string[]): string[] | undefined {
  if (argv.length && !HELP.has(argv[argv.length - 1]!)) return undefined;
  const path: string[] = [];
  for (let i = 0; i < argv.length - 1; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), true] : [a, false];
    const valid = Object.hasOwn(choosing, flag) ? choosing[flag]! : undefined;
    if (valid) {
      const value = inline ? a.slice(flag.length + 1) : argv[++i];
      // A value missing (the help flag taken for it) or refused: the CLI says what is wrong.
      if (value === undefined || i >= argv.length - 1 || !valid(value)) return undefined;
    } else if (/^[a-z][a-z0-9-]*$/.test(a)) path.push(a);
    else return undefined;
  }
  return path;
}

/** Whether a character device is the null device (`> /dev/null`, a cron job's output): the device 1:3 on Linux. */
function isDevNull(device: Stats): boolean {
  const nul = statSync('/dev/null', { throwIfNoEntry: false });
  return nul?.isCharacterDevice() === true && nul.rdev === device.rdev;
}

/** Where the help goes: a stream (tests), else this process's stdout. */
type Output = Pick<Writable, 'write'> & { readonly columns?: number };

/**
 * This process's stdout. A file, a pipe, a socket or /dev/null (never a
 * terminal) is written straight to file descriptor 1 in one write: making
 * process.stdout, or asking node:tty whether it is a terminal, loads Node's
 * streams and its net module, a third of the time of `coopctl --help | less`.
 * Another character device (a terminal) gets process.stdout, which knows
 * terminals and their width. A closed pipe ends the output quietly, as in the
 * CLI (src/cli/main.ts).
 */
function processStdout(): Output {
  let device = true;
  try {
    const out = fstatSync(1);
    device = out.isCharacterDevice() && !isDevNull(out);
  } catch {
    // No stdout to look at: process.stdout copes.
  }
  if (device) return process.stdout;
  return {
    write(text: string | Uint8Array): boolean {
      const bytes = typeof text === 'string' ? Buffer.from(text) : text;
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(1, bytes, done);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // A pipe that is full and does not block: the rest through the stream, which waits.
        if (code === 'EAGAIN') return process.stdout.write(bytes.subarray(done));
        if (code !== 'EPIPE') throw err;
      }
      return true;
    },
  };
}

/** Writes the stored help that `argv` asks for and returns true; false when the full CLI must answer. */
export function printStoredHelp(argv: readonly string[], env: Env, stdout: Output = processStdout()): boolean {
  const path = helpRequest(argv);
  if (!path) return false;
  const lang = chooseLang(argv, env, langSetting(argv, env, configFilePath(env)));
  let stored: StoredPage;
  try {
    stored = JSON.parse(storedPageText(lang, path)) as StoredPage;
  } catch {
    // No such command (or no stored page): the CLI says so.
    return false;
  }
  // commander's Help as the tree configures it (src/cli/help/format.ts): only its wrapping is used.
  const layout = new Help();
  layout.minWidthToWrap = 10;
  const text = renderPage(stored.page, stored.headings, layout, columnsOf(stdout));
  // On a terminal the page does not fit, the pager, as the CLI pages it (src/cli/help/command.ts); the process ends with it.
  // Only process.stdout on a terminal says isTTY: the file descriptor's writer (processStdout) makes no stream.
  const terminal = (stdout as Partial<NodeJS.WriteStream>).isTTY === true ? (stdout as NodeJS.WriteStream) : undefined;
  if (!terminal) stdout.write(text);
  else {
    const to = {
      stdout: terminal,
      stderr: process.stderr,
      env,
      tty: true,
      rows: terminal.rows,
      columns: terminal.columns,
    };
    // Ctrl-C is the pager's (it stops a search and goes on): coopctl does not end under it (as src/cli/main.ts).
    if (pageOrWrite(text, to)) process.on('SIGINT', () => undefined);
  }
  return true;
}
