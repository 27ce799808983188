/** `coopctl config list|get|set|unset|path`: the settings of the selected profile (--profile, $COOPCTL_PROFILE). */
import { switchValue } from './mask-setting.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { formatSize } from '../../client/size.js';
import { defineCommand } from '../commands/command-def.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import type { FlagDecls } from '../flags/declared.js';
import type { ArgDecl } from '../flags/positional.js';
import { readConfig } from './file.js';
import {
  checkSetting,
  displayValue,
  isSettingKey,
  maxResponseCeiling,
  profileName,
  selectProfile,
  settingKeys,
  settings,
  type SettingKey,
} from './settings.js';
import * as lazy from '../lazy.js';

function settingKey(key: string): SettingKey {
  if (!isSettingKey(key))
    throw new UsageError((m) => m.config.unknownSetting(key, settingKeys.join(', ')), 'coopctl config --help');
  return key;
}

/** The token is read from stdin, or asked for on a TTY: never taken from the command line. */
async function readToken(inv: Io): Promise<string> {
  let token: string;
  if (!inv.ctx.tty.stdin) token = await inv.readInput('-', 'config set token');
  else if (inv.interactive) token = await inv.ctx.prompter.password({ message: inv.m.config.tokenPrompt });
  else token = '';
  if (!token.trim()) throw new UsageError(inv.m.config.noToken);
  return token.trim();
}

/** A switch's value (`mask`: true, false, on, off …) as people say it in a table: Yes/No, Sim/Não. */
function spokenValue(m: Messages, key: SettingKey, value: string | undefined): string | undefined {
  if (key !== 'mask' || value === undefined) return value;
  const on = switchValue(value);
  return on === undefined ? value : on ? m.prompts.words.yes : m.prompts.words.no;
}

async function list(inv: Io): Promise<number> {
  const resolved = await inv.settings();
  const profile = profileName(inv.globals.profile, inv.ctx.env);
  const rows = settingKeys.map((key) => ({
    key,
    value: displayValue(key, resolved[key].value),
    source: resolved[key].origin,
  }));
  if (inv.format === 'json') {
    inv.out(
      `${JSON.stringify({ profile, settings: Object.fromEntries(rows.map((r) => [r.key, { value: r.value, source: r.source }])) }, null, 2)}\n`,
    );
    return ExitCode.ok;
  }
  const { renderRows } = await lazy.render();
  inv.info(inv.m.config.profile(profile));
  // For people, where a value comes from in the run's words; CSV keeps them as JSON does.
  const shown =
    inv.format === 'table'
      ? settingKeys.map((key, i) => ({
          ...rows[i]!,
          value: spokenValue(inv.m, key, rows[i]!.value),
          source: inv.m.config.origin(resolved[key]),
        }))
      : rows;
  // The table's header in the run's words; CSV keeps the column names, as JSON keeps its keys.
  const columns = ['key', 'value', 'source'] as const;
  const head = columns.map((c) => inv.m.config.columns[c]);
  inv.out(await renderRows(columns, shown, inv.format, await inv.display(), head));
  return ExitCode.ok;
}

async function get(inv: Io, key: string): Promise<number> {
  const k = settingKey(key);
  const { value } = (await inv.settings())[k];
  if (value === undefined) {
    inv.info(inv.m.config.notSet(k));
    return ExitCode.noResult;
  }
  inv.out(`${displayValue(k, value)}\n`);
  return ExitCode.ok;
}

/**
 * Stores a setting. An empty value (or blanks only) is refused unless
 * `allowEmpty`: it is most often a mistake, such as `"$(cat file)"` of a file
 * that is not there, and it would replace a good value with nothing.
 */
async function set(inv: Io, key: string, value: string | undefined, allowEmpty: boolean): Promise<number> {
  const k = settingKey(key);
  const profile = profileName(inv.globals.profile, inv.ctx.env);
  if (k === 'token' && value !== undefined) throw new UsageError(inv.m.config.tokenOnCommandLine);
  if (value === undefined && k !== 'token') throw new UsageError(inv.m.config.needsValue(k));
  if (value !== undefined && value.trim() === '' && !allowEmpty) throw new UsageError(inv.m.config.emptyValue(k));
  const v = checkSetting(k, k === 'token' ? await readToken(inv) : value!, {
    source: 'flag',
    origin: 'the command line',
  });
  const { openConfigStore } = await lazy.configStore();
  openConfigStore(inv.ctx.configPath).set(profile, k, v);
  inv.info(inv.m.config.set(k, profile));
  return ExitCode.ok;
}

async function unset(inv: Io, key: string): Promise<number> {
  const k = settingKey(key);
  // A mistyped profile name is an error here too, not a silent no-op.
  const profile = selectProfile(inv.globals.profile, inv.ctx.env, readConfig(inv.ctx.configPath)).name;
  const { openConfigStore } = await lazy.configStore();
  openConfigStore(inv.ctx.configPath).unset(profile, k);
  inv.info(inv.m.config.unset(k, profile));
  return ExitCode.ok;
}

/** The settings, each with what it is and its environment variable, in the language of `m`. */
function settingItems(m: Messages): Array<[string, string]> {
  const words = m.commandsHelp.config.settings;
  const help = (k: SettingKey) => (k === 'maxResponseSize' ? words[k](formatSize(maxResponseCeiling)) : words[k]);
  return settingKeys.map((k) => [k, `${help(k)} ($${settings[k].env})`]);
}

/** `config set`'s flag. */
const setFlags = {
  allowEmpty: { type: 'boolean', help: (m) => m.commandsHelp.config.allowEmpty },
} as const satisfies FlagDecls;

/** The setting a command names (checked by `settingKey`, which names the settings in the run's words), and its value. */
const keyArg = {
  name: (m) => m.commandsHelp.config.arguments.key,
  help: () => settingKeys.join(', '),
} as const satisfies ArgDecl;
const valueArg = {
  name: (m) => m.commandsHelp.config.arguments.value,
  help: (m) => m.commandsHelp.config.value,
  optional: true,
} as const satisfies ArgDecl;
const keyArgs = [keyArg] as const;
const setArgs = [keyArg, valueArg] as const;

/** The `config` group: its help lists the settings. */
export const configGroup = defineCommand({
  words: ['config'],
  notes: (m) => [{ heading: m.commandsHelp.config.heading, items: settingItems(m) }],
});

export const configPath = defineCommand({
  words: ['config', 'path'],
  description: (m) => m.commandsHelp.config.path,
  examples: () => ['coopctl config path'],
  async run(io) {
    io.out(`${io.ctx.configPath}\n`);
    return ExitCode.ok;
  },
});

export const configList = defineCommand({
  words: ['config', 'list'],
  description: (m) => m.commandsHelp.config.list,
  examples: () => ['coopctl config list', 'coopctl config list --json'],
  run: (io) => list(io),
});

export const configGet = defineCommand({
  words: ['config', 'get'],
  description: (m) => m.commandsHelp.config.get,
  args: keyArgs,
  examples: () => ['coopctl config get baseUrl'],
  run: (io, [key]) => get(io, key),
});

export const configSet = defineCommand({
  words: ['config', 'set'],
  description: (m) => m.commandsHelp.config.set,
  args: setArgs,
  flags: setFlags,
  examples: (m) => [
    { command: 'coopctl config set lang pt-BR', note: m.commandsHelp.config.langExample },
    {
      command: 'coopctl config set baseUrl https://services.example.coop --profile prod',
      note: m.commandsHelp.config.prodProfile,
    },
  ],
  run: (io, [key, value], { allowEmpty }) => set(io, key, value, allowEmpty),
});

export const configUnset = defineCommand({
  words: ['config', 'unset'],
  description: (m) => m.commandsHelp.config.unset,
  args: keyArgs,
  examples: () => ['coopctl config unset lang'],
  run: (io, [key]) => unset(io, key),
});
