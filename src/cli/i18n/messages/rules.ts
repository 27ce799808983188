/**
 * The catalogue's field rules as the CLI shows them to people. The catalogue
 * (src/catalogue) is shared with the embedded server, whose 422 messages stay
 * in English: it words each rule once (`17 digits`), and its checks say what
 * is wrong in those words (`must be 17 digits`, `is required (17 digits)`,
 * `understood 3 digits "123"`). The CLI translates them by their English
 * text, as gettext does with a message id: one table of the shapes the
 * catalogue's rule builders write (rules.ts: `text`, `digits`, `int`, the
 * dates…), each with its Portuguese. test/cli/i18n-catalogue-text.test.ts
 * walks every parameter of every operation, its rule, the problems of its
 * invalid values, its warnings, and fails on any text this table does not
 * translate. A text it does not know is shown as the catalogue wrote it.
 */
import type { Translation } from '../shape.js';
import { meaningPt, meaningsInPt } from './codes.js';

/** A rule in Portuguese, and the verb that says it must hold: `deve ter 17 dígitos`, `deve ser uma data`. */
interface Phrase {
  readonly verb: 'ter' | 'ser';
  readonly text: string;
}

const has = (text: string): Phrase => ({ verb: 'ter', text });
const is = (text: string): Phrase => ({ verb: 'ser', text });
const plural = (n: string, one: string, many: string) => `${n} ${n === '1' ? one : many}`;

/** A date layout as Brazilians write it: `DD/MM/AAAA`, `aaaa-mm-dd hh:mi`. */
function layoutPt(layout: string): string {
  if (layout === 'Y-m-d H:i:s') return 'aaaa-mm-dd hh:mi:ss';
  return layout.replace('YYYY', 'AAAA').replace('yyyy', 'aaaa');
}

/** `S = yes, N = no` → `S = sim, N = não`. */
function letterMeanings(text: string): string | undefined {
  const parts = text.split(', ').map((p) => {
    const m = /^(\S+) = (.+)$/.exec(p);
    const meaning = m ? meaningPt(m[2]!) : undefined;
    return m && meaning !== undefined ? `${m[1]} = ${meaning}` : undefined;
  });
  return parts.every((p) => p !== undefined) ? parts.join(', ') : undefined;
}

type Shape = readonly [RegExp, (...groups: string[]) => Phrase | undefined];

/** The rules in words, as the catalogue's rule builders write them (src/catalogue/rules.ts and its callers). */
const phrases: readonly Shape[] = [
  [/^up to (\d+) characters$/, (n) => has(`até ${n} caracteres`)],
  [/^(\d+) to (\d+) characters$/, (a, b) => has(a === b ? `${a} caracteres` : `de ${a} a ${b} caracteres`)],
  [/^(\d+) digits$/, (n) => has(`${n} dígitos`)],
  [/^(\d+) to (\d+) digits, no hyphen$/, (a, b) => has(`de ${a} a ${b} dígitos, sem hífen`)],
  [/^alphanumeric, (\d+) to (\d+) characters$/, (a, b) => has(`de ${a} a ${b} letras ou algarismos`)],
  [/^\(99\)999999999$/, () => is('um telefone (99)999999999')],
  [
    /^\(99\) area code then 8 or 9 digits(?:, as (\S+))?$/,
    (example) => has(`o DDD entre parênteses, depois 8 ou 9 dígitos${example ? `, como ${example}` : ''}`),
  ],
  [/^an e-mail address of up to (\d+) characters$/, (n) => is(`um e-mail de até ${n} caracteres`)],
  [/^an e-mail address$/, () => is('um endereço de e-mail')],
  [/^an integer of (\d+) digits?$/, (n) => is(`um número inteiro de ${plural(n, 'dígito', 'dígitos')}`)],
  [/^an integer of up to (\d+) digits$/, (n) => is(`um número inteiro de até ${n} dígitos`)],
  [/^an integer of (\d+) to (\d+) digits$/, (a, b) => is(`um número inteiro de ${a} a ${b} dígitos`)],
  [/^a date of birth, not in the future$/, () => is('uma data de nascimento que não esteja no futuro')],
  [/^a date (DD\/MM\/YYYY), not in the future$/, (l) => is(`uma data ${layoutPt(l!)} que não esteja no futuro`)],
  [/^a date and time (.+)$/, (l) => is(`uma data e hora ${layoutPt(l!)}`)],
  [/^a date (\S+)$/, (l) => is(`uma data ${layoutPt(l!)}`)],
  [
    /^a real calendar date, a date( and time)? (.+)$/,
    (time, l) => is(`uma data${time ? ' e hora' : ''} que exista no calendário (${layoutPt(l!)})`),
  ],
  [/^a time hh:mi$/, () => is('uma hora hh:mi')],
  [
    /^a CPF 999\.999\.999-99 with valid check digits$/,
    () => is('um CPF 999.999.999-99 com dígitos verificadores válidos'),
  ],
  [/^a CPF 999\.999\.999-99$/, () => is('um CPF 999.999.999-99')],
  [/^a CPF written 999\.999\.999-99$/, () => is('um CPF escrito 999.999.999-99')],
  [/^a CPF with valid check digits$/, () => is('um CPF com dígitos verificadores válidos')],
  [
    /^a list of codes of up to (\d+) characters, at most (\d+) of them$/,
    (n, max) => is(`uma lista de códigos de até ${n} caracteres, no máximo ${max}`),
  ],
  [/^a code of (\d+) to (\d+) characters$/, (a, b) => is(`um código de ${a} a ${b} caracteres`)],
  [/^a list of codes$/, () => is('uma lista de códigos')],
  [/^a list of at least one code$/, () => is('uma lista de pelo menos um código')],
  [/^a list of at most (\d+) codes$/, (n) => is(`uma lista de no máximo ${n} códigos`)],
  [/^base64 of the file$/, () => is('o conteúdo do arquivo em base64')],
  [/^base64 text \(length a multiple of 4\)$/, () => is('texto em base64 (de tamanho múltiplo de 4)')],
  [/^base64(?: text)?$/, () => is('texto em base64')],
  [/^text$/, () => is('texto')],
  [
    /^(.+), or empty$/,
    (rule) => {
      const p = phrasePt(rule!);
      return p && { ...p, text: `${p.text}, ou vazio` };
    },
  ],
  [
    // A closed set of codes, with the meaning of each when the rule gives it: `S or N (S = yes, N = no)`, `1, 2, 3 or 4`.
    /^(\w+(?:, \w+)*) or (\w+)(?: \((.+)\))?$/,
    (list, last, meanings) => {
      const said = meanings === undefined ? '' : letterMeanings(meanings);
      return said === undefined ? undefined : is(`${list} ou ${last}${said ? ` (${said})` : ''}`);
    },
  ],
];

function match(shapes: readonly Shape[], text: string): Phrase | undefined {
  for (const [re, make] of shapes) {
    const m = re.exec(text);
    if (m) return make(...m.slice(1));
  }
  return undefined;
}

/** A rule in words in Portuguese, with its verb; undefined when the table has no such rule. */
export function phrasePt(rule: string): Phrase | undefined {
  return match(phrases, rule);
}

/** `a, b or c` → `a, b ou c`. */
const eitherPt = (names: string) => names.replace(/ or (\S+)$/, ' ou $1');

/** Why a request needs one of some fields (the catalogue's `atLeastOne` checks). */
const whys: Readonly<Record<string, string>> = {
  'what to change': 'o que alterar',
  'nothing to update': 'nada a atualizar',
};

/** What the catalogue says of one value, one clause at a time (validate.ts, checks.ts, plain-text.ts, input-forms.ts, open-codes.ts). */
const clauses: ReadonlyArray<readonly [RegExp, (...groups: string[]) => string | undefined]> = [
  [
    /^must be (.+)$/,
    (rule) => {
      const p = phrasePt(rule!);
      return p && `deve ${p.verb} ${p.text}`;
    },
  ],
  [
    /^is required \((.+)\)$/,
    (rule) => {
      const p = phrasePt(rule!);
      return p && `é obrigatório (${p.text})`;
    },
  ],
  [/^is required$/, () => 'é obrigatório'],
  // zod's own word for a value that matches no branch of a union (a response field that may be empty).
  [/^Invalid input$/, () => 'é inválido'],
  [/^is not a parameter of (\S+)$/, (name) => `não é um parâmetro de ${name}`],
  [
    /^must not contain control characters \(found (U\+[0-9A-F]+) at position (\d+)\)$/,
    (c, at) => `não pode ter caracteres de controle (${c} na posição ${at})`,
  ],
  [
    /^must not contain invisible format characters \(found (U\+[0-9A-F]+) at position (\d+)\)$/,
    (c, at) => `não pode ter caracteres invisíveis de formatação (${c} na posição ${at})`,
  ],
  [
    /^is not valid UTF-8 \(byte (0x[0-9A-F]+) at position (\d+)\)$/,
    (b, at) => `não é UTF-8 válido (byte ${b} na posição ${at})`,
  ],
  [
    /^is not valid Unicode \(lone surrogate (U\+[0-9A-F]+) at position (\d+)\)$/,
    (c, at) => `não é Unicode válido (surrogate isolado ${c} na posição ${at})`,
  ],
  [/^must be later than (\S+), on the same day$/, (start) => `deve ser posterior a ${start}, no mesmo dia`],
  [
    /^(.+): give (.+)$/,
    (why, names) => (Object.hasOwn(whys, why!) ? `${whys[why!]}: informe ${eitherPt(names!)}` : undefined),
  ],
  [
    /^understood (\d+) digits? "(.*)"$/,
    (n, digits) => `${n === '1' ? 'foi lido 1 dígito' : `foram lidos ${n} dígitos`} "${digits}"`,
  ],
  [
    /^the check digit does not match: the first 16 digits give (\d), the number ends in (\d) \(check it\)$/,
    (expected, last) =>
      `o dígito verificador não confere: os 16 primeiros dígitos dão ${expected}, e o número termina em ${last} (confira)`,
  ],
  [
    /^(.+) (is not a documented code|are not documented codes) \((.+)\)$/,
    (codes, what, listing) =>
      `${codes} ${what!.startsWith('is') ? 'não é um código documentado' : 'não são códigos documentados'} (${meaningsInPt(listing!)})`,
  ],
];

/**
 * A problem, warning or note of the catalogue in Portuguese: each clause
 * (`must be 17 digits; understood 3 digits "123"`) translated; undefined when
 * a clause is not in the table.
 */
export function problemPt(text: string): string | undefined {
  const out: string[] = [];
  for (const clause of text.split('; ')) {
    let said: string | undefined;
    for (const [re, make] of clauses) {
      const m = re.exec(clause);
      said = m ? make(...m.slice(1)) : undefined;
      if (said !== undefined) break;
    }
    if (said === undefined) return undefined;
    out.push(said);
  }
  return out.join('; ');
}

export const en = {
  /** A field's rule in words, as the catalogue words it: `17 digits`. */
  rule: (words: string): string => words,
  /** A problem, warning or note about a value, as the catalogue says it: `must be 17 digits`. */
  problem: (text: string): string => text,
};

export const ptBR: Translation<typeof en> = {
  rule: (words) => phrasePt(words)?.text ?? words,
  problem: (text) => problemPt(text) ?? text,
};
