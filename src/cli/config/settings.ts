/**
 * The settings of a profile and how their values are chosen (docs/configuration.md):
 * flags > environment > the selected profile > defaults.
 */
import { maskUrl } from '../../catalogue/mask.js';
import { formatSize, parseSize } from '../../client/size.js';
import { type Env, listStyles } from '../../client/types.js';
import { UsageError, type Wording } from '../exit-codes.js';
import type { ConfigData, ProfileData } from './file.js';
import { healthQuestionsProblem } from './health-questions.js';
import { switchValue } from './mask-setting.js';
import { providersProblem } from './providers.js';

/** The embedded server's default address (`coopctl serve`). */
export const defaultUrl = 'http://127.0.0.1:8787';

interface SettingDef {
  readonly env: string;
  readonly fallback?: string;
  /** Never printed. */
  readonly secret?: boolean;
  /** An error (words after the name) or undefined when the value is acceptable. */
  check(value: string): Wording | undefined;
}

const notUrl: Wording = (m) => m.config.problems.url;

function httpUrl(value: string): Wording | undefined {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : notUrl;
  } catch {
    return notUrl;
  }
}

/** The largest answer that may be asked for: a string of more than about 512 MiB cannot exist in V8. */
export const maxResponseCeiling = 256 * 1024 ** 2;

function responseSize(value: string): Wording | undefined {
  const bytes = parseSize(value);
  if (bytes === undefined) return (m) => m.config.problems.size;
  return bytes < 1 || bytes > maxResponseCeiling
    ? (m) => m.config.problems.sizeRange(formatSize(maxResponseCeiling))
    : undefined;
}

export const settings = {
  baseUrl: {
    env: 'COOPCTL_BASE_URL',
    fallback: defaultUrl,
    check: httpUrl,
  },
  testBaseUrl: {
    env: 'COOPCTL_TEST_BASE_URL',
    fallback: defaultUrl,
    check: httpUrl,
  },
  token: {
    env: 'COOPCTL_TOKEN',
    secret: true,
    check: (v: string): Wording | undefined => (/^\S+$/.test(v) ? undefined : (m) => m.config.problems.word),
  },
  maxResponseSize: {
    env: 'COOPCTL_MAX_RESPONSE_SIZE',
    fallback: '64MiB',
    check: responseSize,
  },
  lang: {
    env: 'COOPCTL_LANG',
    check: (v: string): Wording | undefined =>
      v === 'en' || v === 'pt-BR' ? undefined : (m) => m.config.problems.lang,
  },
  providers: {
    env: 'COOPCTL_PROVIDERS',
    check: providersProblem,
  },
  listStyle: {
    env: 'COOPCTL_LIST_STYLE',
    fallback: 'brackets',
    check: (v: string): Wording | undefined =>
      (listStyles as readonly string[]).includes(v) ? undefined : (m) => m.config.problems.listStyle,
  },
  healthQuestions: {
    env: 'COOPCTL_HEALTH_QUESTIONS',
    check: healthQuestionsProblem,
  },
  sender: {
    env: 'COOPCTL_SENDER',
    check: (v: string): Wording | undefined => (/^\d{1,10}$/.test(v) ? undefined : (m) => m.config.problems.sender),
  },
  mask: {
    env: 'COOPCTL_MASK',
    fallback: 'false',
    check: (v: string): Wording | undefined =>
      switchValue(v) === undefined ? (m) => m.config.problems.mask : undefined,
  },
} as const satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof settings;
export const settingKeys = Object.keys(settings) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settings, key);
}

export type Source = 'flag' | 'env' | 'profile' | 'default';
export interface Resolved {
  readonly value: string | undefined;
  readonly source: Source | undefined;
  /** Where the value came from, as `config list --json` names it in every language (people read `m.config.origin`): `the command line` (--token-file), `COOPCTL_TOKEN`, `profile "default"`, `the defaults`. */
  readonly origin: string;
  /** The profile the value is stored in, when it comes from one. */
  readonly profile?: string;
}
export type ResolvedSettings = Readonly<Record<SettingKey, Resolved>>;

const PROFILE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The selected profile: `--profile`, else COOPCTL_PROFILE, else `default`. */
export function profileName(flag: string | undefined, env: Env): string {
  const name = flag ?? env['COOPCTL_PROFILE'] ?? 'default';
  if (!PROFILE_NAME.test(name)) throw new UsageError((m) => m.config.profileName(name));
  return name;
}

/** The selected profile and what the configuration file stores for it (nothing for an absent `default`). */
export interface Profile {
  readonly name: string;
  readonly stored: ProfileData;
}

/**
 * The selected profile (see profileName). A name given with --profile or
 * COOPCTL_PROFILE that no stored profile has is a usage error listing the
 * stored ones, not an empty profile; only `default` may be absent.
 * `config set` does not select: it creates the profile it names.
 */
export function selectProfile(flag: string | undefined, env: Env, config: ConfigData): Profile {
  const name = profileName(flag, env);
  const profiles: Readonly<Record<string, unknown>> =
    config.profiles !== null && typeof config.profiles === 'object' ? config.profiles : {};
  if (Object.hasOwn(profiles, name)) {
    const stored: unknown = profiles[name];
    return { name, stored: stored !== null && typeof stored === 'object' ? (stored as ProfileData) : {} };
  }
  if (name === 'default') return { name, stored: {} };
  const names = Object.keys(profiles);
  throw new UsageError((m) => m.config.noProfile(name, flag !== undefined, names));
}

/** Checks a value for a setting, naming where it came from in the error. */
export function checkSetting(
  key: SettingKey,
  value: string,
  origin: Pick<Resolved, 'source' | 'origin' | 'profile'>,
): string {
  const problem = settings[key].check(value);
  if (problem) throw new UsageError((m) => m.config.badValue(key, m.config.origin(origin), problem(m)));
  return value;
}

export function resolveSettings(input: {
  env: Env;
  profile: Profile;
  flags: Partial<Record<SettingKey, string>>;
}): ResolvedSettings {
  const out = {} as Record<SettingKey, Resolved>;
  for (const key of settingKeys) {
    const def: SettingDef = settings[key];
    const fromFlag = input.flags[key];
    const fromEnv = input.env[def.env];
    const fromProfile = input.profile.stored[key];
    let r: Resolved;
    if (fromFlag !== undefined) r = { value: fromFlag, source: 'flag', origin: 'the command line' };
    else if (fromEnv) r = { value: fromEnv, source: 'env', origin: def.env };
    else if (typeof fromProfile === 'string')
      r = {
        value: fromProfile,
        source: 'profile',
        origin: `profile "${input.profile.name}"`,
        profile: input.profile.name,
      };
    else
      r = { value: def.fallback, source: def.fallback === undefined ? undefined : 'default', origin: 'the defaults' };
    if (r.value !== undefined) checkSetting(key, r.value, r);
    out[key] = r;
  }
  return out;
}

/** How a setting's value may be shown: secrets never are, nor the password of a URL (`https://user:***@host`). */
export function displayValue(key: SettingKey, value: string | undefined): string {
  if (value === undefined) return '';
  return (settings[key] as SettingDef).secret ? '********' : maskUrl(value);
}
