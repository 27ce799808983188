/** Flags that every command accepts (GUIDE §4). */
import { InvalidArgumentError, Option, type Command } from 'commander';

export const outputFormats = ['table', 'json', 'jsonl', 'csv'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export interface GlobalOptions {
  readonly output: OutputFormat;
  /** `--json` (true, or '' as output/json-fields.ts writes it) or `--json field1,field2`. */
  readonly json?: boolean | string;
  /** `--jq`: the jq filter of the JSON output (output/jq.ts). */
  readonly jq?: string;
  /** false with --no-pager. */
  readonly pager: boolean;
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
    .addOption(
      new Option(
        '--json [fields]',
        'shorthand for --output json; with a comma list of fields (--json nome,cpf), only those fields',
      ).conflicts('output'),
    )
    .addOption(
      new Option('--jq <expression>', 'filter the JSON output with jq (strings printed raw)').conflicts(['output']),
    )
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
    .addOption(new Option('--no-pager', 'never page long output on a terminal ($COOPCTL_PAGER, $PAGER, less -FRX)'))
    .addOption(
      new Option(
        '--lang <language>',
        'language of messages and help: en or pt-BR (default: $COOPCTL_LANG, the profile, the locale)',
      ).choices(['en', 'pt-BR']),
    );
}
