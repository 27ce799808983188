/** Writing the configuration file, with conf (file mode 0600, atomic writes). */
import { dirname } from 'node:path';
import Conf from 'conf';
import { configFileName, type ConfigData } from './file.js';

export interface ConfigStore {
  set(profile: string, key: string, value: string): void;
  unset(profile: string, key: string): void;
}

export function openConfigStore(path: string): ConfigStore {
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
