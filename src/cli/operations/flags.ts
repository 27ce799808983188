/**
 * A catalogue field as a command-line flag: kebab-case spec name, help with
 * the rule, an example, the other forms it accepts (`forms`) and, for an open
 * code list, the documented codes.
 */
import { Option } from 'commander';
import type { Field } from '../../catalogue/index.js';

export function flagOf(field: string): string {
  return `--${field.replace(/_/g, '-')}`;
}

/** The positional argument's name in usage lines: `card` for usuario_cartao, else the field name. */
export function argumentOf(field: string): string {
  return field === 'usuario_cartao' ? 'card' : field;
}

function placeholder(f: Field): string {
  if (f.choices) return f.choices.join('|');
  return f.kind === 'int' ? 'n' : f.kind === 'array' ? 'code' : 'value';
}

/** `; also accepts 11 98765-4321, +55 11 98765-4321`: the field's input forms other than its example. */
export function formsText(f: Field): string {
  const others = (f.forms ?? []).filter((form) => form !== f.example);
  return others.length ? `; also accepts ${others.join(', ')}` : '';
}

/** `; documented codes: 1 Android, 2 iOS (others are sent with a warning)`. */
export function suggestionsText(f: Field): string {
  if (!f.suggestions) return '';
  const codes = Object.entries(f.suggestions).map(([code, meaning]) => `${code} ${meaning}`);
  return `; documented codes: ${codes.join(', ')} (others are sent with a warning)`;
}

export function fieldDescription(f: Field): string {
  let text = `${f.help}: ${f.rule}, e.g. ${f.example}${formsText(f)}${suggestionsText(f)}`;
  if (f.kind === 'array') text += '; repeat the flag or give a comma list';
  if (f.cliDefault !== undefined) text += ` (default: ${f.cliDefault})`;
  else if (f.required) text += ' (required)';
  return text;
}

function appendCodes(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').map((s) => s.trim())];
}

export function fieldOption(name: string, f: Field): Option {
  const option = new Option(`${flagOf(name)} <${placeholder(f)}>`, fieldDescription(f));
  return f.kind === 'array' ? option.argParser(appendCodes) : option;
}
