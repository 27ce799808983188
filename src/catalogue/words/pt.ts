/**
 * The catalogue's data in Brazilian Portuguese (types.ts): a rule is said
 * with its verb (`deve ter 17 dígitos`, `deve ser uma data`), date layouts as
 * Brazilians write them (`DD/MM/AAAA`).
 */
import type { Check } from '../checks.js';
import { type DateLayout, FIRST_YEAR } from '../dates.js';
import type { JsonType, Problem, Received, Rule, RuleProblem, ShapeFault } from '../problems.js';
import type { CatalogueWords, ProblemRenderings, RuleRenderings } from './types.js';
import { counted as countedIn, plural } from './numbers.js';

/** A rule in Portuguese, and the verb that says it must hold: `deve ter 17 dígitos`, `deve ser uma data`. */
interface Phrase {
  readonly verb: 'ter' | 'ser';
  readonly text: string;
}

const has = (text: string): Phrase => ({ verb: 'ter', text });
const is = (text: string): Phrase => ({ verb: 'ser', text });
const counted = (n: number, one: string, other: string) => countedIn('pt-BR', n, one, other);

/** `a, b ou c`. */
export const ou = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]}` : (names[0] ?? '');

/** A date layout as Brazilians write it: `DD/MM/AAAA`, `aaaa-mm-dd hh:mi`. */
export function layoutPt(layout: DateLayout): string {
  if (layout === 'Y-m-d H:i:s') return 'aaaa-mm-dd hh:mi:ss';
  return layout.replace('YYYY', 'AAAA').replace('yyyy', 'aaaa');
}

const rules: RuleRenderings<Phrase> = {
  text: ({ min, max }) =>
    has(
      min === 0
        ? `até ${max} caracteres`
        : min === max
          ? counted(max, 'caractere', 'caracteres')
          : `de ${min} a ${max} caracteres`,
    ),
  alnum: ({ min, max }) => has(`de ${min} a ${max} letras ou algarismos`),
  digits: ({ want }) => has(counted(want, 'dígito', 'dígitos')),
  cep: ({ min, max }) => has(`de ${min} a ${max} dígitos`),
  phone: () => has('o DDD entre parênteses, depois 8 ou 9 dígitos'),
  email: ({ max }) => is(`um e-mail de até ${max} caracteres`),
  choice: ({ values, meanings }) => {
    const list = ou(values);
    if (!meanings) return is(list);
    return is(`${list} (${values.map((v) => `${v} = ${meanings[v]?.['pt-BR'] ?? '?'}`).join(', ')})`);
  },
  int: ({ min, max }) =>
    is(
      min === max
        ? `um número inteiro de ${counted(min, 'dígito', 'dígitos')}`
        : min <= 1
          ? `um número inteiro de até ${max} dígitos`
          : `um número inteiro de ${min} a ${max} dígitos`,
    ),
  date: ({ layout, from }) =>
    is(
      `${layout.includes(' ') ? `uma data e hora ${layoutPt(layout)}` : `uma data ${layoutPt(layout)}`}${
        from === undefined ? '' : ` a partir de ${from}`
      }`,
    ),
  'birth-date': () => is(`uma data DD/MM/AAAA a partir de ${FIRST_YEAR} que não esteja no futuro`),
  time: () => is('uma hora hh:mi'),
  cpf: () => is('um CPF 999.999.999-99 com dígitos verificadores válidos'),
  codes: ({ each, most }) => is(`uma lista de códigos de até ${each} caracteres, no máximo ${most}`),
  base64: () => is('o conteúdo do arquivo em base64'),
  'or-empty': ({ rule }) => {
    const p = phrase(rule);
    return { ...p, text: `${p.text}, ou vazio` };
  },
};

function phrase(rule: Rule): Phrase {
  return (rules[rule.code] as (r: Rule) => Phrase)(rule);
}

const types: Readonly<Record<JsonType, string>> = {
  string: 'um texto',
  number: 'um número',
  integer: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  null: 'null',
  other: 'outro valor',
};

const problems: ProblemRenderings = {
  required: ({ rule }) => `é obrigatório (${phrase(rule).text})`,
  calendar: ({ layout }) => `deve ser uma data que exista no calendário (${layoutPt(layout)})`,
  future: () => 'deve ser uma data de nascimento que não esteja no futuro',
  early: ({ from }) => `deve ser uma data a partir do ano ${from}`,
  'cpf-check': () => 'deve ser um CPF com dígitos verificadores válidos',
  'list-empty': () => 'deve ser uma lista de pelo menos um código',
  'list-long': ({ most }) => `deve ser uma lista de no máximo ${most} códigos`,
  'code-length': ({ min, max }) => `deve ser um código de ${min} a ${max} caracteres`,
  'base64-length': () => 'deve ser texto em base64 (de tamanho múltiplo de 4)',
  group: () => 'deve ser um objeto ou uma lista de objetos',
  type: ({ want }) => `deve ser ${types[want]}`,
  invalid: () => 'não é válido',
  control: ({ char, at }) => `não pode ter caracteres de controle (${char} na posição ${at})`,
  utf8: ({ byte, at }) => `não é UTF-8 válido (byte ${byte} na posição ${at})`,
  surrogate: ({ char, at }) => `não é Unicode válido (surrogate isolado ${char} na posição ${at})`,
  format: ({ char, at }) => `não pode ter caracteres invisíveis de formatação (${char} na posição ${at})`,
  line: ({ char, at }) => `deve ser uma só linha, sem separador de linha ou de parágrafo (${char} na posição ${at})`,
  invisible: ({ char, at }) =>
    `não pode ter caracteres que aparecem como nada ou como espaço, de uso privado ou não caracteres (${char} na posição ${at})`,
  unknown: ({ operation }) => `não é um parâmetro de ${operation}`,
  'later-same-day': ({ start }) => `deve ser posterior a ${start}, no mesmo dia`,
  'at-least-one': ({ why, names }) => `${why['pt-BR']}: informe ${ou(names)}`,
  'too-many': ({ most }) =>
    `parâmetros demais: uma requisição leva no máximo ${most} valores (pares nome=valor, membros JSON e elementos de listas, na consulta e no corpo juntos)`,
  'check-digit': ({ want, got }) =>
    `o dígito verificador não confere: os 16 primeiros dígitos dão ${want}, e o número termina em ${got} (confira)`,
  undocumented: ({ codes, known }) => {
    const listing = Object.entries(known)
      .map(([code, meaning]) => `${code} ${meaning['pt-BR']}`)
      .join(', ');
    return `${codes.join(', ')} ${plural('pt-BR', codes.length, { one: 'não é um código documentado', other: 'não são códigos documentados' })} (${listing})`;
  },
};

function problem(p: Problem): string {
  if (Object.hasOwn(rules, p.code)) {
    const broken = p as RuleProblem;
    const { verb, text } = phrase(broken);
    const said = `deve ${verb} ${text}`;
    if (broken.got === undefined) return said;
    const read = plural('pt-BR', broken.got, { one: 'foi lido # dígito', other: 'foram lidos # dígitos' });
    return `${said}; ${read} "${broken.shown ?? ''}"${broken.cpf ? ', que são um CPF, não um número de cartão' : ''}`;
  }
  return (problems[p.code as keyof ProblemRenderings] as (p: Problem) => string)(p);
}

function received(r: Received): string {
  switch (r.type) {
    case 'absent':
      return 'nada (o campo está ausente)';
    case 'null':
      return 'null';
    case 'array':
      return `uma lista de ${counted(r.length, 'elemento', 'elementos')}`;
    case 'string':
      return `um texto de ${counted(r.chars, 'caractere', 'caracteres')} (${r.excerpt})`;
    case 'number':
      return `um número (${r.excerpt})`;
    case 'boolean':
      return `um booleano (${r.value})`;
    case 'object':
      return `um objeto com ${counted(r.keys, 'chave', 'chaves')}`;
  }
}

function shape(f: ShapeFault): string {
  if (f.code === 'not-records') return `a resposta não é uma lista JSON de registros (veio ${types[f.got]})`;
  const where = `registro ${f.record}${f.problem.field ? `, campo ${f.problem.field}` : ''}`;
  return `${where}: ${problem(f.problem)}; veio ${received(f.received)}`;
}

function check(c: Check): string {
  if (c.kind === 'later-same-day') return `${c.end} é posterior a ${c.start}, no mesmo dia`;
  return `pelo menos um de ${c.names.join(', ')} é informado (${c.why['pt-BR']})`;
}

export const pt: CatalogueWords = {
  lang: 'pt-BR',
  rule: (r) => phrase(r).text,
  problem,
  received,
  shape,
  check,
  more: (n) => `e mais ${n}`,
};
