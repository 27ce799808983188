/**
 * Where the configuration lives and how it is read. The file is conf's JSON
 * file (conf writes it, see store.ts) in `$XDG_CONFIG_HOME/coopctl` (or
 * `~/.config/coopctl`) on every platform. Reading it needs no more than
 * JSON.parse, so commands that only read it do not load conf (start-up time).
 */
import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Env } from '../../client/types.js';
import { UsageError } from '../exit-codes.js';
import { type Distrust, distrustOf } from './file-trust.js';

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

/** A configuration file (or its folder) that another user owns or may write is refused, never read (file-trust.ts). */
function refuseUntrusted(path: string, distrust: Distrust | undefined): void {
  if (distrust) throw new UsageError((m) => m.config.untrusted(path, m.config.distrust(distrust)));
}

/**
 * The configuration, or nothing when there is no file; a UsageError for a
 * file that cannot be read, is no JSON object, or may have been written by
 * someone else (another owner, or open to writing by group or others, the
 * file or its folder).
 */
export function readConfig(path: string): ConfigData {
  let text: string;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    refuseUntrusted(path, distrustOf(fstatSync(fd)));
    refuseUntrusted(dirname(path), distrustOf(statSync(dirname(path))));
    text = readFileSync(fd, 'utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    const why = (err as Error).message;
    throw new UsageError((m) => m.config.cannotReadFile(path, why));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  try {
    const data: unknown = JSON.parse(text);
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) return data as ConfigData;
  } catch {
    // reported below
  }
  throw new UsageError((m) => m.config.notAnObject(path));
}
