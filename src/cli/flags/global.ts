/** Flags that every command accepts (docs/commands.md, "Global flags"). */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { listStyles } from '../../client/types.js';
import { langs, type Messages } from '../i18n/index.js';
import { conflicting } from '../help/conflicts.js';

export const outputFormats = ['table', 'json', 'jsonl', 'csv'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export interface GlobalOptions {
  readonly output: OutputFormat;
  /** `--json` (true, or '' as output/json-fields.ts writes it) or `--json field1,field2`. */
  readonly json?: boolean | string;
  /** `--jq`: the jq filter of the JSON output (output/jq.ts). */
  readonly jq?: string;
  /** `--columns field1,field2`: the columns of a table on a terminal (output/people-table.ts). */
  readonly columns?: string;
  /** false with --no-pager. */
  readonly pager: boolean;
  /** `--mask` (true) or `--no-mask` (false); the run decides from argv before parsing (config/mask-setting.ts). */
  readonly mask?: boolean;
  readonly timeout: number;
  readonly retries: number;
  readonly body: 'json' | 'form';
  /** `--list-style`, as written (checked with the listStyle setting). */
  readonly listStyle?: string;
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

/** A parser of a whole number from `min` to `max`, for an option, its error in the language of `m`. */
export function wholeNumber(min: number, max: number) {
  return (m: Messages) =>
    (value: string): number => {
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
        throw new InvalidArgumentError(m.help.invalid.wholeNumber(min, max));
      return Number(value);
    };
}

/** Adds the global options to the root, described in the run's language. */
export function addGlobalOptions(program: Command, m: Messages): void {
  const g = m.help.globals;
  const p = m.help.field.placeholder;
  program
    .addOption(new Option(`-o, --output <${p.format}>`, g.output).choices(outputFormats).default('table'))
    .addOption(conflicting(new Option(`--json [${p.fields}]`, g.json), 'output'))
    .addOption(conflicting(new Option(`--jq <${p.expression}>`, g.jq), ['output']))
    .addOption(new Option(`--columns <${p.fields}>`, g.columns))
    .addOption(new Option('--timeout <ms>', g.timeout).argParser(wholeNumber(1, 3_600_000)(m)).default(30_000))
    .addOption(new Option('--retries <n>', g.retries).argParser(wholeNumber(0, 10)(m)).default(2))
    .addOption(new Option(`--body <${p.encoding}>`, g.body).choices(['json', 'form']).default('json'))
    .addOption(new Option(`--list-style <${p.style}>`, g.listStyle).choices(listStyles))
    .addOption(new Option(`--profile <${p.name}>`, g.profile))
    .addOption(new Option(`--token-file <${p.fileOrStdin}>`, g.tokenFile))
    .addOption(new Option(`--max-response-size <${p.size}>`, g.maxResponseSize))
    .addOption(conflicting(new Option('-q, --quiet', g.quiet), 'verbose'))
    .addOption(new Option('-v, --verbose', g.verbose))
    .addOption(new Option('--no-input', g.noInput))
    .addOption(new Option('--no-color', g.noColor))
    .addOption(new Option('--no-pager', g.noPager))
    .addOption(new Option('--mask', g.mask))
    .addOption(new Option('--no-mask', g.noMask))
    .addOption(new Option(`--lang <${p.language}>`, g.lang).choices(langs));
}
