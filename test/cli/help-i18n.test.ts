/**
 * Help in the run's language and to the terminal's width: Portuguese help
 * written out in full for the root, serve and one operation; the headings;
 * every command's help within 80 columns, with examples; serve's help without
 * the client's options; bare `coopctl`; commander's errors in Portuguese; and
 * the catalogue's words (field help, summaries, rules, code meanings) in
 * Portuguese for every parameter and operation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { areas } from '../../src/cli/help/areas.js';
import { makeContext } from '../../src/cli/context.js';
import { type Lang, messagesFor } from '../../src/cli/i18n/index.js';
import { buildProgram } from '../../src/cli/run/program.js';
import { RunState } from '../../src/cli/run/state.js';
import { runCli } from '../../src/cli/run/run.js';
import { CEP_PT, ROOT_PT, SERVE_PT } from './help-pt.js';

const home = mkdtempSync(join(tmpdir(), 'coopctl-help-i18n-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A stream that keeps what is written, with a terminal's width when given. */
class Screen extends Writable {
  text = '';
  constructor(readonly columns?: number) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs coopctl in-process; no locale from the machine, an empty configuration home. */
async function run(argv: readonly string[], options: { columns?: number; env?: Record<string, string> } = {}) {
  const stdout = new Screen(options.columns);
  const stderr = new Screen(options.columns);
  const ctx = makeContext({
    stdin: Readable.from([]),
    stdout,
    stderr,
    env: { XDG_CONFIG_HOME: home, ...options.env },
    tty: { stdin: false, stdout: false, stderr: false },
  });
  const code = await runCli(argv, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const allGroups = [...Object.keys(areas), 'config', 'serve', 'openapi', 'api', 'completion'];

/** The words of every command of the whole tree, the root first. */
async function commandPaths(lang: Lang): Promise<string[][]> {
  const io = new PassThrough();
  const program = await buildProgram(
    new RunState(makeContext({ stdin: io, stdout: io, stderr: io, env: {} }), lang),
    allGroups,
  );
  const walk = (cmd: Command, words: string[]): string[][] => [
    words,
    ...cmd.commands.flatMap((c) => walk(c, [...words, c.name()])),
  ];
  return walk(program, []);
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => stringWidth(l)));

describe('help in Portuguese, written out', () => {
  it('coopctl (the root)', async () => {
    const r = await run(['--lang', 'pt-BR', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${ROOT_PT.join('\n')}\n`);
  });

  it('coopctl serve --help', async () => {
    const r = await run(['serve', '--help'], { env: { COOPCTL_LANG: 'pt-BR' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${SERVE_PT.join('\n')}\n`);
  });

  it('coopctl registration cep --help (an operation): its parts, then the root’s global options', async () => {
    const r = await run(['registration', 'cep', '--help', '--lang', 'pt-BR']);
    expect(r.code).toBe(0);
    const [before, rest] = r.stdout.split('Opções globais:\n');
    const after = rest!.slice(rest!.indexOf('\n\n') + 2);
    expect(`${before}${after}`).toBe(`${CEP_PT.join('\n')}\n`);
    // The global options are those `help opcoes` lists, but --help (the command's own).
    const flags = (text: string) => [...text.matchAll(/^ {2}((?:-\w, )?--[\w-]+)/gm)].map((m) => m[1]);
    const globals = (await run(['help', 'opcoes', '--lang', 'pt-BR'])).stdout;
    expect(flags(rest!.slice(0, rest!.indexOf('\n\n')))).toEqual(flags(globals).filter((f) => !f?.endsWith('--help')));
  });

  it('a field: its name, rule, example and input forms; an open list: its codes with their meaning', async () => {
    const flat = async (argv: string[]) =>
      (await run([...argv, '--help', '--lang', 'pt-BR'])).stdout.replace(/\s+/g, ' ');
    expect(await flat(['registration', 'update-contact'])).toContain(
      '--usuario-celular <valor> telefone celular: o DDD entre parênteses, depois 8 ou 9 dígitos, ex.: (11)987654321; também aceita (11) 98765-4321, 11 98765-4321, 11987654321, +55 11 98765-4321',
    );
    expect(await flat(['notify', 'device', 'register'])).toContain(
      'códigos documentados: 1 Android, 2 iOS, 3 navegador web (Web Push) (outros são enviados com um aviso)',
    );
    expect(await flat(['enrol', 'contract', 'set-status'])).toContain(
      '--opcao-id <n> opção da operação: um número inteiro de até 10 dígitos, ex.: 2; códigos documentados: 1 ativar (proposta → ativo), 2 suspender (ativo → suspenso)',
    );
    expect(await flat(['enrol', 'beneficiary', 'document'])).toContain(
      'tipo de documento: uma lista de códigos de até 3 caracteres, no máximo 16, ex.: RG',
    );
    expect(await flat(['enrol', 'beneficiary', 'document'])).toContain(
      'repita a opção ou dê uma lista separada por vírgulas (obrigatório)',
    );
    expect(await flat(['schedule', 'list'])).toContain(
      '--ind-apenas-concluidas <S|N> só os agendamentos concluídos: S ou N (S = sim, N = não), ex.: S',
    );
    expect(await flat(['schedule', 'list'])).toContain('(padrão: N)');
  });

  it('the confirmation of a command that asks, and the host an operation is sent to', async () => {
    const r = await run(['notify', 'send', '--help', '--lang', 'pt-BR']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'Quando nenhuma de --grupo-usuario, --tipo-beneficiario, --usuario-cartao é dada, pede confirmação num terminal (padrão: não); -y, --yes dispensa a pergunta',
    );
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'Envia POST /api/svccentral/notificacao/envianotificacao ao host base (baseUrl).',
    );
  });
});

describe('the headings', () => {
  const en = ['Usage:', 'Arguments:', 'Options:', 'Commands:', 'Global Options:', 'Examples:'] as const;
  const pt = ['Uso:', 'Argumentos:', 'Opções:', 'Comandos:', 'Opções globais:', 'Exemplos:'] as const;
  const headings = (text: string) => text.split('\n').filter((l) => /^\S.*:$/.test(l) || /^(Usage|Uso):/.test(l));

  it.each([
    ['en', en],
    ['pt-BR', pt],
  ] as const)('%s: usage, arguments, options, global options, examples; commands on a group', async (lang, words) => {
    const op = headings((await run(['registration', 'cep', '--help', '--lang', lang])).stdout);
    expect(op.map((l) => l.split(' ')[0])).toEqual([words[0], words[1], words[2], words[4].split(' ')[0]!, words[5]]);
    expect(op).toContain(words[4]);
    // A group and the root list their commands and say where the global options are (help options), compact.
    const group = headings((await run(['record', '--help', '--lang', lang])).stdout);
    expect(group.slice(1)).toEqual([words[2], words[3], words[5]]);
    const root = headings((await run(['--help', '--lang', lang])).stdout);
    expect(root.slice(1)).toEqual([words[2], words[3], words[5]]);
  });

  it('usage lines name options and commands in Portuguese', async () => {
    expect((await run(['record', '--lang', 'pt-BR'])).stdout).toMatch(/^Uso: coopctl record \[opções\] \[comando\]\n/);
    expect((await run(['record', 'allergies', '--help', '--lang', 'pt-BR'])).stdout).toMatch(
      /^Uso: coopctl record allergies \[opções\] \[cartão\]\n/,
    );
  });
});

describe('every command’s help', async () => {
  const paths = await commandPaths('en');

  it('covers the whole tree: every operation, the commands that are not one, their groups', () => {
    const words = paths.map((p) => p.join(' '));
    for (const op of catalogue) expect(words).toContain(op.command.join(' '));
    for (const extra of ['record summary', 'enrol wizard', 'enrol batch', 'config set', 'serve', 'completion'])
      expect(words).toContain(extra);
  });

  describe.each(['en', 'pt-BR'] as const)('%s', (lang) => {
    it.each(paths.map((p) => [p.join(' ') || '(root)', p] as const))(
      '%s: within 80 columns, with examples, each default said once',
      async (_name, words) => {
        const r = await run([...words, '--help', '--lang', lang], { columns: 80 });
        expect(r.code).toBe(0);
        expect(widest(r.stdout)).toBeLessThanOrEqual(80);
        const examples = r.stdout.split(lang === 'en' ? '\nExamples:\n' : '\nExemplos:\n')[1];
        expect(examples).toBeDefined();
        expect(examples!.split('\n')[0]).toMatch(/^ {2}(# |.*\bcoopctl )/);
        // An option's default is said once, by commander: `(default 180) (default: 180)` said it twice.
        expect(r.stdout.replace(/\s+/g, ' ')).not.toMatch(/\((?:default|padrão)\b[^)]*\) \((?:default|padrão):/);
        if (lang === 'pt-BR')
          expect(r.stdout).not.toMatch(/^(Usage|Options|Commands|Arguments|Global Options|Examples):/m);
      },
    );
  });

  it('uses the width of the terminal: wider lines on a wider one, never past it', async () => {
    const wide = (await run(['registration', 'save-address', '--help'], { columns: 140 })).stdout;
    expect(widest(wide)).toBeGreaterThan(100);
    expect(widest(wide)).toBeLessThanOrEqual(140);
    const narrow = (await run(['registration', 'save-address', '--help', '--lang', 'pt-BR'], { columns: 60 })).stdout;
    expect(widest(narrow)).toBeLessThanOrEqual(60);
  });

  it('continues a long example on the next lines with a backslash, a flag kept with its value', async () => {
    const r = await run(['schedule', 'book', '--help'], { columns: 80 });
    expect(r.stdout).toContain(
      [
        '  coopctl schedule book 00010001000001005 --cd-local 101 \\',
        '      --prest-cod-svc-card 9001 --tp-evento 1 \\',
        "      --dt-hr-inicio '2026-12-01 09:00' --dt-hr-fim '2026-12-01 09:30' \\",
      ].join('\n'),
    );
  });
});

describe('serve --help', () => {
  it('lists the server’s options, and of the global ones only those that apply to it', async () => {
    const r = await run(['serve', '--help']);
    const options = r.stdout.slice(0, r.stdout.indexOf('\nExamples:'));
    for (const flag of [
      '--host',
      '--port',
      '--db',
      '--demo',
      '--fixtures',
      '--allow-prefer',
      '--log-format',
      '--no-metrics',
      '--metrics-token-file',
      '--shutdown-delay',
      '--token-file',
      '--quiet',
    ])
      expect(options).toContain(flag);
    for (const client of ['--output', '--json', '--timeout', '--retries', '--body', '--profile', '--max-response-size'])
      expect(options).not.toContain(client);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('the token clients must send (Authorization: Bearer)');
  });
});

describe('bare coopctl', () => {
  it.each([
    [{}, 'Usage: coopctl [options] [command]'],
    [{ COOPCTL_LANG: 'pt-BR' }, 'Uso: coopctl [opções] [comando]'],
    [{ LANG: 'pt_BR.UTF-8' }, 'Uso: coopctl [opções] [comando]'],
  ])('env %j: the help on stdout, exit 0', async (env, usage) => {
    const r = await run([], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe(usage);
  });
});

describe("commander's errors", () => {
  it.each([
    [['--jsn'], "error: unknown option '--jsn'\n(Did you mean --json?)\n(add --help for usage)\n"],
    [['regisration'], "error: unknown command 'regisration'\n(Did you mean registration?)\n(add --help for usage)\n"],
  ])('in English, as commander words them: %j', async (argv, text) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(text);
  });

  it.each([
    [['--jsn'], "erro: opção desconhecida '--jsn'\n(Você quis dizer --json?)"],
    [['regisration'], "erro: comando desconhecido 'regisration'\n(Você quis dizer registration?)"],
    [
      ['-o', 'xml', 'record'],
      "erro: o valor 'xml' da opção '-o, --output <formato>' é inválido: os valores permitidos são table, json, jsonl, csv.",
    ],
    [
      ['--timeout', 'x', 'record'],
      "erro: o valor 'x' da opção '--timeout <ms>' é inválido: deve ser um número inteiro de 1 a 3600000.",
    ],
    [['config', 'get'], "erro: falta o argumento obrigatório 'chave'"],
    [['config', 'get', 'a', 'b'], "erro: argumentos demais para 'get': esperado 1 argumento, recebidos 2."],
    [['--timeout'], "erro: falta o valor da opção '--timeout <ms>'"],
    [
      ['--json', '-o', 'csv', 'config', 'list'],
      "erro: a opção '--json [campos]' não pode ser usada com a opção '-o, --output <formato>'",
    ],
    [
      ['completion', 'ksh'],
      "erro: o valor 'ksh' do argumento 'shell' é inválido: os valores permitidos são bash, zsh, fish.",
    ],
    [
      ['serve', '--port', '70000'],
      "erro: o valor '70000' da opção '--port <n>' é inválido: deve ser um número de porta de 0 a 65535.",
    ],
  ])('in Portuguese: %j', async (argv, text) => {
    const r = await run(argv, { env: { COOPCTL_LANG: 'pt-BR' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${text}\n(use --help para ver o uso)\n`);
  });
});

describe('the catalogue’s words in Portuguese', () => {
  const en = messagesFor('en').fieldsHelp;
  const pt = messagesFor('pt-BR').fieldsHelp;
  /** Meanings that are names, the same in both languages. */
  const names = new Set(['Android', 'iOS']);

  it.each(catalogue.map((op) => [op.id, op] as const))('%s: its summary and every parameter', (_id, op) => {
    expect(pt.summary(op)).not.toBe(en.summary(op));
    for (const [name, f] of Object.entries(op.params)) {
      expect(en.field(op, name)).toBe(f.words.help.en);
      expect(pt.field(op, name)).toBe(f.words.help['pt-BR']);
      if (f.words.help.en !== 'fax') expect(pt.field(op, name), name).not.toBe(en.field(op, name));
      expect(pt.rule(f), name).not.toBe(en.rule(f));
      for (const [code, meaning] of Object.entries(f.suggestions ?? {}))
        if (!names.has(meaning.en)) expect(pt.code(meaning), `${name} ${code}`).not.toBe(en.code(meaning));
    }
  });

  it('a name that means different things in different operations', () => {
    const op = (id: string) => catalogue.find((o) => o.id === id)!;
    expect(pt.field(op('registration.delete-address'), 'endereco_ind')).toBe('endereço a excluir');
    expect(pt.field(op('registration.save-address'), 'endereco_ind')).toMatch(/^código do endereço: 0 inclui/);
    expect(pt.field(op('enrol.payer'), 'cpf')).toBe('CPF do responsável financeiro');
    expect(pt.field(op('enrol.beneficiary.add'), 'cpf')).toBe('CPF do titular');
  });

  it('a rule in the words of each language (each kind: test/catalogue/words.test.ts)', () => {
    const card = catalogue[0]!.params['usuario_cartao']!;
    expect(pt.rule(card)).toBe('17 dígitos');
    expect(en.rule(card)).toBe('17 digits');
  });
});

describe('the language options', () => {
  it('--lang is described in both languages; the lang setting is listed by config --help', async () => {
    for (const lang of ['en', 'pt-BR'] as const) {
      const root = (await run(['help', lang === 'en' ? 'options' : 'opcoes', '--lang', lang])).stdout.replace(
        /\s+/g,
        ' ',
      );
      expect(root).toMatch(
        /--lang <(language|idioma)> (language of messages and help|idioma das mensagens e da ajuda)/,
      );
      const config = (await run(['config', '--help', '--lang', lang])).stdout.replace(/\s+/g, ' ');
      expect(config).toMatch(
        / lang (language of messages and help: en or pt-BR|idioma das mensagens e da ajuda: en ou pt-BR)/,
      );
      expect(config).toContain('($COOPCTL_LANG)');
    }
  });
});
