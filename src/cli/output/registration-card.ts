/**
 * `registration show` for a person on a terminal: the agent's main lookup,
 * laid out to fit an 80×30 screen without the pager (docs/output.md). The
 * beneficiary's name, then who they are (card, CPF, birth date, mother),
 * then how to reach them (phones, e-mail), then each address in two or three
 * lines (type, street, number, complement, district, city/UF, CEP, landmark,
 * what it is used for), then the management system's codes on one line.
 * Labels are the catalogue's, values as people write them (people.ts: the
 * CPF `529.982.247-25`, the CEP `01310-100`, phones); an empty field is left
 * out. The card is the one the record's card parts make (cooperative 4
 * digits, contract 4, beneficiary 6, dependent 2, then its check digit).
 * JSON, CSV and the tab-separated lines of a pipe keep the spec's fields.
 */
import { cardCheckDigit } from '../../catalogue/card.js';
import type { Fields, Operation, Row } from '../../catalogue/index.js';
import { inLang } from '../../catalogue/lang.js';
import type { Display } from './display.js';
import { labelOf, peopleText } from './people.js';
import { textWidth } from './width.js';
import { wrapLine } from './wrap.js';

/** The record's fields of who the person is, in the order shown after the card. */
const IDENTITY = ['cpf', 'data_nasc', 'nome_mae', 'situacao', 'permite_atualizar'] as const;
/** The management system's codes, on one line at the end. */
const CODES = ['contrato', 'cod_pessoa', 'codigo_usuario_portal', 'lote', 'movimento'] as const;
/** The card's parts and their digits. */
const CARD_PARTS = [
  ['cart_coop', 4],
  ['cart_contrato', 4],
  ['cart_cod_bnf', 6],
  ['cart_cod_dependente', 2],
] as const;

const INDENT = '  ';

/** The 17-digit card the record's parts make, or undefined when a part is missing or too long. */
export function cardOf(record: Row): string | undefined {
  let first16 = '';
  for (const [name, digits] of CARD_PARTS) {
    const value = record[name];
    const text =
      typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' ? String(value) : '';
    if (!/^\d+$/.test(text) || text.length > digits) return undefined;
    first16 += text.padStart(digits, '0');
  }
  return `${first16}${cardCheckDigit(first16)}`;
}

/** Label/value lines, the labels in a column as wide as the longest, the values wrapped in the rest. */
function pairs(lines: readonly (readonly [string, string])[], width: number, out: string[]): void {
  const shown = lines.filter(([, value]) => value !== '');
  const labelWidth = Math.min(Math.max(0, ...shown.map(([l]) => textWidth(l))), Math.floor(width * 0.4));
  for (const [label, value] of shown) {
    const room = Math.max(10, width - INDENT.length - labelWidth - 2);
    const wrapped: string[] = [];
    wrapLine(value, room, wrapped);
    const pad = ' '.repeat(Math.max(0, labelWidth - textWidth(label)));
    const head =
      textWidth(label) > labelWidth
        ? `${INDENT}${label}\n${INDENT}${' '.repeat(labelWidth)}`
        : `${INDENT}${label}${pad}`;
    out.push(`${head}  ${wrapped[0] ?? ''}`);
    for (const more of wrapped.slice(1)) out.push(`${INDENT}${' '.repeat(labelWidth)}  ${more}`);
  }
}

/** A nested group's records (a record holds one or a list). */
function groupRows(record: Row, name: string): Row[] {
  const value = record[name];
  if (Array.isArray(value)) return value as Row[];
  return value && typeof value === 'object' ? [value as Row] : [];
}

/** One address in a line or two: code and type, then where it is, then what it is for. */
function addressLines(fields: Fields, a: Row, display: Display, out: string[]): void {
  const text = (name: string) => peopleText(display.lang, name, fields[name], a[name]);
  const city = [text('cidade'), text('estado')].filter(Boolean).join('/');
  // CEP is the code's name in both languages.
  const cep = text('cep') && `CEP ${text('cep')}`;
  const place = [text('logradouro'), text('numero'), text('complemento')].filter(Boolean).join(', ');
  const where = [place, text('bairro'), city, cep, text('ponto_referencia')].filter(Boolean);
  const box =
    text('caixa_postal') && `${labelOf(display.lang, 'caixa_postal', fields['caixa_postal'])} ${text('caixa_postal')}`;
  const uses = (['ind_correspondencia', 'ind_fatura'] as const)
    .filter((f) => a[f] === 'S')
    .map((f) => labelOf(display.lang, f, fields[f]));
  const head = [text('codigo'), text('tipo')].filter(Boolean).join(' ');
  const indent = ' '.repeat(INDENT.length * 2);
  const lines = joined([...where, ...(box ? [box] : []), ...uses], Math.max(10, (display.width ?? 80) - indent.length));
  out.push(`${INDENT}${head}`, ...lines.map((line) => `${indent}${line}`));
}

/** Parts joined with ` · ` in lines of at most `max` columns, broken between parts (a longer part wrapped). */
function joined(parts: readonly string[], max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (line && textWidth(line) + 3 + textWidth(part) <= max) {
      line += ` · ${part}`;
      continue;
    }
    if (line) lines.push(line);
    const wrapped: string[] = [];
    wrapLine(part, max, wrapped);
    line = wrapped.pop() ?? '';
    lines.push(...wrapped);
  }
  if (line) lines.push(line);
  return lines;
}

/** The registration record (`registration show`) for a person; one card per record. */
export function registrationCard(op: Operation, data: readonly Row[], display: Display): string {
  const width = display.width ?? 80;
  const { lang, style } = display;
  const fields = op.response.fields;
  const groups = op.response.groups ?? {};
  const text = (fs: Fields, r: Row, name: string) => peopleText(lang, name, fs[name], r[name]);
  const label = (fs: Fields, name: string) => labelOf(lang, name, fs[name]);
  const cardLabel = labelOf(lang, 'usuario_cartao', op.params['usuario_cartao']);
  return data
    .map((record) => {
      const out: string[] = [style.bold(text(fields, record, 'nome') || cardLabel)];
      const card = cardOf(record);
      const identity: [string, string][] = card ? [[cardLabel, display.mask ? display.mask.card(card) : card]] : [];
      for (const name of IDENTITY) identity.push([label(fields, name), text(fields, record, name)]);
      pairs(identity, width, out);
      // How to reach the person before where they live.
      const order = Object.entries(groups).sort(([a], [b]) => Number(b === 'contato') - Number(a === 'contato'));
      for (const [name, group] of order) {
        const rows = groupRows(record, name);
        out.push('', style.bold(inLang(group.title, lang)));
        if (rows.length === 0) out.push(`${INDENT}${display.m.output.none}`);
        for (const row of rows) {
          if (name === 'endereco') addressLines(group.fields, row, display, out);
          else
            pairs(
              Object.keys(group.fields)
                .filter((f) => f !== 'codigo')
                .map((f) => [label(group.fields, f), text(group.fields, row, f)] as const),
              width,
              out,
            );
        }
      }
      const codes = [...CODES.map((name) => [name, fields] as const), ...cardParts(card, fields)]
        .map(([name, fs]) => [label(fs, name), text(fs, record, name)])
        .filter(([, value]) => value !== '')
        .map(([l, v]) => `${l} ${v}`);
      if (codes.length) out.push('', ...joined(codes, width).map((line) => style.dim(line)));
      return `${out.join('\n')}\n`;
    })
    .join('\n');
}

/** The card's parts, shown with the codes only when they make no card. */
function cardParts(card: string | undefined, fields: Fields): (readonly [string, Fields])[] {
  return card ? [] : CARD_PARTS.map(([name]) => [name, fields] as const);
}
