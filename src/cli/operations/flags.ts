/**
 * A catalogue field as a command-line flag: kebab-case spec name, help in the
 * run's language with the rule, an example, the other forms it accepts
 * (`forms`) and, for an open code list, the documented codes.
 */
import { Option } from 'commander';
import type { Field, Operation } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';

export function flagOf(field: string): string {
  return `--${field.replace(/_/g, '-')}`;
}

/**
 * The short flags of the fields people type most (`--cartao` for
 * `--usuario-cartao`), in the words a Portuguese speaker uses: each sets its
 * field as the field's own flag does.
 */
const shortFlags: Readonly<Record<string, string>> = {
  usuario_cartao: 'cartao',
  prest_cod_svc_card: 'prestador',
  cd_local: 'local',
  contrato_id: 'contrato',
  beneficiario_id: 'beneficiario',
  endereco_ind: 'endereco',
  dt_hr_inicio: 'inicio',
  dt_hr_fim: 'fim',
};

/** The short flag of a field (`--cartao`), if it has one. */
export function shortFlagOf(field: string): string | undefined {
  const short = shortFlags[field];
  return short === undefined ? undefined : `--${short}`;
}

/** The positional argument's name in usage lines: the word for a card (`card`, `cartão`) for usuario_cartao, else the field name. */
export function argumentOf(field: string, m: Messages): string {
  return field === 'usuario_cartao' ? m.help.field.card : field;
}

/** A field's example in the run's language: a text's words (a notification's content) when it has them, else its rule's. */
export function fieldExample(m: Messages, field: Field): string {
  return field.words.example ? m.common.said(field.words.example) : field.example;
}

function placeholder(f: Field, m: Messages): string {
  if (f.choices) return f.choices.join('|');
  const words = m.help.field.placeholder;
  return f.kind === 'int' ? 'n' : f.kind === 'array' ? words.code : words.value;
}

/**
 * The help of `op`'s parameter `name`: what it is, its rule, an example, the
 * other input forms it accepts, an open list's documented codes with their
 * meaning, and whether it is required or has a default.
 */
export function fieldDescription(op: Operation, name: string, m: Messages): string {
  const f = op.params[name]!;
  const words = m.help.field;
  const catalogue = m.fieldsHelp;
  const parts = [`${catalogue.field(op, name)}: ${catalogue.rule(f)}, ${words.example(fieldExample(m, f))}`];
  const forms = (f.forms ?? []).filter((form) => form !== f.example);
  if (forms.length) parts.push(words.alsoAccepts(forms.join(', ')));
  if (f.suggestions) {
    const codes = Object.entries(f.suggestions).map(([code, meaning]) => `${code} ${catalogue.code(meaning)}`);
    parts.push(words.documentedCodes(codes.join(', ')));
  }
  if (f.kind === 'array') parts.push(words.repeat);
  const text = parts.join('; ');
  if (f.cliDefault !== undefined) return `${text} ${words.default(f.cliDefault)}`;
  return f.required ? `${text} ${words.required}` : text;
}

function appendCodes(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').map((s) => s.trim())];
}

export function fieldOption(op: Operation, name: string, m: Messages): Option {
  const f = op.params[name]!;
  const short = shortFlagOf(name);
  const help = fieldDescription(op, name, m);
  const option = new Option(
    `${flagOf(name)} <${placeholder(f, m)}>`,
    short ? `${help}; ${m.help.field.shortFlag(short)}` : help,
  );
  return f.kind === 'array' ? option.argParser(appendCodes) : option;
}

/**
 * The short flag of a field as an option of its own (its help is the field's:
 * hidden), which stores its value where the field's option does.
 */
export function shortFieldOption(field: Option, name: string): Option | undefined {
  const short = shortFlagOf(name);
  if (short === undefined) return undefined;
  const option = new Option(`${short} <${field.flags.split('<')[1]!.slice(0, -1)}>`).hideHelp();
  const attribute = field.attributeName();
  option.attributeName = () => attribute;
  return field.parseArg ? option.argParser(field.parseArg) : option;
}
