/**
 * An operation's parameters on the command line: the positional argument,
 * one flag per field, and `--data <file|->`. Precedence: flags (and the
 * positional) > --data > the field's CLI default. --data's integers are read
 * exactly (exact-json.ts), as the spec's 18-digit codes need. What people type
 * is made the wire form here, once for all three (catalogue input.ts).
 */
import { Option, type Command } from 'commander';
import { normaliseParams, type Operation, type Params } from '../../catalogue/index.js';
import { parseExact } from '../../catalogue/exact-json.js';
import { UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Asking, Input, Settings } from '../capabilities.js';
import type { SettingKey } from '../config/settings.js';
import * as lazy from '../lazy.js';
import { argumentOf, fieldDescription, fieldOption, flagOf, shortFieldOption } from './flags.js';
import { inputOf } from './input.js';
import { addArgs, type ArgDecl, readArgs } from '../flags/positional.js';

/** Reads the raw (unvalidated) parameters of one run of the command. */
/**
 * Fields a setting gives when neither a flag nor --data does: the sending
 * user of a notification (`sender`), the same on every send of an operator.
 */
const FROM_SETTINGS: Readonly<Record<string, SettingKey>> = { usuario_envio: 'sender' };

export type ParamReader = (
  inv: Input & Settings & Pick<Asking, 'clock'>,
  args: readonly unknown[],
  command: Command,
) => Promise<Params>;

function parseData(text: string): Params {
  let data: unknown;
  try {
    data = parseExact(text);
  } catch {
    throw new UsageError((m) => m.errors.dataNotJson);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new UsageError((m) => m.errors.dataNotObject);
  return data as Params;
}

/** A date as people type one (`10/12/2026`, `2026-12-10`, `10/12`): what --data is given by someone who means a date. */
const DATE_LIKE = /^\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?( \d{1,2}:\d{2})?$/;

/** --data's text; given a date that is no file, says that --data reads a file and which flags take a date. */
async function readData(inv: Input, op: Operation, spec: string): Promise<string> {
  try {
    return await inv.readInput(spec, '--data');
  } catch (err) {
    if (!DATE_LIKE.test(spec) || (await lazy.fs()).existsSync(spec)) throw err;
    const dateFlags = Object.entries(op.params)
      .filter(([, f]) => f.layout !== undefined)
      .map(([name]) => flagOf(name));
    throw new UsageError((m) => m.errors.dataIsAFile(spec, dateFlags));
  }
}

export function mergeParams(
  op: Operation,
  sources: { positional: string | undefined; flags: Params; data: Params },
): Params {
  const flags = { ...sources.flags };
  if (op.positional && sources.positional !== undefined) {
    const flagged = flags[op.positional];
    if (flagged !== undefined && flagged !== sources.positional) {
      const name = op.positional;
      throw new UsageError((m) => m.errors.givenTwice(name, flagOf(name)));
    }
    flags[op.positional] = sources.positional;
  }
  const out: Params = {};
  for (const [name, field] of Object.entries(op.params)) {
    const value = flags[name] ?? sources.data[name] ?? field.cliDefault;
    if (value !== undefined && value !== null) out[name] = value;
  }
  // Keys that are not parameters stay in, so that validation names them.
  for (const [name, value] of Object.entries(sources.data)) if (!Object.hasOwn(op.params, name)) out[name] = value;
  return out;
}

/** Adds `op`'s positional argument, a flag per field and --data to `cmd`, described in the language of `m`. */
export function addParamInputs(cmd: Command, op: Operation, m: Messages): ParamReader {
  const { positional } = op;
  // The field given without its flag (the card of a lookup), when the operation has one.
  const positionalArgs =
    positional === undefined
      ? ([] as const)
      : ([
          {
            name: (w: Messages) => argumentOf(positional, w),
            help: (w: Messages) => `${fieldDescription(op, positional, w)}; ${w.help.field.orFlag(flagOf(positional))}`,
            optional: true,
          },
        ] as const satisfies readonly ArgDecl[]);
  addArgs(cmd, positionalArgs, m);
  const attributes = new Map<string, string>();
  for (const name of Object.keys(op.params)) {
    const option = fieldOption(op, name, m);
    cmd.addOption(option);
    const short = shortFieldOption(option, name);
    if (short) cmd.addOption(short);
    attributes.set(name, option.attributeName());
  }
  cmd.addOption(new Option(`--data <${m.help.field.placeholder.fileOrStdin}>`, m.help.field.data));
  return async (inv, args, command) => {
    const opts = command.opts<Record<string, unknown>>();
    const flags: Params = {};
    for (const [name, attribute] of attributes) if (opts[attribute] !== undefined) flags[name] = opts[attribute];
    const dataSpec = opts['data'] as string | undefined;
    const data = dataSpec === undefined ? {} : parseData(await readData(inv, op, dataSpec));
    const [given] = readArgs(positionalArgs, args);
    const merged = mergeParams(op, { positional: given, flags, data });
    for (const [name, key] of Object.entries(FROM_SETTINGS)) {
      if (!Object.hasOwn(op.params, name) || merged[name] !== undefined) continue;
      const value = (await inv.settings())[key].value;
      if (value) merged[name] = value;
    }
    return normaliseParams(op, merged, inputOf(inv));
  };
}
