/**
 * commander's error messages in the run's language. commander writes them in
 * English (`error: unknown option '--jsn'`, `error: missing required argument
 * 'key'` …) through `outputError`; each one it can write is matched here and
 * worded again from the messages (in English, the same words it wrote).
 */
import type { Messages } from '../i18n/index.js';

type Errors = Messages['help']['errors'];

const OPTION = "option '([^']*)'";
const SOURCE = "(option '[^']*'|environment variable '[^']*')";

/** `option '--x'` / `environment variable 'X'`, as the run's language says it. */
function source(e: Errors, text: string): string {
  const option = /^option '([^']*)'$/.exec(text);
  if (option) return e.option(option[1]!);
  const env = /^environment variable '([^']*)'$/.exec(text);
  return env ? e.environment(env[1]!) : text;
}

/** Why a value is invalid: commander's list of choices, or our parser's words (already in the run's language). */
function why(e: Errors, text: string): string {
  const choices = /^Allowed choices are (.*)\.$/.exec(text);
  return choices ? e.choices(choices[1]!) : text;
}

const bodies: ReadonlyArray<readonly [RegExp, (e: Errors, m: RegExpExecArray) => string]> = [
  [/^unknown option '(.*)'$/, (e, m) => e.unknownOption(m[1]!)],
  [/^unknown command '(.*)'$/, (e, m) => e.unknownCommand(m[1]!)],
  [/^missing required argument '(.*)'$/, (e, m) => e.missingArgument(m[1]!)],
  [new RegExp(`^${OPTION} argument missing$`), (e, m) => e.optionMissingArgument(m[1]!)],
  [
    /^too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
    (e, m) => e.excessArguments(m[1], Number(m[2]), Number(m[3])),
  ],
  [
    new RegExp(`^${OPTION} argument '(.*)' is invalid\\. (.*)$`),
    (e, m) => e.invalidOption(m[1]!, m[2]!, why(e, m[3]!)),
  ],
  [
    /^command-argument value '(.*)' is invalid for argument '(.*)'\. (.*)$/,
    (e, m) => e.invalidArgument(m[2]!, m[1]!, why(e, m[3]!)),
  ],
  [
    new RegExp(`^${SOURCE} cannot be used with ${SOURCE}$`),
    (e, m) => e.conflicting(source(e, m[1]!), source(e, m[2]!)),
  ],
];

/** commander's error text (`error: …\n`, maybe with a `(Did you mean …?)` line) in the run's language. */
export function localisedError(text: string, e: Errors): string {
  const [first = '', ...rest] = text.replace(/\n$/, '').split('\n');
  const body = first.replace(/^error: /, '');
  let words = body;
  for (const [re, say] of bodies) {
    const m = re.exec(body);
    if (m) {
      words = say(e, m);
      break;
    }
  }
  const more = rest.map((line) => {
    const one = /^\(Did you mean one of (.*)\?\)$/.exec(line);
    if (one) return e.didYouMeanOneOf(one[1]!);
    const similar = /^\(Did you mean (.*)\?\)$/.exec(line);
    return similar ? e.didYouMean(similar[1]!) : line;
  });
  return `${[`${e.prefix} ${words}`, ...more].join('\n')}\n`;
}
