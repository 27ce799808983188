/**
 * `enrol batch` in Brazilian Portuguese (LANG=pt_BR.UTF-8): its problems
 * (`linha 5 · beneficiário · cpf: deve ser …`), its summary, the dry run, and
 * the report file, whose messages follow the language while its column names
 * and result codes stay the same for programs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cellSetter, csvFile } from './fixtures.js';
import { declare, said, STOP } from '../cli/languages.js';
import { report, useWorld } from './setup.js';

const PT = { env: { LANG: 'pt_BR.UTF-8' } };

const w = useWorld();

function withCells(text: string, changes: Array<[number, string, string]>): string {
  const lines = text.split('\n');
  const set = cellSetter(lines);
  for (const [line, col, value] of changes) set(line, col, value);
  return lines.join('\n');
}

describe('enrol batch in Portuguese', () => {
  it('names each invalid row as a linha, with the rule broken in Portuguese, and sends nothing (exit 2)', async () => {
    const file = w.file(
      'ruim.csv',
      withCells(csvFile(4, 2), [
        [3, 'cpf', '111.222.333-44'],
        [4, 'data_solicitacao', '31/02/2026'],
        [5, 'grau_dependencia', ''],
      ]),
    );
    const r = await w.run(['enrol', 'batch', file], PT);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${file}: 3 de 4 linhas são inválidas (3 problemas); nada foi enviado. Corrija-as, ou rode de novo com --skip-invalid para enviar as linhas válidas\n`,
    );
    expect(r.stderr).toContain(`${file}: linhas inválidas:\n`);
    expect(r.stderr).toContain('  linha 3 · beneficiário · cpf: deve ser um CPF com dígitos verificadores válidos\n');
    expect(r.stderr).toContain(
      '  linha 4 · beneficiário · data_solicitacao: deve ser uma data que exista no calendário (DD/MM/AAAA)\n',
    );
    expect(r.stderr).toContain('  linha 5 · beneficiário · grau_dependencia: é obrigatório (até 2 caracteres)\n');
    expect(w.requests).toEqual([]);
  });

  it('says what a dry run would send', async () => {
    const file = w.file('membros.csv', csvFile(3, 2));
    const r = await w.run(['enrol', 'batch', file, '--dry-run'], PT);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `enrol batch --dry-run: ${file} é válido: 3 linhas em 2 contratos; enviaria 7 requisições para ${w.server.url}. Nada foi enviado.\n`,
    );
    expect(w.requests).toEqual([]);
  });

  it('sends the valid rows with --skip-invalid: the summary in Portuguese, the report file in Portuguese words', async () => {
    const file = w.file('membros.csv', withCells(csvFile(3, 3), [[4, 'cpf', '111.222.333-44']]));
    const r = await w.run(['enrol', 'batch', file, '--skip-invalid'], PT);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}: 1 linha inválida deixada de fora (--skip-invalid):\n`);
    expect(r.stderr).toContain(
      'enrol batch: 3 linhas: 2 feitas (2 criadas), 1 inválida (não enviada); 4 requisições enviadas\n',
    );
    expect(r.stderr).toContain(
      `relatório: ${file}.report.csv (cada linha: seus ids, seu resultado, e por que não foi feita)\n`,
    );
    expect(r.stderr).toContain(`diário: ${file}.journal.jsonl\n`);
    expect(r.stderr).toContain(
      `corrija o que foi dito; depois, para tentar de novo, rode o mesmo comando de novo (os passos feitos são pulados): coopctl enrol batch ${file}\n`,
    );

    const text = readFileSync(`${file}.report.csv`, 'utf8');
    expect(text.split('\n')[0]).toBe('linha,contrato,contrato_id,beneficiario_id,resultado,mensagem');
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => [row['linha'], row['resultado']])).toEqual([
      ['2', 'criada'],
      ['3', 'criada'],
      ['4', 'inválida'],
    ]);
    expect(rows[2]!['mensagem']).toBe(
      'linha 4 · beneficiário · cpf: deve ser um CPF com dígitos verificadores válidos',
    );
  });

  it.each([
    ['Excel in pt-BR: `;` and Windows-1252', ';', 'windows-1252'],
    ['UTF-8 with a byte-order mark', ';', 'utf-8-bom'],
  ] as const)(
    'a report in the dialect of its input (%s): its words Portuguese, not a word of English',
    async (_what, d, encoding) => {
      const text = withCells(csvFile(3, 3), [
        [2, 'nome', 'João Conceição'],
        [4, 'cpf', '111.222.333-44'],
      ]).replace(/,/g, d);
      const file = w.file('planilha.csv', '');
      // Windows-1252 bytes are Latin-1's for the letters of Portuguese (ã, ç, é); a byte-order mark before UTF-8.
      writeFileSync(
        file,
        encoding === 'windows-1252'
          ? Buffer.from(text, 'latin1')
          : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      );
      const r = await w.run(['enrol', 'batch', file, '--skip-invalid'], PT);
      expect(r.code, r.stderr).toBe(1);
      const bytes = readFileSync(`${file}.report.csv`);
      const bom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(bom).toBe(encoding === 'utf-8-bom');
      const written = encoding === 'windows-1252' ? bytes.toString('latin1') : bytes.subarray(3).toString('utf8');
      const lines = written.split('\n');
      expect(lines[0]).toBe('linha;contrato;contrato_id;beneficiario_id;resultado;mensagem');
      expect(lines[3]).toMatch(/^4;C1;\d*;;inválida;linha 4 · beneficiário · cpf: deve ser um CPF/);
      // In Windows-1252, `á` is one byte.
      if (encoding === 'windows-1252') expect(bytes.includes(Buffer.from([0xe1]))).toBe(true);
      await declare();
      for (const line of [...lines, ...r.stderr.split('\n')])
        expect(said(line), `an English word in: ${line}`).not.toMatch(STOP['pt-BR']);
    },
  );

  it('says in Portuguese why the service could not be reached: the failure of a row, and exit 4', async () => {
    const file = w.file('membros.csv', csvFile(2, 1));
    const r = await w.run(['--retries', '0', 'enrol', 'batch', file, '-o', 'json'], {
      env: { ...PT.env, COOPCTL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(4);
    const rep = report(r);
    expect(rep.failures[0]).toMatchObject({ step: 'contract' });
    expect(rep.failures[0]!['message']).toMatch(
      /^não foi possível conectar a POST http:\/\/127\.0\.0\.1:9\/\S+: conexão recusada \(ECONNREFUSED\) \(o serviço pode tê-lo feito; uma nova execução confere\)$/,
    );
    expect(r.stdout + r.stderr).not.toContain('connection refused');
  });

  it('says in Portuguese why a file cannot be read at all', async () => {
    const file = w.file('vazio.csv', 'contract,cpf,naoexiste\n');
    const r = await w.run(['enrol', 'batch', file], PT);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file} não pode ser lido como arquivo de lote; nada foi enviado\n`);
    expect(r.stderr).toContain(
      '  linha 1 · naoexiste: não é um campo do beneficiário; use um destes: nome, data_nascimento, cpf, data_solicitacao, nome_mae, sexo, estado_civil, peso, altura, grau_dependencia\n',
    );
  });

  it('has its help and its option problems in Portuguese', async () => {
    // Help is wrapped to the terminal's width: read with its spaces and line breaks as one space.
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    const help = await w.run(['enrol', 'batch', '--help'], PT);
    expect(help.code).toBe(0);
    expect(flat(help.stdout)).toContain(
      'inclui contratos, responsáveis financeiros e beneficiários a partir de um arquivo CSV ou JSON (retomável; as colunas do arquivo: coopctl help lote)',
    );
    expect(flat(help.stdout)).toContain(
      'CSV: um cabeçalho com os nomes das colunas, depois uma linha por beneficiário.',
    );
    expect(flat(help.stdout)).toContain('-n, --dry-run valida o arquivo e diz o que seria enviado; não envia nada');
    // The groups name a few columns each: where every column is, and a file to start from.
    expect(flat(help.stdout)).toContain(
      'Todas as colunas de cada grupo estão em coopctl help lote; coopctl enrol batch --template > membros.csv escreve um arquivo de exemplo para preencher.',
    );
    const wrong = await w.run(['enrol', 'batch', 'x.csv', '--concurrency', '0'], PT);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('deve ser um número inteiro de 1 a 64.');
    const wizard = await w.run(['enrol', 'wizard', '--help'], PT);
    expect(flat(wizard.stdout)).toContain('inclui beneficiários neste contrato existente em vez de criar um');
    expect(flat(wizard.stdout)).toContain('Nada é enviado antes de Enviar ser escolhido na tela de revisão');
  });
});
