/**
 * commander's usage errors as data, taken where commander raises them (the
 * overrides in help/command.ts), and worded by the run's messages (in English,
 * the words commander itself would write): nothing commander wrote is
 * translated after the fact.
 */
import type { Messages } from '../i18n/index.js';

type Errors = Messages['help']['errors'];

/** Where a conflicting value came from. */
export type ValueSource = { readonly option: string } | { readonly environment: string };

/** Why a value is invalid: not one of the option's choices, or its parser's words (already in the run's language). */
export type Invalidity = { readonly choices: readonly string[] } | { readonly because: string };

export type UsageProblem =
  | { readonly kind: 'unknownOption'; readonly flag: string; readonly similar: readonly string[] }
  | { readonly kind: 'unknownCommand'; readonly name: string; readonly similar: readonly string[] }
  | { readonly kind: 'missingArgument'; readonly name: string }
  | { readonly kind: 'optionMissingArgument'; readonly flags: string }
  | { readonly kind: 'excessArguments'; readonly command?: string; readonly expected: number; readonly got: number }
  | { readonly kind: 'invalidOption'; readonly flags: string; readonly value: string; readonly why: Invalidity }
  | { readonly kind: 'invalidArgument'; readonly name: string; readonly value: string; readonly why: Invalidity }
  | { readonly kind: 'conflicting'; readonly one: ValueSource; readonly other: ValueSource };

const sourceText = (e: Errors, s: ValueSource): string =>
  'option' in s ? e.option(s.option) : e.environment(s.environment);

const whyText = (e: Errors, why: Invalidity): string =>
  'choices' in why ? e.choices(why.choices.join(', ')) : why.because;

function body(e: Errors, p: UsageProblem): string {
  switch (p.kind) {
    case 'unknownOption':
      return e.unknownOption(p.flag);
    case 'unknownCommand':
      return e.unknownCommand(p.name);
    case 'missingArgument':
      return e.missingArgument(p.name);
    case 'optionMissingArgument':
      return e.optionMissingArgument(p.flags);
    case 'excessArguments':
      return e.excessArguments(p.command, p.expected, p.got);
    case 'invalidOption':
      return e.invalidOption(p.flags, p.value, whyText(e, p.why));
    case 'invalidArgument':
      return e.invalidArgument(p.name, p.value, whyText(e, p.why));
    case 'conflicting':
      return e.conflicting(sourceText(e, p.one), sourceText(e, p.other));
  }
}

/** The problem's lines in the run's language: `error: …`, and the names it may have meant. */
export function usageText(p: UsageProblem, e: Errors): string {
  const lines = [`${e.prefix} ${body(e, p)}`];
  const similar = 'similar' in p ? p.similar : [];
  if (similar.length > 1) lines.push(e.didYouMeanOneOf(similar.join(', ')));
  else if (similar.length === 1) lines.push(e.didYouMean(similar[0]!));
  return lines.join('\n');
}
