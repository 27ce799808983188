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

/** A setting of the profile this run selects, read before parsing (the `mask` setting too: mask-setting.ts). */
export function profileSetting(argv: readonly string[], env: Env, configPath: string, key: string): string | undefined {
  try {
    const profile = profileFlag(argv) ?? env['COOPCTL_PROFILE'] ?? 'default';
    const value = readConfig(configPath).profiles?.[profile]?.[key];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function langSetting(argv: readonly string[], env: Env, configPath: string): string | undefined {
  return profileSetting(argv, env, configPath, 'lang');
}
