/**
 * Where the data on stdout goes, and so how a table is shown. On a terminal,
 * for a person: box tables as wide as the terminal at most, headers in human
 * labels, dates and quantities in the run's language, codes with their
 * meaning. Anywhere else (a pipe, a file), for programs: tab-separated lines
 * with the spec's values and no header, as the GitHub CLI prints its tables
 * when piped. `COOPCTL_FORCE_TTY` (any value but empty, `0` or `false`) asks
 * for the terminal's way when stdout is redirected, as `GH_FORCE_TTY` does for
 * gh; the width is then `COLUMNS`'s.
 */
import type { Lang, Messages } from '../i18n/index.js';
import type { Style } from './style.js';
import type { Masking } from './mask.js';

export interface Display {
  readonly style: Style;
  readonly lang: Lang;
  readonly m: Messages;
  /** The widest a line may be, in terminal columns; undefined when stdout is not a terminal (tab-separated lines). */
  readonly width: number | undefined;
  /** `--json field1,field2`: the fields JSON output keeps (json-fields.ts). */
  readonly fields?: readonly string[];
  /** `--columns field1,field2`: the columns of a table for a person, in this order (people-table.ts). */
  readonly columns?: readonly string[];
  /** `--jq`: the filter of the JSON output (jq.ts). */
  readonly jq?: string;
  /** Today by the run's clock (`yyyy-mm-dd`, the local date): where a calendar of free dates starts (calendar.ts). */
  readonly today?: string;
  /** `--mask`: the data shown with its personal data partly hidden (mask.ts). */
  readonly mask?: Masking;
}

/** The width assumed when a terminal does not tell its own (as gh and psql assume). */
export const DEFAULT_COLUMNS = 80;

/** The narrowest width tables are laid out for: below it, lines may be wider than the screen. */
export const MIN_COLUMNS = 20;

/** Whether COOPCTL_FORCE_TTY asks for a terminal's output: set to anything but empty, `0` or `false`. */
export function forcedTerminal(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env['COOPCTL_FORCE_TTY']?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * The width tables are drawn to when stdout is a terminal or
 * COOPCTL_FORCE_TTY asks for one: the terminal's columns, else `COLUMNS` (a
 * positive whole number), else 80; undefined otherwise (stdout is a pipe or a
 * file).
 */
export function tableWidth(
  env: Readonly<Record<string, string | undefined>>,
  stdoutIsTTY: boolean,
  columns: number | undefined,
): number | undefined {
  if (!stdoutIsTTY && !forcedTerminal(env)) return undefined;
  const given = env['COLUMNS']?.trim();
  const n = columns ?? (given && /^\d+$/.test(given) ? Number(given) : DEFAULT_COLUMNS);
  return Math.max(MIN_COLUMNS, n > 0 ? n : DEFAULT_COLUMNS);
}

/** The fields `--json` names (json-fields.ts), or undefined when it names none (all fields, or no --json). */
export function fieldsOf(json: boolean | string | undefined): string[] | undefined {
  return typeof json === 'string' && json !== '' ? json.split(',').map((f) => f.trim()) : undefined;
}
