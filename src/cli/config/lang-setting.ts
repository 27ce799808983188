/**
 * The `lang` setting of the profile this run selects, read before the command
 * line is parsed (help is written in the run's language). It reads the file
 * as `config` does; a file it cannot read gives no setting here (the command
 * that needs the configuration reports it).
 */
import type { Env } from '../../client/types.js';
import { readConfig } from './file.js';

/** The value of `--profile` in argv (`--profile x` or `--profile=x`), if given. */
function profileFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return undefined;
    if (a === '--profile') return argv[i + 1];
    if (a.startsWith('--profile=')) return a.slice('--profile='.length);
  }
  return undefined;
}

/** The settings of the profile this run selects, read once before parsing (`lang`, and `mask`: mask-setting.ts). */
export type EarlySettings = Readonly<Record<string, unknown>>;

export function profileSettings(argv: readonly string[], env: Env, configPath: string): EarlySettings {
  try {
    const profile = profileFlag(argv) ?? env['COOPCTL_PROFILE'] ?? 'default';
    return readConfig(configPath).profiles?.[profile] ?? {};
  } catch {
    return {};
  }
}

/** A text setting among them. */
export function earlySetting(settings: EarlySettings, key: string): string | undefined {
  const value = settings[key];
  return typeof value === 'string' ? value : undefined;
}

export function langSetting(argv: readonly string[], env: Env, configPath: string): string | undefined {
  return earlySetting(profileSettings(argv, env, configPath), 'lang');
}
