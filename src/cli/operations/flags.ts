/** A catalogue field as a command-line flag: kebab-case spec name, help with the rule and an example. */
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

export function fieldDescription(f: Field): string {
  let text = `${f.help}: ${f.rule}, e.g. ${f.example}`;
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
