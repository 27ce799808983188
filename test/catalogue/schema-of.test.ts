/**
 * Every rule of the catalogue says what it requires once, as data (`rule`), and its zod schema is built from that
 * data (src/catalogue/schema-of.ts). This test checks the two against each other: for every field of every
 * operation (parameters, records, envelopes), the schema accepts the rule's own example and the values at each
 * bound its data declares, and refuses its documented invalid values and the values just past each bound, with the
 * problem code the data names. The values at the bounds are written out from the rule's data (that is the
 * consistency being checked); the last block writes some out literally from the spec's tables of section 4.
 */
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  type Field,
  operationAt,
  type Rule,
  sampleParams,
  validateParams,
} from '../../src/catalogue/index.js';
import { onClock } from '../../src/catalogue/birth-date.js';
import { envelopeOf } from '../../src/catalogue/records.js';

/** Every field of the catalogue, once per distinct rule object, named where it is first met. */
function everyField(): [string, Field][] {
  const seen = new Set<unknown>();
  const out: [string, Field][] = [];
  const add = (where: string, fields: Readonly<Record<string, Field>>) => {
    for (const [name, f] of Object.entries(fields)) {
      if (seen.has(f.schema)) continue;
      seen.add(f.schema);
      out.push([`${where} ${name}`, f]);
    }
  };
  for (const op of catalogue) {
    add(`${op.id} param`, op.params);
    add(`${op.id} record`, op.response.fields);
    for (const [group, g] of Object.entries(op.response.groups ?? {})) add(`${op.id} ${group}`, g.fields);
    add(`${op.id} envelope`, envelopeOf(op.area));
  }
  return out;
}

/** The error messages (problem codes) of a refused value, or `ok`. */
function verdict(f: Pick<Field, 'schema'>, value: unknown): string {
  const parsed = f.schema.safeParse(value);
  return parsed.success ? 'ok' : [...new Set(parsed.error.issues.map((i) => i.message))].join(',');
}

/** A date of `layout`, year `y`, 1 January. */
const january = (layout: string, y: number): string => {
  const yyyy = String(y).padStart(4, '0');
  if (layout === 'DD/MM/YYYY') return `01/01/${yyyy}`;
  const day = `${yyyy}-01-01`;
  if (layout === 'yyyy-mm-dd') return day;
  return layout === 'yyyy-mm-dd hh:mi' ? `${day} 09:00` : `${day} 09:00:00`;
};

/** Values at each bound the data declares (accepted) and just past it (refused, with its problem code). */
function bounds(rule: Rule, kind: Field['kind']): { at: unknown[]; past: [unknown, string][] } {
  switch (rule.code) {
    case 'text': {
      const past: [unknown, string][] = [['x'.repeat(rule.max + 1), 'rule']];
      if (rule.min > 0) past.push(['x'.repeat(rule.min - 1), 'rule']);
      return { at: ['x'.repeat(rule.max), 'x'.repeat(rule.min)], past };
    }
    case 'alnum':
    case 'cep': {
      const c = rule.code === 'alnum' ? 'A' : '1';
      const past: [unknown, string][] = [[c.repeat(rule.max + 1), 'rule']];
      if (rule.min > 0) past.push([c.repeat(rule.min - 1), 'rule']);
      return { at: [c.repeat(rule.min === 0 ? 1 : rule.min), c.repeat(rule.max)], past };
    }
    case 'digits':
      return {
        at: ['1'.repeat(rule.want)],
        past: [
          ['1'.repeat(rule.want + 1), 'rule'],
          ['1'.repeat(rule.want - 1), 'rule'],
        ],
      };
    case 'email': {
      const domain = '@example.com';
      return { at: [`ana${domain}`], past: [[`${'a'.repeat(rule.max + 1 - domain.length)}${domain}`, 'rule']] };
    }
    case 'choice': {
      const at = kind === 'int' ? rule.values.flatMap((v) => [v, Number(v)]) : [...rule.values];
      const outside = kind === 'int' ? '0' : `${rule.values[0]}X`;
      return { at, past: [[outside, 'rule']] };
    }
    case 'int': {
      const lowest = rule.min > 1 ? `1${'0'.repeat(rule.min - 1)}` : '0';
      const past: [unknown, string][] = [
        ['9'.repeat(rule.max + 1), 'rule'],
        ['-1', 'rule'],
      ];
      if (rule.min > 1) past.push(['9'.repeat(rule.min - 1), 'rule'], [Number('9'.repeat(rule.min - 1)), 'rule']);
      if (rule.max <= 15) past.push([10 ** rule.max, 'rule']);
      const at: unknown[] = [lowest, '9'.repeat(rule.max)];
      if (rule.max <= 15) at.push(10 ** rule.max - 1, Number(lowest));
      return { at, past };
    }
    case 'date':
      return rule.from === undefined
        ? { at: [], past: [] }
        : {
            at: [january(rule.layout, rule.from)],
            past: [
              [
                january(rule.layout, rule.from - 1)
                  .replace('-01-01', '-12-31')
                  .replace('01/01/', '31/12/'),
                'early',
              ],
            ],
          };
    case 'birth-date':
      return { at: ['01/01/1900'], past: [['31/12/1899', 'early']] };
    case 'codes':
      return {
        at: [Array.from({ length: rule.most }, () => 'x'.repeat(rule.each))],
        past: [
          [Array.from({ length: rule.most + 1 }, () => 'x'), 'list-long'],
          [['x'.repeat(rule.each + 1)], 'code-length'],
          [[], 'list-empty'],
        ],
      };
    case 'or-empty': {
      const inner = bounds(rule.rule, kind);
      return { at: ['', ...inner.at], past: inner.past.map(([v]) => [v, 'rule']) };
    }
    default:
      return { at: [], past: [] };
  }
}

const fields = everyField();

describe.each(fields)('%s: its schema says what its rule data says', (_where, f) => {
  it('accepts its example and refuses its documented invalid values', () => {
    // A list's example is one of its elements (the CLI takes a list as its elements).
    expect(verdict(f, f.kind === 'array' ? [f.example] : f.example)).toBe('ok');
    for (const value of f.invalid) expect(verdict(f, value), JSON.stringify(value)).not.toBe('ok');
  });

  it('accepts the values at the bounds of its data and refuses those just past them', () => {
    const { at, past } = bounds(f.rule, f.kind);
    for (const value of at) expect(verdict(f, value), JSON.stringify(value)).toBe('ok');
    for (const [value, code] of past) expect(verdict(f, value), JSON.stringify(value)).toBe(code);
  });
});

describe('the rules of the catalogue', () => {
  it('are all checked here: every rule kind the catalogue uses has bounds above, or none to declare', () => {
    const codes = new Set<string>(fields.map(([, f]) => f.rule.code));
    // Kinds whose data has no bound: a fixed shape (phone, time, CPF, base64, a date without a first year).
    expect([...codes].sort()).toEqual(
      [
        'alnum',
        'base64',
        'birth-date',
        'cep',
        'choice',
        'codes',
        'cpf',
        'date',
        'digits',
        'email',
        'int',
        'or-empty',
        'phone',
        'text',
        'time',
      ].filter((c) => codes.has(c)),
    );
    expect(fields.length).toBeGreaterThan(40);
  });

  it('refuses a date of birth after the day of the validation clock', () => {
    const f = operationAt('/api/svcweb/beneficiario')!.params.data_nascimento!;
    const on = (value: string) =>
      onClock(
        () => new Date(2026, 5, 1, 12),
        () => verdict(f, value),
      );
    expect(on('01/06/2026')).toBe('ok');
    expect(on('02/06/2026')).toBe('future');
  });
});

/** The problems of an operation's sample parameters with `changes`. */
function problemsWith(path: string, changes: Record<string, unknown>) {
  const op = operationAt(path)!;
  const result = validateParams(op, { ...sampleParams(op), ...changes });
  return result.ok ? [] : result.errors;
}

// Written out from the spec's tables of section 4, never from the catalogue.
describe('the spec’s bounds, literally', () => {
  const address = '/api/svcmobile/atualizacaocadastral/atualizaendereco';
  const contact = '/api/svcweb/beneficiario/contato';

  it('atualizaendereco: endereco_numero up to 5, endereco_estado 2 characters, endereco_ind 1 to 2 digits', () => {
    expect(problemsWith(address, { endereco_numero: '12345', endereco_estado: 'SP', endereco_ind: 99 })).toEqual([]);
    expect(problemsWith(address, { endereco_numero: '123456' })).toEqual([
      { code: 'text', field: 'endereco_numero', min: 0, max: 5 },
    ]);
    expect(problemsWith(address, { endereco_estado: 'SPX' })).toEqual([
      { code: 'text', field: 'endereco_estado', min: 2, max: 2 },
    ]);
    expect(problemsWith(address, { endereco_ind: 100 })).toEqual([
      { code: 'int', field: 'endereco_ind', min: 1, max: 2 },
    ]);
  });

  it('atualizaendereco: usuario_cartao 17 digits, endereco_logradouro up to 100', () => {
    expect(problemsWith(address, { usuario_cartao: '1234567890123456' })).toEqual([
      expect.objectContaining({ code: 'digits', field: 'usuario_cartao', want: 17 }),
    ]);
    expect(problemsWith(address, { endereco_logradouro: 'a'.repeat(100) })).toEqual([]);
    expect(problemsWith(address, { endereco_logradouro: 'a'.repeat(101) })).toEqual([
      { code: 'text', field: 'endereco_logradouro', min: 0, max: 100 },
    ]);
  });

  it('beneficiario/contato: telefone_principal 10 to 11 digits, nome up to 120', () => {
    expect(problemsWith(contact, { telefone_principal: '1198765432', nome: 'a'.repeat(120) })).toEqual([]);
    expect(problemsWith(contact, { telefone_principal: '11987654321' })).toEqual([]);
    for (const phone of ['119876543', '119876543210'])
      expect(problemsWith(contact, { telefone_principal: phone })).toEqual([
        expect.objectContaining({ code: 'int', field: 'telefone_principal', min: 10, max: 11 }),
      ]);
    expect(problemsWith(contact, { nome: 'a'.repeat(121) })).toEqual([
      { code: 'text', field: 'nome', min: 0, max: 120 },
    ]);
  });
});
