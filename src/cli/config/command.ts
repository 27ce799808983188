/** `coopctl config list|get|set|unset|path`: the settings of the selected profile (--profile, $COOPCTL_PROFILE). */
import type { Command } from 'commander';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import type { RunState } from '../run-state.js';
import { readConfig } from './file.js';
import {
  checkSetting,
  displayValue,
  isSettingKey,
  profileName,
  selectProfile,
  settingKeys,
  settings,
  type SettingKey,
} from './settings.js';

const keyHelp = settingKeys.map((k) => `  ${k}: ${settings[k].help} ($${settings[k].env})`).join('\n');

function settingKey(key: string): SettingKey {
  if (!isSettingKey(key))
    throw new UsageError(`unknown setting "${key}"; settings are ${settingKeys.join(', ')}`, 'coopctl config --help');
  return key;
}

/** The token is read from stdin, or asked for on a TTY: never taken from the command line. */
async function readToken(inv: Invocation): Promise<string> {
  let token: string;
  if (!inv.ctx.tty.stdin) token = await inv.readInput('-', 'config set token');
  else if (inv.interactive) token = await inv.ctx.prompter.password({ message: 'Token' });
  else token = '';
  if (!token.trim())
    throw new UsageError(
      'no token given: pipe it on stdin (coopctl config set token < file) or run on a terminal to be asked',
    );
  return token.trim();
}

async function list(inv: Invocation): Promise<number> {
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
  const { renderRows } = await import('../output/render.js');
  inv.info(`profile: ${profile}`);
  inv.out(await renderRows(['key', 'value', 'source'], rows, inv.format, await inv.display()));
  return ExitCode.ok;
}

async function get(inv: Invocation, key: string): Promise<number> {
  const k = settingKey(key);
  const { value } = (await inv.settings())[k];
  if (value === undefined) {
    inv.info(`${k} is not set`);
    return ExitCode.noResult;
  }
  inv.out(`${displayValue(k, value)}\n`);
  return ExitCode.ok;
}

async function set(inv: Invocation, key: string, value: string | undefined): Promise<number> {
  const k = settingKey(key);
  const profile = profileName(inv.globals.profile, inv.ctx.env);
  if (k === 'token' && value !== undefined)
    throw new UsageError(
      'the token is not taken from the command line (it would stay in the shell history); pipe it on stdin or run without a value to be asked',
    );
  if (value === undefined && k !== 'token') throw new UsageError(`config set ${k} needs a value`);
  const v = checkSetting(k, k === 'token' ? await readToken(inv) : value!, 'the command line');
  const { openConfigStore } = await import('./store.js');
  openConfigStore(inv.ctx.configPath).set(profile, k, v);
  inv.info(`${k} set in profile "${profile}"`);
  return ExitCode.ok;
}

async function unset(inv: Invocation, key: string): Promise<number> {
  const k = settingKey(key);
  // A mistyped profile name is an error here too, not a silent no-op.
  const profile = selectProfile(inv.globals.profile, inv.ctx.env, readConfig(inv.ctx.configPath)).name;
  const { openConfigStore } = await import('./store.js');
  openConfigStore(inv.ctx.configPath).unset(profile, k);
  inv.info(`${k} unset in profile "${profile}"`);
  return ExitCode.ok;
}

/** The subcommands of the `config` group. */
export function defineConfigCommands(config: Command, run: RunState): void {
  config.addHelpText('after', `\nSettings (precedence: flags > environment > profile > defaults):\n${keyHelp}`);
  run.bind(config.command('path').description('print the path of the configuration file'), async (inv) => {
    inv.out(`${inv.ctx.configPath}\n`);
    return ExitCode.ok;
  });
  run.bind(
    config.command('list').description('show the settings in effect and where each comes from (the token is masked)'),
    (inv) => list(inv),
  );
  run.bind(
    config
      .command('get')
      .description('print the value in effect of a setting (the token is masked)')
      .argument('<key>', settingKeys.join(', ')),
    (inv, [key]) => get(inv, key as string),
  );
  run.bind(
    config
      .command('set')
      .description('store a setting in the profile (the token is read from stdin or a prompt)')
      .argument('<key>', settingKeys.join(', '))
      .argument('[value]', 'the value (not for the token)'),
    (inv, [key, value]) => set(inv, key as string, value as string | undefined),
  );
  run.bind(
    config.command('unset').description('remove a setting from the profile').argument('<key>', settingKeys.join(', ')),
    (inv, [key]) => unset(inv, key as string),
  );
}
