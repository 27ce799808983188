/**
 * The questions for catalogue fields (src/cli/interactive/fields.ts), the
 * prompt for missing required flags (params-hook.ts), an address looked up by
 * its CEP, and the words the
 * prompt library says itself (the yes/no of a confirmation, the keys' help).
 */
import type { Translation, Words } from '../shape.js';
import { plural } from '../format.js';

const en = {
  /** A few input forms besides the wire one, in a question: `; also 11 98765-4321, (11) 98765-4321`. */
  alsoForms: (forms: string) => `; also ${forms}`,
  listOfCodes: (codes: string) => `(comma-separated codes; documented: ${codes})`,
  listByRule: (rule: string, example: string) => `(${rule}; comma-separated, e.g. ${example})`,
  optional: '(optional, Enter to skip)',
  leaveEmpty: '(leave empty)',
  /** A closed set typed, nothing preselected (a health-declaration answer). */
  typeOneOf: (choices: string) => `(type ${choices}; no answer is assumed)`,
  otherCode: 'other code…',
  /** The question after "other code…": the field's question, then the rule. */
  otherCodeQuestion: (question: string, rule: string) => `${question} other code (${rule})`,
  /** A rule problem as the question shows it: the problem, then a value that keeps the rule. */
  withExample: (problem: string, example: string) => `${problem}, e.g. ${example}`,
  notValid: 'is not valid',
  /** An empty answer to a required question. */
  required: 'an answer is required',
  /** A read that found nothing, when the service said nothing more. */
  noResult: 'no result',
  /** A postal code's address, looked up (an address asked for: the enrolment wizard, `registration save-address`): its parts are offered (Enter keeps them). */
  cepFound: (cep: string, address: string) => `CEP ${cep}: ${address} (Enter keeps each part, or type another)`,
  /** Before the questions for the required flags a command line left out. */
  missing: (command: string, n: number, flags: string) =>
    `${command}: ${plural('en', n, { one: '# required field', other: '# required fields' })} missing (${flags}); answer below, or Ctrl-C to stop.`,
  /** What the prompt library says itself (@inquirer/prompts' theme). */
  words: {
    yes: 'Yes',
    no: 'No',
    mustAnswer: (yes: string, no: string) => `You must answer with "${yes}" or "${no}"`,
    navigate: 'navigate',
    select: 'select',
    noResults: 'No results found',
    disabled: 'This option is disabled and cannot be selected.',
  },
};

const ptBR: Translation<typeof en> = {
  alsoForms: (forms) => `; também ${forms}`,
  listOfCodes: (codes) => `(códigos separados por vírgula; documentados: ${codes})`,
  listByRule: (rule, example) => `(${rule}; separados por vírgula, ex.: ${example})`,
  optional: '(opcional, Enter para pular)',
  leaveEmpty: '(deixar em branco)',
  typeOneOf: (choices) => `(digite ${choices}; nenhuma resposta é presumida)`,
  otherCode: 'outro código…',
  otherCodeQuestion: (question, rule) => `${question} outro código (${rule})`,
  withExample: (problem, example) => `${problem}, ex.: ${example}`,
  notValid: 'não é válido',
  required: 'a resposta é obrigatória',
  noResult: 'nenhum resultado',
  cepFound: (cep, address) => `CEP ${cep}: ${address} (Enter mantém cada parte, ou digite outra)`,
  missing: (command, n, flags) =>
    `${command}: ${plural('pt-BR', n, { one: 'falta # campo obrigatório', other: 'faltam # campos obrigatórios' })} (${flags}); responda abaixo, ou Ctrl-C para parar.`,
  words: {
    yes: 'Sim',
    no: 'Não',
    mustAnswer: (yes, no) => `Responda "${yes}" ou "${no}"`,
    navigate: 'navegar',
    select: 'escolher',
    noResults: 'Nada encontrado',
    disabled: 'Esta opção não pode ser escolhida.',
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
