/**
 * Every command's help page in a language, for the build to store
 * (scripts/bundle.mjs writes them as dist/help/<lang>.json; stored.ts reads
 * them). Each page comes from the tree as a run that asks for it builds it:
 * the root's from a tree without groups built (`coopctl --help`), a group's
 * commands from a tree with that group built (`coopctl record … --help`).
 */
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { areas } from './areas.js';
import { makeContext } from '../context.js';
import type { Lang } from '../i18n/lang.js';
import { buildProgram } from '../run/program.js';
import { RunState } from '../run/state.js';
import { messagesFor } from '../i18n/messages.js';
import { version } from '../version.js';
import { pageOf } from './format.js';
import { manName, manPage } from './man.js';
import { type HelpPage, type StoredPage, storedPageName } from './page.js';

/** The groups a command line can name (program.ts builds each when named). */
const GROUPS = [...Object.keys(areas), 'config', 'serve', 'openapi', 'api', 'completion'];

function collect(cmd: Command, path: readonly string[], pages: Map<readonly string[], HelpPage>): void {
  pages.set(path, pageOf(cmd, cmd.createHelp()));
  for (const sub of cmd.commands) collect(sub, [...path, sub.name()], pages);
}

/** Every command's stored page in `lang`, by file name (stored.ts, storedPageName). */
export async function helpPages(lang: Lang): Promise<Record<string, StoredPage>> {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const ctx = makeContext({ stdin: () => process.stdin, stdout: sink, stderr: sink, env: {} });
  const run = new RunState(ctx, lang);
  const root = await buildProgram(run, []);
  const pages = new Map<readonly string[], HelpPage>([[[], pageOf(root, root.createHelp())]]);
  for (const group of GROUPS) {
    const program = await buildProgram(run, [group]);
    collect(program.commands.find((c) => c.name() === group)!, [group], pages);
  }
  const headings = run.m.help.headings;
  return Object.fromEntries([...pages].map(([path, page]) => [storedPageName(path), { headings, page }]));
}

/** Every command's man page in `lang` (man.ts), by file name: `coopctl-record-allergies.1`. */
export async function manPages(lang: Lang): Promise<Record<string, string>> {
  const stored = await helpPages(lang);
  const paths = Object.keys(stored)
    .map((file) =>
      file
        .replace(/\.json$/, '')
        .split('.')
        .slice(1),
    )
    .sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
  const words = messagesFor(lang).about.man;
  const tree = paths
    .filter((p) => p.length)
    .map((p) => [p, stored[storedPageName(p)]!.page.description.split('\n')[0]!] as const);
  return Object.fromEntries(
    paths.map((p) => [`${manName(p)}.1`, manPage(p, stored[storedPageName(p)]!, words, version, p.length ? [] : tree)]),
  );
}
