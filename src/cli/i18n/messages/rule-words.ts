/**
 * The catalogue's rule wording (rules.ts: "17 digits", "up to 60 characters",
 * "a date DD/MM/YYYY") in Brazilian Portuguese, for help and prompts: one
 * pattern per kind of rule, in one place. A wording no pattern matches stays
 * in English (test/cli/help-i18n.test.ts fails on any catalogue rule left so).
 */

/** Date layouts as a Brazilian reads them: AAAA for the year. */
const layout = (text: string) => text.replace('YYYY', 'AAAA').replace('yyyy', 'aaaa');

const plural = (n: string, one: string, many: string) => (n === '1' ? `1 ${one}` : `${n} ${many}`);

/** What an "X or Y (meaning)" choice's meaning says. */
const meanings: Readonly<Record<string, string>> = {
  'S = yes, N = no': 'S = sim, N = não',
  'R = residential, C = commercial': 'R = residencial, C = comercial',
};

const patterns: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string | undefined]> = [
  [/^(.+), not in the future$/, (m) => withSuffix(m[1]!, ', que não esteja no futuro')],
  [/^(\d+) digits$/, (m) => plural(m[1]!, 'dígito', 'dígitos')],
  [/^(\d+) to (\d+) digits, no hyphen$/, (m) => `${m[1]} a ${m[2]} dígitos, sem hífen`],
  [/^\(99\) area code then 8 or 9 digits$/, () => '(99) DDD e depois 8 ou 9 dígitos'],
  [/^an e-mail address of up to (\d+) characters$/, (m) => `um endereço de e-mail de até ${m[1]} caracteres`],
  [/^an integer of up to (\d+) digits$/, (m) => `um inteiro de até ${plural(m[1]!, 'dígito', 'dígitos')}`],
  [/^an integer of (\d+) digits?$/, (m) => `um inteiro de ${plural(m[1]!, 'dígito', 'dígitos')}`],
  [/^an integer of (\d+) to (\d+) digits$/, (m) => `um inteiro de ${m[1]} a ${m[2]} dígitos`],
  [/^up to (\d+) characters$/, (m) => `até ${plural(m[1]!, 'caractere', 'caracteres')}`],
  [/^(\d+) to (\d+) characters$/, (m) => `de ${m[1]} a ${m[2]} caracteres`],
  [/^alphanumeric, (\d+) to (\d+) characters$/, (m) => `alfanumérico, de ${m[1]} a ${m[2]} caracteres`],
  [/^a date and time (.+)$/, (m) => `uma data e hora ${layout(m[1]!)}`],
  [/^a date (.+)$/, (m) => `uma data ${layout(m[1]!)}`],
  [/^a time (.+)$/, (m) => `um horário ${m[1]}`],
  [/^a CPF (\S+) with valid check digits$/, (m) => `um CPF ${m[1]} com dígitos verificadores válidos`],
  [
    /^a list of codes of up to (\d+) characters, at most (\d+) of them$/,
    (m) => `uma lista de códigos de até ${m[1]} caracteres, no máximo ${m[2]}`,
  ],
  [/^base64 of the file$/, () => 'o conteúdo do arquivo em base64'],
  [
    /^(\w+(?: or \w+)+)(?: \((.+)\))?$/,
    (m) => {
      const list = m[1]!.replace(/ or /g, ' ou ');
      if (m[2] === undefined) return list;
      const meaning = meanings[m[2]];
      return meaning === undefined ? undefined : `${list} (${meaning})`;
    },
  ],
];

function withSuffix(rule: string, suffix: string): string | undefined {
  const words = ruleInPortuguese(rule);
  return words === undefined ? undefined : `${words}${suffix}`;
}

/** The Portuguese wording of a catalogue rule, or undefined when no pattern knows it. */
export function ruleInPortuguese(rule: string): string | undefined {
  for (const [re, words] of patterns) {
    const m = re.exec(rule);
    if (m) return words(m);
  }
  return undefined;
}
