/**
 * The catalogue's rules and problems in words (src/catalogue/words): every
 * rule, every problem of every invalid value, every warning and documented
 * meaning of every field of every operation is worded in English and in
 * Portuguese, each language in its own words; and each kind says what
 * Brazilians (and English speakers) write. The literal expectations come
 * from the spec's rules and Brazilian usage.
 */
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  catalogueWords,
  issueProblem,
  type Field,
  type Problem,
  type Rule,
} from '../../src/catalogue/index.js';
import { yesNo } from '../../src/catalogue/codes.js';
import { checkProblem } from '../../src/catalogue/checks.js';
import { plainTextProblem } from '../../src/catalogue/plain-text.js';

const en = catalogueWords('en');
const pt = catalogueWords('pt-BR');

/** Every parameter and response field of the catalogue, named `op field`. */
function everyField(): Array<[string, Field]> {
  return catalogue.flatMap((op) => [
    ...Object.entries(op.params).map(([name, f]): [string, Field] => [`${op.id} ${name}`, f]),
    ...Object.entries(op.response.fields).map(([name, f]): [string, Field] => [`${op.id} → ${name}`, f]),
    ...Object.values(op.response.groups ?? {}).flatMap((g) =>
      Object.entries(g.fields).map(([name, f]): [string, Field] => [`${op.id} → ${name}`, f]),
    ),
  ]);
}

/** What the catalogue can say of a field: the problems of its invalid values, its absence, its warnings. */
function problemsOf(name: string, f: Field): Problem[] {
  const out: Problem[] = [{ code: 'required', field: name, rule: f.rule }];
  for (const value of f.invalid) {
    const checked = f.schema.safeParse(value);
    if (!checked.success) out.push(...checked.error.issues.map((i) => issueProblem(i, name, f.rule)));
  }
  if (f.suggestions && f.warn) {
    const warning = f.warn(name, f.kind === 'array' ? ['ZZ', 'YY'] : f.kind === 'int' ? 9 : 'ZZ');
    if (warning) out.push(warning);
  }
  return out;
}

/** English words a Portuguese text may not hold, and Portuguese words an English one may not. */
const ENGLISH =
  /\b(must|required|digits?|characters?|the|only|give|cannot|understood|expected|received|integer|date|list|code|valid|not)\b/i;
const PORTUGUESE =
  /(?<![\p{L}])(deve|obrigatório|dígitos?|caracteres|informe|não|foram|lidos?|até|uma|ou|é)(?![\p{L}])/iu;

describe('the catalogue in both languages', () => {
  const fields = everyField();

  it('words every rule, problem and warning of every field, each language in its own words', () => {
    expect(fields.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const [where, f] of fields) {
      const texts: Array<[string, string]> = [[en.rule(f.rule), pt.rule(f.rule)]];
      for (const p of problemsOf(where.split(' ').pop()!, f)) texts.push([en.problem(p), pt.problem(p)]);
      for (const [english, portuguese] of texts) {
        if (english === portuguese) wrong.push(`${where}: the same in both: ${english}`);
        if (ENGLISH.test(portuguese.replace(/"[^"]*"|\([^)]*\)$/g, '')))
          wrong.push(`${where}: English in "${portuguese}"`);
        if (PORTUGUESE.test(english.replace(/"[^"]*"/g, ''))) wrong.push(`${where}: Portuguese in "${english}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('words the problems of the rules across fields, and of the plain-text rule', () => {
    const checks = catalogue.flatMap((op) => op.checks ?? []);
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      const params =
        check.kind === 'later-same-day' ? { [check.start]: '2026-12-01 10:00', [check.end]: '2026-12-01 09:00' } : {};
      const problem = checkProblem(check, params)!;
      expect(pt.problem(problem)).not.toBe(en.problem(problem));
    }
    expect(pt.problem(plainTextProblem('conteudo', 'a\u0001b')!)).toBe(
      'não pode ter caracteres de controle (U+0001 na posição 2)',
    );
    expect(en.problem(plainTextProblem('conteudo', 'a\u0001b')!)).toBe(
      'must not contain control characters (found U+0001 at position 2)',
    );
    expect(pt.problem(plainTextProblem('conteudo', 'a\udc80')!)).toBe('não é UTF-8 válido (byte 0x80 na posição 2)');
    expect(pt.problem(plainTextProblem('conteudo', 'a\ud800b')!)).toBe(
      'não é Unicode válido (surrogate isolado U+D800 na posição 2)',
    );
  });

  it.each([
    [{ code: 'digits', want: 17 }, '17 digits', '17 dígitos'],
    [{ code: 'text', min: 0, max: 60 }, 'up to 60 characters', 'até 60 caracteres'],
    [{ code: 'text', min: 1, max: 128 }, '1 to 128 characters', 'de 1 a 128 caracteres'],
    [{ code: 'text', min: 2, max: 2 }, '2 characters', '2 caracteres'],
    [{ code: 'alnum', min: 1, max: 15 }, 'alphanumeric, 1 to 15 characters', 'de 1 a 15 letras ou algarismos'],
    [{ code: 'cep', min: 8, max: 11 }, '8 to 11 digits', 'de 8 a 11 dígitos'],
    [{ code: 'phone' }, '(99) area code then 8 or 9 digits', 'o DDD entre parênteses, depois 8 ou 9 dígitos'],
    [{ code: 'email', max: 254 }, 'an e-mail address of up to 254 characters', 'um e-mail de até 254 caracteres'],
    [{ code: 'int', min: 1, max: 1 }, 'an integer of 1 digit', 'um número inteiro de 1 dígito'],
    [{ code: 'int', min: 1, max: 10 }, 'an integer of up to 10 digits', 'um número inteiro de até 10 dígitos'],
    [{ code: 'int', min: 10, max: 11 }, 'an integer of 10 to 11 digits', 'um número inteiro de 10 a 11 dígitos'],
    [{ code: 'date', layout: 'DD/MM/YYYY' }, 'a date DD/MM/YYYY', 'uma data DD/MM/AAAA'],
    [{ code: 'date', layout: 'yyyy-mm-dd' }, 'a date yyyy-mm-dd', 'uma data aaaa-mm-dd'],
    [
      { code: 'date', layout: 'yyyy-mm-dd hh:mi' },
      'a date and time yyyy-mm-dd hh:mi',
      'uma data e hora aaaa-mm-dd hh:mi',
    ],
    [
      { code: 'birth-date' },
      'a date DD/MM/YYYY from 1900 on, not in the future',
      'uma data DD/MM/AAAA a partir de 1900 que não esteja no futuro',
    ],
    [
      { code: 'date', layout: 'yyyy-mm-dd', from: 1900 },
      'a date yyyy-mm-dd from 1900 on',
      'uma data aaaa-mm-dd a partir de 1900',
    ],
    [{ code: 'time' }, 'a time hh:mi', 'uma hora hh:mi'],
    [
      { code: 'cpf' },
      'a CPF 999.999.999-99 with valid check digits',
      'um CPF 999.999.999-99 com dígitos verificadores válidos',
    ],
    [
      { code: 'codes', each: 3, most: 16 },
      'a list of codes of up to 3 characters, at most 16 of them',
      'uma lista de códigos de até 3 caracteres, no máximo 16',
    ],
    [{ code: 'base64' }, 'base64 of the file', 'o conteúdo do arquivo em base64'],
    [{ code: 'choice', values: ['M', 'F'] }, 'M or F', 'M ou F'],
    [{ code: 'choice', values: ['S', 'N'], meanings: yesNo }, 'S or N (S = yes, N = no)', 'S ou N (S = sim, N = não)'],
    [{ code: 'choice', values: ['1', '2', '3', '4'] }, '1, 2, 3 or 4', '1, 2, 3 ou 4'],
    [
      { code: 'or-empty', rule: { code: 'text', min: 0, max: 50 } },
      'up to 50 characters, or empty',
      'até 50 caracteres, ou vazio',
    ],
  ] as Array<[Rule, string, string]>)('rule %j: %s / %s', (rule, english, portuguese) => {
    expect(en.rule(rule)).toBe(english);
    expect(pt.rule(rule)).toBe(portuguese);
  });

  it.each([
    [{ code: 'digits', field: 'usuario_cartao', want: 17 }, 'must be 17 digits', 'deve ter 17 dígitos'],
    [
      { code: 'digits', field: 'usuario_cartao', want: 17, got: 3, shown: '123' },
      'must be 17 digits; understood 3 digits "123"',
      'deve ter 17 dígitos; foram lidos 3 dígitos "123"',
    ],
    [
      { code: 'digits', field: 'usuario_cartao', want: 17, got: 1, shown: '1' },
      'must be 17 digits; understood 1 digit "1"',
      'deve ter 17 dígitos; foi lido 1 dígito "1"',
    ],
    [
      { code: 'date', field: 'data', layout: 'DD/MM/YYYY' },
      'must be a date DD/MM/YYYY',
      'deve ser uma data DD/MM/AAAA',
    ],
    [
      { code: 'calendar', field: 'data', layout: 'yyyy-mm-dd' },
      'must be a real calendar date (yyyy-mm-dd)',
      'deve ser uma data que exista no calendário (aaaa-mm-dd)',
    ],
    [
      { code: 'required', field: 'usuario_cartao', rule: { code: 'digits', want: 17 } },
      'is required (17 digits)',
      'é obrigatório (17 dígitos)',
    ],
    [
      { code: 'unknown', field: 'zzz', operation: 'buscacep' },
      'is not a parameter of buscacep',
      'não é um parâmetro de buscacep',
    ],
    [
      { code: 'later-same-day', field: 'dt_hr_fim', start: 'dt_hr_inicio' },
      'must be later than dt_hr_inicio, on the same day',
      'deve ser posterior a dt_hr_inicio, no mesmo dia',
    ],
    [
      {
        code: 'at-least-one',
        field: '',
        why: { en: 'nothing to update', 'pt-BR': 'nada a atualizar' },
        names: ['usuario_telefone', 'usuario_celular', 'usuario_fax', 'usuario_email'],
      },
      'nothing to update: give usuario_telefone, usuario_celular, usuario_fax or usuario_email',
      'nada a atualizar: informe usuario_telefone, usuario_celular, usuario_fax ou usuario_email',
    ],
    [
      { code: 'check-digit', field: 'usuario_cartao', want: 5, got: 6 },
      'the check digit does not match: the first 16 digits give 5, the number ends in 6 (check it)',
      'o dígito verificador não confere: os 16 primeiros dígitos dão 5, e o número termina em 6 (confira)',
    ],
    [
      {
        code: 'undocumented',
        field: 'finalidade',
        codes: ['ZZ'],
        known: { RES: { en: 'residence', 'pt-BR': 'residência' }, COB: { en: 'billing', 'pt-BR': 'cobrança' } },
      },
      'ZZ is not a documented code (RES residence, COB billing)',
      'ZZ não é um código documentado (RES residência, COB cobrança)',
    ],
    [
      { code: 'list-long', field: 'tipo_documento', most: 16 },
      'must be a list of at most 16 codes',
      'deve ser uma lista de no máximo 16 códigos',
    ],
    [
      { code: 'cpf-check', field: 'cpf' },
      'must be a CPF with valid check digits',
      'deve ser um CPF com dígitos verificadores válidos',
    ],
  ] as Array<[Problem, string, string]>)('problem %j: %s / %s', (problem, english, portuguese) => {
    expect(en.problem(problem)).toBe(english);
    expect(pt.problem(problem)).toBe(portuguese);
  });

  it('words what an answer carried, and why its shape is wrong', () => {
    expect(en.received({ type: 'string', chars: 3, excerpt: '"abc"' })).toBe('a string of 3 characters ("abc")');
    expect(pt.received({ type: 'string', chars: 3, excerpt: '"abc"' })).toBe('um texto de 3 caracteres ("abc")');
    const fault = {
      code: 'record' as const,
      record: 0,
      problem: { code: 'cep' as const, field: 'endereco.1.cep', min: 8, max: 11 },
      received: { type: 'number' as const, excerpt: '1310100' },
    };
    expect(en.shape(fault)).toBe('record 0 field endereco.1.cep: must be 8 to 11 digits; received a number (1310100)');
    expect(pt.shape(fault)).toBe(
      'registro 0, campo endereco.1.cep: deve ter de 8 a 11 dígitos; veio um número (1310100)',
    );
  });
});
