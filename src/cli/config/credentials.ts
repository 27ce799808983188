/**
 * Which token may go to which host, scoped as git and gh scope credentials: a
 * token goes only to a URL that was configured together with it, never to a
 * URL that merely happens to be in effect.
 *
 * | token from                   | URL of the host from                          | the request           |
 * |------------------------------|-----------------------------------------------|-----------------------|
 * | nowhere                      | anywhere (defaults included)                  | sent without a token  |
 * | the selected profile         | the same profile (or the same URL in the env) | sent with the token   |
 * | the selected profile         | the environment (another URL), the defaults   | usage error, not sent |
 * | COOPCTL_TOKEN, --token-file  | the environment, the selected profile         | sent with the token   |
 * | COOPCTL_TOKEN, --token-file  | the defaults                                  | usage error, not sent |
 *
 * The usage error (exit 2) names the setting to add. The built-in default URL
 * (the local embedded server) serves the case without any configuration, so
 * without a token.
 */
import type { Host } from '../../catalogue/index.js';
import { UsageError } from '../exit-codes.js';
import { settings, type Profile, type ResolvedSettings } from './settings.js';

/** The setting that holds each host's URL. */
const hostSetting = { base: 'baseUrl', test: 'testBaseUrl' } as const satisfies Record<Host, keyof typeof settings>;

/** Whether two URLs are the same once parsed (trailing slashes aside); a stored value that is no URL is the same as nothing. */
function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => (URL.canParse(u) ? new URL(u).href.replace(/\/+$/, '') : undefined);
  return norm(a) !== undefined && norm(a) === norm(b);
}

/** The token to send to `host` (undefined: none), or a UsageError when the token in effect may not go to the host's URL in effect. */
export function tokenForHost(host: Host, s: ResolvedSettings, profile: Profile): string | undefined {
  const token = s.token;
  if (token.value === undefined) return undefined;
  const key = hostSetting[host];
  const url = s[key];
  if (token.source === 'profile') {
    const own = profile.stored[key];
    if (typeof own === 'string' && sameUrl(url.value!, own)) return token.value;
    const name = profile.name;
    const set = `coopctl ${name === 'default' ? '' : `--profile ${name} `}config set ${key} <url>`;
    if (url.source !== 'env' && url.source !== 'flag')
      throw new UsageError((m) => m.config.scope.noUrl(m.config.scope.profileOnly(name), key, set));
    const stored = typeof own === 'string';
    throw new UsageError((m) => {
      const origin = m.config.origin(url);
      const instead = stored ? m.config.scope.unsetOther(origin) : m.config.scope.setOwn(key, set);
      return m.config.scope.otherUrl(m.config.scope.profileOnly(name), key, origin, instead);
    });
  }
  if (url.source !== 'default') return token.value;
  throw new UsageError((m) =>
    m.config.scope.defaultUrl(
      token.source === 'flag' ? '--token-file' : m.config.origin(token),
      key,
      url.value!,
      settings[key].env,
    ),
  );
}
