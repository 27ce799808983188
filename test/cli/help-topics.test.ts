/**
 * `coopctl help …`: topics in both languages (found by their name in either),
 * a command's help by its path, an unknown word an error (exit 2) with what
 * it may have meant, a topic taller than the terminal through the pager, and
 * the batch topic's columns and example file (`enrol batch --template`, a
 * file the batch takes).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf } from '../../src/cli/enrol/plan.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const pt = { env: { COOPCTL_LANG: 'pt-BR' } };

describe('coopctl help <topic>', () => {
  it.each([
    ['batch', 'The batch file of coopctl enrol batch'],
    ['codes', 'The codes the spec leaves open'],
    ['environment', 'Configuration and environment'],
    ['exit-codes', 'Exit codes'],
    ['masking', 'Masking, and the access audit'],
    ['options', 'Global options (every command takes them)'],
    ['topics', 'Help topics: coopctl help <topic>'],
  ])('help %s shows its topic in English, its paragraphs within 80 columns', async (name, title) => {
    const r = await h.run(['help', name]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(title);
    for (const line of r.stdout.split('\n')) if (!line.startsWith('  ')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it.each([
    ['lote', 'O arquivo de lote do coopctl enrol batch'],
    ['codigos', 'Os códigos que a especificação deixa em aberto'],
    ['códigos', 'Os códigos que a especificação deixa em aberto'],
    ['ambiente', 'Configuração e ambiente'],
    ['codigos-de-saida', 'Códigos de saída'],
    ['mascara', 'Máscara, e a auditoria de acesso'],
    ['opcoes', 'Opções globais (todos os comandos as aceitam)'],
    ['topicos', 'Tópicos de ajuda: coopctl help <tópico>'],
  ])('help %s shows its topic in Portuguese', async (name, title) => {
    const r = await h.run(['help', name], pt);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(title);
    expect(r.stdout).not.toMatch(/\b(the|and|which|Every)\b/);
  });

  it("finds a topic by its other language's name, and shows it in the run's", async () => {
    expect((await h.run(['help', 'lote'])).stdout.split('\n')[0]).toBe('The batch file of coopctl enrol batch');
    expect((await h.run(['help', 'batch'], pt)).stdout.split('\n')[0]).toBe('O arquivo de lote do coopctl enrol batch');
  });

  it('help options holds the global options, once', async () => {
    const r = await h.run(['help', 'options']);
    for (const flag of [
      '--output <format>',
      '--json [fields]',
      '--jq <expression>',
      '--timeout <ms>',
      '--profile <name>',
      '--lang',
    ])
      expect(r.stdout.split(flag).length - 1, flag).toBe(1);
  });

  it('the batch topic lists every column the batch reads, both layouts and the example file', async () => {
    const r = await h.run(['help', 'batch'], { screen: { columns: 200 } });
    const prefixes = {
      contract: 'contract.',
      payer: 'payer.',
      beneficiary: '',
      contact: 'contact.',
      address: 'address.',
      document: 'document.',
    } as const;
    for (const [kind, prefix] of Object.entries(prefixes))
      for (const field of columnsOf(kind as keyof typeof prefixes))
        expect(r.stdout).toMatch(new RegExp(`^  ${prefix}${field}( |$)`, 'm'));
    expect(r.stdout).toContain('  ds.<form>.<question>.descricao');
    expect(r.stdout).toContain('CSV layout');
    expect(r.stdout).toContain('JSON layout');
    const template = await h.run(['enrol', 'batch', '--template']);
    expect(template.code).toBe(0);
    for (const line of template.stdout.trim().split('\n')) expect(r.stdout).toContain(`  ${line}\n`);
  });

  it('enrol batch --template writes a file the batch takes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-template-'));
    try {
      const file = join(dir, 'members.csv');
      writeFileSync(file, (await h.run(['enrol', 'batch', '--template'])).stdout);
      const r = await h.run(['enrol', 'batch', file, '--dry-run']);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('3 rows in 2 contracts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a topic taller than the terminal goes through the pager; a short one does not', async () => {
    const tty = { tty: { stdout: true }, screen: { columns: 80, rows: 30 }, env: { COOPCTL_PAGER: 'sed s/^/P:/' } };
    const tall = await h.run(['help', 'batch'], tty);
    expect(tall.code).toBe(0);
    expect(tall.stdout.split('\n')[0]).toBe('P:The batch file of coopctl enrol batch');
    const short = await h.run(['help', 'exit-codes'], tty);
    expect(short.stdout.split('\n')[0]).toBe('Exit codes');
  });
});

describe('coopctl help <command>', () => {
  it('help a b shows the help of a b: enrol wizard, record allergies', async () => {
    const wizard = await h.run(['help', 'enrol', 'wizard']);
    expect(wizard.code).toBe(0);
    expect(wizard.stdout).toMatch(/^Usage: coopctl enrol wizard /);
    const allergies = await h.run(['help', 'record', 'allergies']);
    expect(allergies.stdout).toBe((await h.run(['record', 'allergies', '--help'])).stdout);
  });

  it('an unknown word is an error (exit 2) naming what it may have meant, in each language', async () => {
    const en = await h.run(['help', 'batc']);
    expect(en.code).toBe(2);
    expect(en.stdout).toBe('');
    expect(en.stderr).toContain("no command or help topic 'batc' in coopctl; did you mean batch?");
    const below = await h.run(['help', 'record', 'alergies']);
    expect(below.code).toBe(2);
    expect(below.stderr).toContain(
      "no command or help topic 'alergies' in coopctl record; did you mean alergias, allergies?",
    );
    const ptR = await h.run(['help', 'lotte'], pt);
    expect(ptR.code).toBe(2);
    expect(ptR.stderr).toContain("nenhum comando ou tópico de ajuda 'lotte' em coopctl; você quis dizer lote?");
    const nothing = await h.run(['help', 'zzzzzz']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).not.toContain('did you mean');
  });
});
