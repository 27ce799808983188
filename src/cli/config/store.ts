/**
 * Writing the configuration file, with conf (file mode 0600, atomic writes).
 * conf is an ES module loaded from node_modules when a setting is written
 * (scripts/bundle.mjs, EXTERNAL), by require() (Node ≥ 20.19), which gives
 * its namespace as it is.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { configFileName, type ConfigData, readConfig } from './file.js';
import * as lazy from '../lazy.js';

export interface ConfigStore {
  set(profile: string, key: string, value: string): void;
  unset(profile: string, key: string): void;
}

export function openConfigStore(path: string): ConfigStore {
  // A file another user may have written is refused before conf reads it (file.ts).
  readConfig(path);
  // conf would make the folder with the umask's mode (0777 under umask 000): coopctl makes it private first.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const { default: Conf } = lazy.conf();
  const conf = new Conf<ConfigData>({
    cwd: dirname(path),
    configName: configFileName,
    configFileMode: 0o600,
    projectName: 'coopctl',
  });
  // Profile names and keys are checked before they get here: no dots, so conf's dot paths are exact.
  return {
    set: (profile, key, value) => conf.set(`profiles.${profile}.${key}`, value),
    unset: (profile, key) => conf.delete(`profiles.${profile}.${key}` as keyof ConfigData),
  };
}
