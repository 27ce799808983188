/**
 * Batch files for the tests: valid rows with distinct CPFs, as CSV (one row
 * per beneficiary, contract and payer columns on a contract's first row) and
 * as the equivalent JSON, and a look into the test server's database.
 */
import Database from 'better-sqlite3';
import { cpfCheckDigits } from '../../src/catalogue/rules.js';

/** A valid CPF (999.999.999-99) for a number: distinct numbers, distinct CPFs. */
export function cpf(n: number): string {
  const nine = String(100_000_000 + n)
    .padStart(9, '0')
    .slice(-9);
  const d = `${nine}${cpfCheckDigits(nine)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

export type Values = Record<string, string>;

export function contractValues(): Values {
  return { registro_ans: '123456', coop_id: '1', produto_tabela_id: '10', origem: 'WB' };
}

export function payerValues(n: number): Values {
  return {
    cpf: cpf(900_000 + n),
    nome: `Pagador ${n}`,
    nome_mae: 'Maria Souza',
    data_nascimento: '15/03/1980',
    sexo: 'F',
    grau_parentesco: 'TIT',
    estado_civil: 'C',
    telefone_principal: '11987654321',
    email: `pagador${n}@example.com`,
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    logradouro_numero: '1578',
    bairro: 'Bela Vista',
    inicio_vigencia: '01/02/2026',
    fatura_email: 'S',
  };
}

export function beneficiaryValues(n: number): Values {
  return {
    cpf: cpf(n),
    nome: `Beneficiario ${n}`,
    data_nascimento: '01/01/1990',
    data_solicitacao: '10/01/2026',
    grau_dependencia: 'T',
  };
}

export interface Extras {
  /** Add a contact, an address, a document and two declaration answers to each row. */
  readonly records?: boolean;
}

export const contactValues = (n: number): Values => ({
  nome: `Contato ${n}`,
  telefone_principal: '11987654321',
  email: `b${n}@example.com`,
});
export const addressValues = (): Values => ({
  finalidade: 'RES',
  tipo_endereco: 'R',
  cep: '01310100',
  logradouro: 'Rua A',
  logradouro_numero: '10',
  bairro: 'Centro',
});
export const documentValues = (n: number): Values => ({
  tipo_documento: 'RG',
  numero: String(1_000_000 + n),
  tipo_arquivo: 'pdf',
});

function quote(text: string): string {
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV of `rows` beneficiaries in contracts of `perContract`, contract and payer columns on each contract's first row. */
export function csvFile(rows: number, perContract: number, extras: Extras = {}): string {
  const cols = [
    'contract',
    ...Object.keys(contractValues()).map((k) => `contract.${k}`),
    ...Object.keys(payerValues(0)).map((k) => `payer.${k}`),
    ...Object.keys(beneficiaryValues(0)),
    ...(extras.records
      ? [
          ...Object.keys(contactValues(0)).map((k) => `contact.${k}`),
          ...Object.keys(addressValues()).map((k) => `address.${k}`),
          ...Object.keys(documentValues(0)).map((k) => `document.${k}`),
          'ds.1.1',
          'ds.1.2',
          'ds.1.2.descricao',
        ]
      : []),
  ];
  const lines = [cols.join(',')];
  for (let i = 0; i < rows; i++) {
    const c = Math.floor(i / perContract);
    const first = i % perContract === 0;
    const v: Values = { contract: `C${c + 1}` };
    if (first) {
      for (const [k, x] of Object.entries(contractValues())) v[`contract.${k}`] = x;
      for (const [k, x] of Object.entries(payerValues(c))) v[`payer.${k}`] = x;
    }
    Object.assign(v, beneficiaryValues(i));
    if (extras.records) {
      for (const [k, x] of Object.entries(contactValues(i))) v[`contact.${k}`] = x;
      for (const [k, x] of Object.entries(addressValues())) v[`address.${k}`] = x;
      for (const [k, x] of Object.entries(documentValues(i))) v[`document.${k}`] = x;
      Object.assign(v, { 'ds.1.1': 'N', 'ds.1.2': 'S', 'ds.1.2.descricao': 'asma, controlada' });
    }
    lines.push(cols.map((k) => quote(v[k] ?? '')).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The same beneficiaries as csvFile, as the JSON layout. */
export function jsonFile(rows: number, perContract: number, extras: Extras = {}): unknown[] {
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < rows; i++) {
    const c = Math.floor(i / perContract);
    if (i % perContract === 0)
      out.push({ key: `C${c + 1}`, ...contractValues(), payer: payerValues(c), beneficiaries: [] });
    const b: Record<string, unknown> = { ...beneficiaryValues(i) };
    if (extras.records) {
      b['contact'] = contactValues(i);
      b['addresses'] = [{ ...addressValues(), finalidade: ['RES'] }];
      b['documents'] = [{ ...documentValues(i), tipo_documento: ['RG'] }];
      b['declaration'] = [
        { formulario_id: 1, pergunta_id: 1, resposta: 'N' },
        { formulario_id: 1, pergunta_id: 2, resposta: 'S', descricao: 'asma, controlada' },
      ];
    }
    (out[out.length - 1]!['beneficiaries'] as unknown[]).push(b);
  }
  return out;
}

/** Counts in the server's database file, read-only. */
export function dbCounts(path: string): {
  contracts: number;
  beneficiaries: number;
  duplicateCpfs: number;
  records: number;
  answers: number;
} {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string) => db.prepare<[], number>(sql).pluck().get() ?? 0;
    return {
      contracts: one('SELECT count(*) FROM contract'),
      beneficiaries: one('SELECT count(*) FROM beneficiary'),
      duplicateCpfs: one(
        'SELECT count(*) FROM (SELECT cpf FROM beneficiary GROUP BY contract_id, cpf HAVING count(*) > 1)',
      ),
      records: one('SELECT count(*) FROM enrolment_record'),
      answers: one('SELECT count(*) FROM health_answer'),
    };
  } finally {
    db.close();
  }
}

/** A setter of one cell of CSV `lines` (unquoted cells), by 1-based line number and header column. */
export function cellSetter(lines: string[]): (line: number, col: string, value: string) => void {
  const header = lines[0]!.split(',');
  return (line, col, value) => {
    const cells = lines[line - 1]!.split(',');
    cells[header.indexOf(col)] = value;
    lines[line - 1] = cells.join(',');
  };
}
