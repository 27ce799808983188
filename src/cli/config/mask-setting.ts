/**
 * Whether this run masks personal data (`--mask`, output/mask.ts), decided
 * before the command line is parsed, as the language is (lang-setting.ts):
 * every message of the run, commander's errors too, is masked or not.
 * First match wins: `--mask` or `--no-mask` (the last one given), then
 * COOPCTL_MASK, then the selected profile's `mask` setting; off by default.
 * A value that says neither yes nor no masks (the setting's check reports it
 * where the settings are read): a person who asked for masking is not shown
 * the data because of a typing slip.
 */
import type { Env } from '../../client/types.js';
import { earlySetting, type EarlySettings } from './lang-setting.js';

const YES = new Set(['true', '1', 'yes', 'on']);
const NO = new Set(['false', '0', 'no', 'off']);

/** `true`, `1`, `yes`, `on` → true; `false`, `0`, `no`, `off` → false (any case); anything else undefined. */
export function switchValue(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : undefined;
}

/** The last of `--mask` and `--no-mask` in argv (before `--`), if either is given. */
function maskFlag(argv: readonly string[]): boolean | undefined {
  let flag: boolean | undefined;
  for (const a of argv) {
    if (a === '--') break;
    if (a === '--mask') flag = true;
    else if (a === '--no-mask') flag = false;
  }
  return flag;
}

export function maskWanted(argv: readonly string[], env: Env, profile: EarlySettings): boolean {
  const flag = maskFlag(argv);
  if (flag !== undefined) return flag;
  const given = env['COOPCTL_MASK'] || earlySetting(profile, 'mask');
  return given === undefined || given === '' ? false : switchValue(given) !== false;
}
