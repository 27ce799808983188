/**
 * `--jq EXPRESSION`: the JSON output filtered by jq, as `gh --jq` does. The
 * filter runs in jq itself (jq 1.7, compiled to WebAssembly: the npm package
 * `jq-web`), loaded only when the flag is given: its module and its
 * WebAssembly take tens of milliseconds to load, which no other command pays
 * (docs/decisions.md says why not a JavaScript re-implementation or
 * JMESPath). The input is the exact JSON text coopctl prints (18-digit codes
 * keep their digits: jq 1.7 keeps number literals it does not compute on).
 *
 * The results are printed as gh prints them: a string raw (no quotes), any
 * other value as JSON, an object or array indented on a terminal and on one
 * line into a pipe; one result a line. A raw string is made safe to show
 * (sanitize.ts: line breaks kept), JSON text has its control characters
 * escaped (json-text.ts), whether or not stdout is a terminal.
 */
import * as lazy from '../lazy.js';
import { parseExact } from '../../catalogue/exact-json.js';
import { UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import { jsonText } from './json-text.js';
import { sanitize } from './sanitize.js';

interface JqWeb {
  raw(json: string, filter: string, flags?: string[]): string | undefined;
}

let loaded: Promise<JqWeb> | undefined;

/** jq-web, loaded once (a CommonJS module that resolves to jq when its WebAssembly is ready). */
function jq(): Promise<JqWeb> {
  loaded ??= lazy.jqWeb() as Promise<JqWeb>;
  return loaded;
}

/** One result of jq (compact JSON text) as it is printed. */
function shown(result: string, indent: boolean): string {
  if (result.startsWith('"')) return sanitize(JSON.parse(result) as string, 'keep');
  if (indent && (result.startsWith('{') || result.startsWith('['))) return jsonText(parseExact(result), 2);
  return jsonText(parseExact(result));
}

/** jq's message of a failure, without its `jq: error (at …):` prefix. */
function messageOf(err: unknown): string {
  const e = err as { stderr?: string; message?: string };
  const text = (e.stderr ?? e.message ?? String(err)).trim();
  return text
    .replace(/^jq: error[^:]*: /, '')
    .replace(/\njq: \d+ compile errors?$/, '')
    .replace(/ \(Unix shell quoting issues\?\)/, '')
    .replace(/\n/g, ' ');
}

/**
 * A usage error when `filter` does not compile (jq's exit code 3), found
 * before anything is sent. jq has no "compile only" flag: the filter is
 * compiled behind `empty |`, which never runs it (a comment at its end
 * cannot swallow the closing parenthesis, which has a line of its own).
 * When that does not compile, jq's own words come from the filter alone:
 * it does not compile either, so it does not run.
 */
export async function checkJq(filter: string, m: Messages): Promise<void> {
  const j = await jq();
  try {
    j.raw('null', `empty | (\n${filter}\n)`, ['-c', '--']);
    return;
  } catch (err) {
    if ((err as { exitCode?: number }).exitCode !== 3) return;
  }
  try {
    j.raw('null', filter, ['-c', '--']);
  } catch (err) {
    if ((err as { exitCode?: number }).exitCode === 3) throw new UsageError(m.output.jq.failed(messageOf(err)));
  }
}

/**
 * The output of `filter` run on `json` (JSON text), one result a line; a
 * usage error with jq's own message when the filter does not compile or
 * fails on this input (nothing is printed then).
 */
export async function runJq(json: string, filter: string, terminal: boolean, m: Messages): Promise<string> {
  let out: string | undefined;
  try {
    // `--` ends jq's options: a filter starting with `-` is a filter.
    out = (await jq()).raw(json, filter, ['-c', '--']);
  } catch (err) {
    throw new UsageError(m.output.jq.failed(messageOf(err)));
  }
  const lines = (out ?? '').split('\n').filter((l) => l !== '');
  return lines.map((l) => `${shown(l, terminal)}\n`).join('');
}
