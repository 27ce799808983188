/**
 * Every documented example runs: each command's help examples (both
 * languages show the same commands, a text's words in each language: both
 * run), and the ```sh examples of README.md and
 * docs/*.md, through a bundle of the current sources as `coopctl` on the
 * PATH, with bash, against a real embedded server with the demo data. The
 * examples of one command, or of one document, run in their order against a
 * fresh server, home and working folder; each exits 0, or the code its
 * comment documents. The conventions are in collect.ts and docs/architecture.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tmux } from '../interactive/tmux.js';
import {
  commandsOf,
  commandTree,
  documentExamples,
  documents,
  type Example,
  type ExampleGroup,
  expectedExit,
  helpExamples,
  helpOf,
  needsTerminal,
  startsServer,
} from './examples/collect.js';
import { coopctlOnPath, World } from './examples/run.js';

const [en, pt] = await Promise.all([commandTree('en'), commandTree('pt-BR')]);
const commands = commandsOf(en);
const ptHelp = new Map(commandsOf(pt).map(({ words, command }) => [words.join(' '), helpOf(command)]));

/** A command line without its quoted values (`--conteudo 'Your appointment is tomorrow'`): its words and flags. */
const shape = (line: string) => line.replace(/'[^']*'/g, "'…'");

/** One group per command: its help's examples, with the notes of both languages; a Portuguese line of other words too. */
const helpGroups: ExampleGroup[] = commands.map(({ words, command }) => {
  const name = `coopctl ${words.join(' ')}`.trim();
  const english = helpExamples(helpOf(command), 'Examples:');
  const portuguese = helpExamples(ptHelp.get(words.join(' '))!, 'Exemplos:');
  const own = english.map((e, i) => ({
    line: e.line,
    where: `the help of ${name}`,
    comment: `${e.note} | ${portuguese[i]?.note ?? ''}`,
  }));
  const translated = portuguese
    .filter((e, i) => e.line !== english[i]?.line)
    .map((e) => ({ line: e.line, where: `the Portuguese help of ${name}`, comment: e.note }));
  return {
    name,
    files: new Map(),
    skipped: [],
    examples: [...own, ...translated],
    // Kept to compare the languages' command lines.
    portuguese: portuguese.map((e) => shape(e.line)),
    english: english.map((e) => shape(e.line)),
  } as ExampleGroup & { portuguese: string[]; english: string[] };
});

const docGroups = documents().map((d) => documentExamples(d.path, d.text));

/** The files the docs/*.md blocks name: the help examples' working folder holds them (`members.csv` …). */
const docFiles = new Map<string, string>();
for (const g of docGroups) if (g.name.startsWith('docs/')) for (const [n, t] of g.files) docFiles.set(n, t);

let bin: Awaited<ReturnType<typeof coopctlOnPath>>;
let tmux: Tmux;
beforeAll(async () => {
  bin = await coopctlOnPath();
  tmux = new Tmux();
}, 120_000);
afterAll(async () => {
  await tmux?.close();
  bin?.remove();
});

let sessions = 0;

/** Runs the examples of a group in order against a fresh world; returns a description of each failure. */
async function runGroup(group: ExampleGroup, files: ReadonlyMap<string, string>): Promise<string[]> {
  const world = await World.start(files, bin.dir);
  const failures: string[] = [];
  try {
    for (const e of group.examples) {
      const expected = needsTerminal(e.comment) ? 130 : expectedExit(e.comment);
      const result = await runOne(world, e);
      if (result.code !== expected)
        failures.push(`${e.where}: ${e.line}\n  exited ${result.code}, expected ${expected}\n${result.output}`);
    }
  } finally {
    await world.close();
  }
  return failures;
}

async function runOne(world: World, e: Example): Promise<{ code: number | null; output: string }> {
  if (needsTerminal(e.comment)) {
    const r = await world.inTerminal(tmux, `example-${++sessions}`, e.line);
    return { code: r.code, output: r.screen };
  }
  const r = startsServer(e.line) ? await world.serve(e.line) : await world.run(e.line);
  return { code: r.code, output: `${r.stderr}${r.stdout}`.slice(0, 2000) };
}

describe('the examples of every command’s help', () => {
  it('every command of the tree has examples, the same commands in both languages', () => {
    const without = helpGroups.filter((g) => g.examples.length === 0).map((g) => g.name);
    expect(without).toEqual([]);
    for (const g of helpGroups as Array<ExampleGroup & { portuguese: string[]; english: string[] }>)
      expect(g.portuguese, g.name).toEqual(g.english);
  });

  it('shows a text in the language of the help: a notification in Portuguese in a Portuguese run', () => {
    const send = helpGroups.find((g) => g.name === 'coopctl notify send')!;
    expect(send.examples.map((e) => e.line)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("--conteudo 'Your appointment is tomorrow'"),
        expect.stringContaining("--conteudo 'Sua consulta é amanhã'"),
      ]),
    );
  });

  it('the runner covers every command of the tree', () => {
    const covered = new Set(helpGroups.filter((g) => g.examples.length > 0).map((g) => g.name));
    expect(covered.size).toBe(commands.length);
    expect(commands.length).toBeGreaterThan(45);
  });

  it.concurrent.each(helpGroups.map((g) => [g.name, g] as const))(
    '%s',
    async (_name, group) => {
      expect(await runGroup(group, docFiles)).toEqual([]);
    },
    180_000,
  );
});

describe('the examples of README.md and docs/*.md', () => {
  it('are found: README has examples, and every line left out says why', () => {
    const readme = docGroups.find((g) => g.name === 'README.md')!;
    expect(readme.examples.length).toBeGreaterThan(10);
    for (const g of docGroups) for (const s of g.skipped) expect(s.why, `${s.where}: ${s.line}`).not.toBe('');
  });

  it('the README’s notification is in Portuguese, as the app users who read it speak', () => {
    const sends = docGroups
      .find((g) => g.name === 'README.md')!
      .examples.filter((e) => e.line.includes('notify send --conteudo'))
      .map((e) => /--conteudo '([^']*)'/.exec(e.line)?.[1]);
    expect(sends).toEqual(['Sua consulta é amanhã']);
  });

  it.concurrent.each(docGroups.filter((g) => g.examples.length > 0).map((g) => [g.name, g] as const))(
    '%s',
    async (_name, group) => {
      expect(await runGroup(group, group.files)).toEqual([]);
    },
    300_000,
  );
});

describe('the collector’s conventions', () => {
  it('reads sh blocks: continued lines, comments, placeholders, files and blocks not run', () => {
    const doc = [
      'Text.',
      '',
      '```sh',
      "coopctl notify send --conteudo 'Oi' \\",
      '  --usuario-cartao 00010001000001005',
      'coopctl record allergies 00010001000001013   # exits 3: no allergies',
      'coopctl enrol payer <contrato_id> --cpf 529.982.247-25',
      'coopctl serve [--port N]',
      'npm ci',
      '```',
      '',
      '<!-- file: members.csv -->',
      '```csv',
      'contract,cpf',
      '```',
      '',
      '<!-- examples: not run: a production service -->',
      '```sh',
      'coopctl config list --profile prod',
      '```',
      '',
      '```console',
      '$ coopctl registration show',
      '```',
    ].join('\n');
    const g = documentExamples('doc.md', doc);
    expect(g.examples.map((e) => [e.where, e.line, expectedExit(e.comment)])).toEqual([
      ['doc.md:4', "coopctl notify send --conteudo 'Oi' --usuario-cartao 00010001000001005", 0],
      ['doc.md:6', 'coopctl record allergies 00010001000001013   # exits 3: no allergies', 3],
    ]);
    expect(g.skipped.map((s) => [s.where, s.why])).toEqual([
      ['doc.md:7', 'a placeholder'],
      ['doc.md:8', 'a placeholder'],
      ['doc.md:19', ': a production service'],
    ]);
    expect([...g.files]).toEqual([['members.csv', 'contract,cpf\n']]);
  });

  it('reads a help’s examples: notes above them, continued lines joined', () => {
    const help = [
      'Usage: coopctl x',
      '',
      'Examples:',
      '  coopctl schedule book 00010001000001005 --cd-local 101 \\',
      "      --dt-hr-inicio '2026-12-01 09:00'",
      '  # on a terminal, the booking wizard',
      '  # asks for the rest',
      '  coopctl schedule book 00010001000001005',
      '',
      'Sends POST …',
    ].join('\n');
    expect(helpExamples(help, 'Examples:')).toEqual([
      { line: "coopctl schedule book 00010001000001005 --cd-local 101 --dt-hr-inicio '2026-12-01 09:00'", note: '' },
      { line: 'coopctl schedule book 00010001000001005', note: 'on a terminal, the booking wizard asks for the rest' },
    ]);
    expect(needsTerminal('on a terminal, the booking wizard asks for the rest')).toBe(true);
    expect(needsTerminal('num terminal, o assistente pergunta o resto')).toBe(true);
    expect(startsServer('coopctl serve --port 0 --db :memory:')).toBe(true);
    expect(startsServer('coopctl --lang pt-BR serve --port 0')).toBe(true);
    expect(startsServer('coopctl config set lang pt-BR')).toBe(false);
  });
});
