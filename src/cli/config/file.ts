/**
 * Where the configuration lives and how it is read. The file is conf's JSON
 * file (conf writes it, see store.ts) in `$XDG_CONFIG_HOME/coopctl` (or
 * `~/.config/coopctl`) on every platform. Reading it needs no more than
 * JSON.parse, so commands that only read it do not load conf (start-up time).
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../../client/types.js';
import { UsageError } from '../exit-codes.js';

export const configFileName = 'config';

export function configDir(env: Env): string {
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg?.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.config'), 'coopctl');
}

export function configFilePath(env: Env): string {
  return join(configDir(env), `${configFileName}.json`);
}

/** One profile's stored settings. */
export type ProfileData = Readonly<Record<string, unknown>>;

export interface ConfigData {
  readonly profiles?: Readonly<Record<string, ProfileData>>;
}

export function readConfig(path: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    const why = (err as Error).message;
    throw new UsageError((m) => m.config.cannotReadFile(path, why));
  }
  try {
    const data: unknown = JSON.parse(text);
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) return data as ConfigData;
  } catch {
    // reported below
  }
  throw new UsageError((m) => m.config.notAnObject(path));
}
