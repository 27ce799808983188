/** The command tree derived from the catalogue: every operation has its command, flags and help. */
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../src/cli/help/areas.js';
import { makeContext } from '../../src/cli/context.js';
import { flagOf } from './argv.js';
import { buildProgram } from '../../src/cli/run/program.js';
import { RunState } from '../../src/cli/run/state.js';
import { catalogue, catalogueWords } from '../../src/catalogue/index.js';
import { startHarness, type Harness } from './harness.js';
import { PassThrough } from 'node:stream';
import pkg from '../../package.json' with { type: 'json' };
import { MEDICAL_KINDS } from '../helpers/medical-kinds.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The whole command tree, as built when the command line names every group. */
async function tree(): Promise<Command> {
  const io = new PassThrough();
  const run = new RunState(makeContext({ stdin: io, stdout: io, stderr: io, env: {} }));
  return buildProgram(run, [...Object.keys(areas), 'config', 'serve']);
}

function find(program: Command, words: readonly string[]): Command | undefined {
  let cmd: Command | undefined = program;
  for (const w of words) cmd = cmd?.commands.find((c) => c.name() === w);
  return cmd;
}

describe('help', () => {
  it('coopctl --help lists the areas, config and serve', async () => {
    const r = await h.run(['--help']);
    expect(r.code).toBe(0);
    for (const name of ['registration', 'record', 'schedule', 'enrol', 'notify', 'config', 'serve'])
      expect(r.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
  });

  it('the area groups are exactly the catalogue areas', () => {
    expect(Object.keys(areas).sort()).toEqual([...new Set(catalogue.map((op) => op.area))].sort());
  });

  it('serve and config have their commands', async () => {
    const program = await tree();
    expect(find(program, ['config'])!.commands.map((c) => c.name())).toEqual(['path', 'list', 'get', 'set', 'unset']);
    expect(find(program, ['serve'])!.options.map((o) => o.long)).toEqual([
      '--host',
      '--allowed-host',
      '--cors',
      '--allowed-origin',
      '--port',
      '--db',
      '--import-sqlite',
      '--demo',
      '--fixtures',
      '--allow-prefer',
      '--admin',
      '--journal-bodies',
      '--proxy-to',
      '--proxy-to-test',
      '--record',
      '--journal-size',
      '--log-format',
      '--no-metrics',
      '--metrics-token-file',
      '--private-probes',
      '--read-cache',
      '--shutdown-delay',
      '--no-audit',
      '--audit-retention',
      '--audit-key-file',
      '--new-audit-key',
      '--max-connections',
      '--db-timeout',
    ]);
    expect((await h.run(['serve', '--help'])).stdout).toContain('--allow-prefer');
  });

  it("serve's read cache defaults to the store's 4 MiB (a default of its own would be the one every serve runs with)", async () => {
    const readCache = find(await tree(), ['serve'])!.options.find((o) => o.long === '--read-cache');
    expect(readCache?.defaultValue).toBe(4);
    expect((await h.run(['serve', '--help'])).stdout.replace(/\s+/g, ' ')).toContain(
      '--read-cache <MiB> memory for registration records kept between writes (SQLite; 0: none) (default: 4)',
    );
  });

  it('coopctl alone shows the help on stdout and exits 0, as --help does', async () => {
    const r = await h.run([]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe((await h.run(['--help'])).stdout);
    expect(r.stdout).toMatch(/^Usage: coopctl \[options\] \[command\]\n/);
  });

  it('an area named alone shows its help on stdout and exits 0', async () => {
    const r = await h.run(['record']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: coopctl record \[options\] \[command\]\n/);
  });

  it('help <area> lists its commands', async () => {
    const r = await h.run(['help', 'record']);
    expect(r.code).toBe(0);
    for (const name of [...MEDICAL_KINDS, 'summary']) expect(r.stdout).toContain(name);
  });

  it('a field shows the forms it accepts, and an open code list its documented codes', async () => {
    const contact = (await h.run(['registration', 'update-contact', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(contact).toContain(
      '--usuario-celular <value> mobile phone: (99) area code then 8 or 9 digits, e.g. (11)987654321; also accepts (11) 98765-4321, 11 98765-4321, 11987654321, +55 11 98765-4321',
    );
    const device = (await h.run(['notify', 'device', 'register', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(device).toContain(
      'documented codes: 1 Android, 2 iOS, 3 web browser (Web Push) (others are sent with a warning)',
    );
  });

  it('--version prints the version, the commit and the form (the sources, here)', async () => {
    const r = await h.run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`coopctl ${pkg.version} (commit unknown; sources, on Node ${process.version})\n`);
  });
});

const describeRule = catalogueWords('en').rule;

describe.each(catalogue.map((op) => [op.command.join(' '), op] as const))('coopctl %s', (_words, op) => {
  it('exists, with a flag per field, required ones marked, the rule and an example', async () => {
    const r = await h.run([...op.command, '--help']);
    expect(r.code).toBe(0);
    const flat = r.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain(op.summary.en);
    for (const [name, f] of Object.entries(op.params)) {
      expect(r.stdout).toContain(flagOf(name));
      expect(flat).toContain(`${f.words.help.en}: ${describeRule(f.rule)}, e.g. ${f.example}`);
      // The input forms the CLI accepts besides the wire form, and the documented codes of an open list.
      for (const form of f.forms ?? []) expect(flat).toContain(form);
      for (const [code, meaning] of Object.entries(f.suggestions ?? {}))
        expect(flat).toContain(`${code} ${meaning.en}`);
      if (f.required && f.cliDefault === undefined)
        expect(flat).toMatch(new RegExp(`${flagOf(name)} <[^>]+> [^]*?\\(required\\)`));
    }
    expect(r.stdout).toContain('--data <file|->');
    expect(r.stdout).toContain(`Sends ${op.methods[0]} ${op.path}`);
    expect(r.stdout).toContain(`Examples:\n  coopctl ${op.command.join(' ')}`);
    if (op.positional) expect(r.stdout).toContain(`[${op.positional === 'usuario_cartao' ? 'card' : op.positional}]`);
  });

  it('no field flag is also a global flag', async () => {
    const program = await tree();
    const globals = new Set(program.options.map((o) => o.long));
    const cmd = find(program, op.command)!;
    for (const o of cmd.options) expect(globals.has(o.long)).toBe(false);
  });
});
