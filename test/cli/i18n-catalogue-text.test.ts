/**
 * The catalogue's words as the CLI shows them in Portuguese
 * (src/cli/i18n/messages/rules.ts and codes.ts): every rule, every problem
 * of every invalid value, every warning and documented meaning of every
 * parameter of every operation has its Portuguese; the server keeps the
 * catalogue's English. The literal expectations come from the rule builders'
 * English (src/catalogue/rules.ts) and Brazilian usage.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, type Field } from '../../src/catalogue/index.js';
import { checkProblem } from '../../src/catalogue/checks.js';
import { plainTextProblem } from '../../src/catalogue/plain-text.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { meaningPt } from '../../src/cli/i18n/messages/codes.js';
import { phrasePt, problemPt } from '../../src/cli/i18n/messages/rules.js';

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

/** What the catalogue can say of a field: its rule, the problems of its invalid values, what it understood, its warnings. */
function textsOf(f: Field): { rules: string[]; problems: string[]; meanings: string[] } {
  const problems = [`is required (${f.rule})`];
  for (const value of f.invalid) {
    const checked = f.schema.safeParse(value);
    if (!checked.success) problems.push(...checked.error.issues.map((i) => i.message));
    const understood = f.understood?.(value);
    if (understood) problems.push(understood);
  }
  if (f.suggestions && f.warn) problems.push(f.warn(f.kind === 'array' ? ['ZZ', 'YY'] : f.kind === 'int' ? 9 : 'ZZ')!);
  if (f.suggestions && f.warn && f.kind === 'array') problems.push(f.warn(['ZZ'])!);
  return { rules: [f.rule], problems, meanings: Object.values(f.suggestions ?? {}) };
}

describe('the catalogue in Portuguese', () => {
  const fields = everyField();

  it('has a Portuguese wording of every rule, problem, warning and documented meaning', () => {
    expect(fields.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const [where, f] of fields) {
      const { rules, problems, meanings } = textsOf(f);
      for (const r of rules) if (phrasePt(r) === undefined) missing.push(`${where}: rule "${r}"`);
      for (const p of problems) if (problemPt(p) === undefined) missing.push(`${where}: problem "${p}"`);
      for (const m of meanings) if (meaningPt(m) === undefined) missing.push(`${where}: meaning "${m}"`);
    }
    expect(missing).toEqual([]);
  });

  it('words the problems of the rules across fields, and of the plain-text rule', () => {
    const checks = catalogue.flatMap((op) => op.checks ?? []);
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      const params =
        check.kind === 'later-same-day' ? { [check.start]: '2026-12-01 10:00', [check.end]: '2026-12-01 09:00' } : {};
      const problem = checkProblem(check, params)!;
      expect(problemPt(problem.message), problem.message).toBeDefined();
    }
    for (const text of ['a\u0001b', 'a\udc80', 'a\ud800b']) {
      const problem = plainTextProblem(text)!;
      expect(problemPt(problem), problem).toBeDefined();
    }
  });

  it('says each kind of rule as Brazilians write it', () => {
    const cases: Array<[string, string]> = [
      ['17 digits', '17 dígitos'],
      ['up to 60 characters', 'até 60 caracteres'],
      ['1 to 128 characters', 'de 1 a 128 caracteres'],
      ['2 to 2 characters', '2 caracteres'],
      ['alphanumeric, 1 to 15 characters', 'de 1 a 15 letras ou algarismos'],
      ['8 to 11 digits, no hyphen', 'de 8 a 11 dígitos, sem hífen'],
      ['(99) area code then 8 or 9 digits', 'o DDD entre parênteses, depois 8 ou 9 dígitos'],
      ['an e-mail address of up to 254 characters', 'um e-mail de até 254 caracteres'],
      ['an integer of 1 digit', 'um número inteiro de 1 dígito'],
      ['an integer of up to 10 digits', 'um número inteiro de até 10 dígitos'],
      ['an integer of 10 to 11 digits', 'um número inteiro de 10 a 11 dígitos'],
      ['a date DD/MM/YYYY', 'uma data DD/MM/AAAA'],
      ['a date yyyy-mm-dd', 'uma data aaaa-mm-dd'],
      ['a date and time yyyy-mm-dd hh:mi', 'uma data e hora aaaa-mm-dd hh:mi'],
      ['a date DD/MM/YYYY, not in the future', 'uma data DD/MM/AAAA que não esteja no futuro'],
      ['a time hh:mi', 'uma hora hh:mi'],
      ['a CPF 999.999.999-99 with valid check digits', 'um CPF 999.999.999-99 com dígitos verificadores válidos'],
      [
        'a list of codes of up to 3 characters, at most 16 of them',
        'uma lista de códigos de até 3 caracteres, no máximo 16',
      ],
      ['base64 of the file', 'o conteúdo do arquivo em base64'],
      ['M or F', 'M ou F'],
      ['S or N (S = yes, N = no)', 'S ou N (S = sim, N = não)'],
      ['R or C (R = residential, C = commercial)', 'R ou C (R = residencial, C = comercial)'],
      ['1, 2, 3 or 4', '1, 2, 3 ou 4'],
      ['up to 50 characters, or empty', 'até 50 caracteres, ou vazio'],
    ];
    for (const [en, pt] of cases) expect(phrasePt(en)?.text, en).toBe(pt);
  });

  it('says each kind of problem in Portuguese, keeping the values it quotes', () => {
    const cases: Array<[string, string]> = [
      ['must be 17 digits', 'deve ter 17 dígitos'],
      ['must be a date DD/MM/YYYY', 'deve ser uma data DD/MM/AAAA'],
      ['must be a real calendar date, a date yyyy-mm-dd', 'deve ser uma data que exista no calendário (aaaa-mm-dd)'],
      ['is required (17 digits)', 'é obrigatório (17 dígitos)'],
      ['is not a parameter of buscacep', 'não é um parâmetro de buscacep'],
      ['must be later than dt_hr_inicio, on the same day', 'deve ser posterior a dt_hr_inicio, no mesmo dia'],
      [
        'nothing to update: give usuario_telefone, usuario_celular, usuario_fax or usuario_email',
        'nada a atualizar: informe usuario_telefone, usuario_celular, usuario_fax ou usuario_email',
      ],
      ['must be 17 digits; understood 3 digits "123"', 'deve ter 17 dígitos; foram lidos 3 dígitos "123"'],
      [
        'the check digit does not match: the first 16 digits give 5, the number ends in 6 (check it)',
        'o dígito verificador não confere: os 16 primeiros dígitos dão 5, e o número termina em 6 (confira)',
      ],
      [
        'ZZ is not a documented code (RES residence, COM work, COB billing, COR correspondence)',
        'ZZ não é um código documentado (RES residência, COM trabalho, COB cobrança, COR correspondência)',
      ],
      [
        'must not contain control characters (found U+0001 at position 2)',
        'não pode ter caracteres de controle (U+0001 na posição 2)',
      ],
      [
        'must not contain invisible format characters (found U+200B at position 4)',
        'não pode ter caracteres invisíveis de formatação (U+200B na posição 4)',
      ],
    ];
    for (const [en, pt] of cases) expect(problemPt(en), en).toBe(pt);
  });

  it('leaves English as the catalogue wrote it, and shows an unknown text unchanged in Portuguese', () => {
    expect(messagesFor('en').rules.problem('must be 17 digits')).toBe('must be 17 digits');
    expect(messagesFor('pt-BR').rules.problem('must be 17 digits')).toBe('deve ter 17 dígitos');
    expect(messagesFor('pt-BR').rules.problem('something new')).toBe('something new');
    expect(messagesFor('pt-BR').codes.text('identity card (Registro Geral)')).toBe(
      'carteira de identidade (Registro Geral)',
    );
    expect(messagesFor('pt-BR').codes.text('activate (proposta → ativo)')).toBe('ativar (proposta → ativo)');
  });
});
