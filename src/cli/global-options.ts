/** Flags that every command accepts (GUIDE §4). */
import { InvalidArgumentError, Option, type Command } from 'commander';

export const outputFormats = ['table', 'json', 'jsonl', 'csv'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export interface GlobalOptions {
  readonly output: OutputFormat;
  readonly json?: boolean;
  readonly timeout: number;
  readonly retries: number;
  readonly body: 'json' | 'form';
  readonly profile?: string;
  readonly tokenFile?: string;
  /** The response limit as written (checked with the maxResponseSize setting). */
  readonly maxResponseSize?: string;
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  /** false with --no-input. */
  readonly input: boolean;
  /** false with --no-color. */
  readonly color: boolean;
  /** As written; the run's language is chosen from it before parsing (i18n/lang.ts). */
  readonly lang?: string;
}

function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    return Number(value);
  };
}

export function addGlobalOptions(program: Command): void {
  program
    .addOption(new Option('-o, --output <format>', 'output format').choices(outputFormats).default('table'))
    .addOption(new Option('--json', 'shorthand for --output json').conflicts('output'))
    .addOption(
      new Option('--timeout <ms>', 'time limit of each HTTP attempt, in milliseconds')
        .argParser(wholeNumber(1, 3_600_000))
        .default(30_000),
    )
    .addOption(
      new Option('--retries <n>', 'extra attempts for reads after a connection error, a timeout, 429 or 5xx')
        .argParser(wholeNumber(0, 10))
        .default(2),
    )
    .addOption(
      new Option('--body <encoding>', 'body encoding of POST requests').choices(['json', 'form']).default('json'),
    )
    .addOption(new Option('--profile <name>', 'configuration profile (default: $COOPCTL_PROFILE or "default")'))
    .addOption(new Option('--token-file <file|->', 'read the bearer token from a file, or "-" for stdin'))
    .addOption(
      new Option(
        '--max-response-size <size>',
        'largest answer read, in bytes or e.g. 512KiB, 64MiB (default: $COOPCTL_MAX_RESPONSE_SIZE, the profile, or 64MiB)',
      ),
    )
    .addOption(new Option('-q, --quiet', 'print only data and errors').conflicts('verbose'))
    .addOption(
      new Option('-v, --verbose', 'trace requests on stderr: request line, status, timing (personal data masked)'),
    )
    .addOption(new Option('--no-input', 'never prompt'))
    .addOption(new Option('--no-color', 'never colour the output'))
    .addOption(
      new Option(
        '--lang <language>',
        'language of messages and help: en or pt-BR (default: $COOPCTL_LANG, the profile, the locale)',
      ).choices(['en', 'pt-BR']),
    );
}
