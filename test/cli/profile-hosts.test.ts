/**
 * Which token goes to which host (hardening point 3), through the CLI
 * in-process against two fake services: the whole matrix of where the token
 * comes from × where each host's URL comes from, and the selection of a
 * profile (a mistyped name is an error listing the stored ones).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { useHarness, type RunOptions } from './harness.js';

const setup = useHarness('coopctl-hosts-');
beforeEach(() => {
  setup.h.base.reply({ json: [sampleRecord(baseOp)] });
  setup.h.test.reply({ json: [sampleRecord(testOp)] });
});

const baseOp = operation('record.allergies');
const testOp = operation('registration.show');
const DEFAULT_URL = 'http://127.0.0.1:8787';
const ELSEWHERE = 'https://elsewhere.example';

/** A run with this test's config home and no COOPCTL_* URL variables unless given. */
const run = (argv: string[], options: RunOptions = {}) =>
  setup.h.run(argv, {
    ...options,
    env: { XDG_CONFIG_HOME: setup.home, COOPCTL_BASE_URL: undefined, COOPCTL_TEST_BASE_URL: undefined, ...options.env },
  });
const configSet = async (argv: string[], stdin?: string) =>
  expect((await run(['config', 'set', ...argv], stdin === undefined ? {} : { stdin })).code).toBe(0);

type TokenFrom = 'nowhere' | 'profile' | 'COOPCTL_TOKEN' | '--token-file';
type UrlFrom = 'defaults' | 'profile' | 'env' | 'env, same as the profile' | 'env, not the profile';
type Expect = 'no token' | 'token' | 'refused';

const hosts = [
  {
    host: 'base',
    op: baseOp,
    key: 'baseUrl',
    variable: 'COOPCTL_BASE_URL',
    service: () => setup.h.base,
    other: () => setup.h.test,
  },
  {
    host: 'test',
    op: testOp,
    key: 'testBaseUrl',
    variable: 'COOPCTL_TEST_BASE_URL',
    service: () => setup.h.test,
    other: () => setup.h.base,
  },
] as const;

const matrix: Array<[TokenFrom, UrlFrom, Expect]> = [
  ['nowhere', 'defaults', 'no token'],
  ['nowhere', 'profile', 'no token'],
  ['nowhere', 'env', 'no token'],
  ['nowhere', 'env, same as the profile', 'no token'],
  ['nowhere', 'env, not the profile', 'no token'],
  ['profile', 'defaults', 'refused'],
  ['profile', 'profile', 'token'],
  ['profile', 'env', 'refused'],
  ['profile', 'env, same as the profile', 'token'],
  ['profile', 'env, not the profile', 'refused'],
  ['COOPCTL_TOKEN', 'defaults', 'refused'],
  ['COOPCTL_TOKEN', 'profile', 'token'],
  ['COOPCTL_TOKEN', 'env', 'token'],
  ['COOPCTL_TOKEN', 'env, same as the profile', 'token'],
  ['COOPCTL_TOKEN', 'env, not the profile', 'token'],
  ['--token-file', 'defaults', 'refused'],
  ['--token-file', 'profile', 'token'],
  ['--token-file', 'env', 'token'],
  ['--token-file', 'env, same as the profile', 'token'],
  ['--token-file', 'env, not the profile', 'token'],
];

const TOKENS: Record<TokenFrom, string> = {
  nowhere: '',
  profile: 'profile-token',
  COOPCTL_TOKEN: 'env-token',
  '--token-file': 'file-token',
};

/** The refusal each refused cell must print, written out per case. */
function refusal(token: TokenFrom, url: UrlFrom, key: string, variable: string): string {
  if (token === 'profile' && url === 'defaults')
    return `error: the token of profile "default" goes only to the profile's own URLs, and it sets no ${key}: coopctl config set ${key} <url>\n`;
  if (token === 'profile' && url === 'env')
    return `error: the token of profile "default" goes only to the profile's own URLs, not to ${key} from ${variable}: give a token for it with COOPCTL_TOKEN or --token-file, or set the profile's ${key} (coopctl config set ${key} <url>)\n`;
  if (token === 'profile')
    return `error: the token of profile "default" goes only to the profile's own URLs, not to ${key} from ${variable}: give a token for it with COOPCTL_TOKEN or --token-file, or unset ${variable}\n`;
  return `error: the token of ${token} goes only to a configured URL, and ${key} is the built-in default ${DEFAULT_URL}: set ${variable} or the profile's ${key}\n`;
}

describe.each(hosts)('the $host host ($key)', ({ op, key, variable, service, other }) => {
  it.each(matrix)('token from %s, URL from %s: %s', async (token, url, expected) => {
    const argv = commandLine(op, sampleParams(op));
    const env: Record<string, string> = {};
    let stdin: string | undefined;
    const target = service().url;
    if (url === 'profile' || url === 'env, same as the profile') await configSet([key, target]);
    if (url === 'env, not the profile') await configSet([key, ELSEWHERE]);
    if (url === 'env' || url === 'env, not the profile') env[variable] = target;
    if (url === 'env, same as the profile') env[variable] = `${target}/`;
    if (token === 'profile') await configSet(['token'], `${TOKENS.profile}\n`);
    if (token === 'COOPCTL_TOKEN') env['COOPCTL_TOKEN'] = TOKENS.COOPCTL_TOKEN;
    if (token === '--token-file') {
      argv.unshift('--token-file', '-');
      stdin = TOKENS['--token-file'];
    }
    // Nothing listens on the built-in default: that request is shown by a dry run instead.
    const dry = expected === 'no token' && url === 'defaults';
    const r = await run(dry ? [...argv, '--dry-run'] : argv, { env, ...(stdin === undefined ? {} : { stdin }) });

    if (expected === 'refused') {
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(refusal(token, url, key, variable));
      expect(service().requests).toHaveLength(0);
    } else if (dry) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${DEFAULT_URL}${op.path}`);
      expect(r.stdout).not.toMatch(/authorization/i);
    } else {
      expect(r.code, r.stderr).toBe(0);
      expect(service().requests).toHaveLength(1);
      expect(service().requests[0]!.headers['authorization']).toBe(
        expected === 'token' ? `Bearer ${TOKENS[token]}` : undefined,
      );
    }
    expect(other().requests).toHaveLength(0);
  });
});

describe('the issue case: a profile with baseUrl and a token but no testBaseUrl', () => {
  it('its token goes to its baseUrl; a registration operation stops naming testBaseUrl, nothing sent anywhere', async () => {
    expect((await run(['--profile', 'prod', 'config', 'set', 'baseUrl', setup.h.base.url])).code).toBe(0);
    expect((await run(['--profile', 'prod', 'config', 'set', 'token'], { stdin: 'prod-token' })).code).toBe(0);
    const base = await run(['--profile', 'prod', ...commandLine(baseOp, sampleParams(baseOp))]);
    expect(base.code, base.stderr).toBe(0);
    expect(setup.h.base.requests.map((r) => r.headers['authorization'])).toEqual(['Bearer prod-token']);
    const reg = await run(['--profile', 'prod', ...commandLine(testOp, sampleParams(testOp))]);
    expect(reg.code).toBe(2);
    expect(reg.stderr).toBe(
      `error: the token of profile "prod" goes only to the profile's own URLs, and it sets no testBaseUrl: coopctl --profile prod config set testBaseUrl <url>\n`,
    );
    const api = await run([
      '--profile',
      'prod',
      'api',
      'GET',
      testOp.path,
      '--host',
      'test',
      '-f',
      'usuario_cartao=00010001000001005',
    ]);
    expect(api.code).toBe(2);
    expect(api.stderr).toContain('sets no testBaseUrl');
    expect(setup.h.base.requests).toHaveLength(1);
    expect(setup.h.test.requests).toHaveLength(0);
  });
});

describe('a profile edited by hand', () => {
  it('a stored baseUrl that is no URL, overridden by the environment: the profile token is refused (exit 2), no crash', async () => {
    mkdirSync(join(setup.home, 'coopctl'), { recursive: true });
    writeFileSync(
      join(setup.home, 'coopctl', 'config.json'),
      JSON.stringify({ profiles: { default: { baseUrl: 'not a url', token: 'profile-token' } } }),
    );
    const r = await run(commandLine(baseOp, sampleParams(baseOp)), { env: { COOPCTL_BASE_URL: setup.h.base.url } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: the token of profile "default" goes only to the profile's own URLs, not to baseUrl from COOPCTL_BASE_URL: give a token for it with COOPCTL_TOKEN or --token-file, or unset COOPCTL_BASE_URL\n`,
    );
    expect(setup.h.base.requests).toHaveLength(0);
  });
});

describe('selecting a profile', () => {
  it('no configuration at all: the embedded server address, no token, exit 0', async () => {
    const r = await run([...commandLine(baseOp, sampleParams(baseOp)), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${DEFAULT_URL}${baseOp.path}`);
    expect(r.stdout).not.toMatch(/authorization/i);
    expect((await run(['config', 'list'])).code).toBe(0);
  });

  it.each([
    ['--profile', ['--profile', 'stagin'], {}],
    ['COOPCTL_PROFILE', [], { COOPCTL_PROFILE: 'stagin' }],
  ])(
    'a name from %s that no stored profile has: exit 2 listing the stored profiles, nothing sent',
    async (from, flags, env) => {
      await run(['--profile', 'staging', 'config', 'set', 'baseUrl', setup.h.base.url]);
      await run(['--profile', 'prod', 'config', 'set', 'baseUrl', setup.h.base.url]);
      for (const argv of [
        commandLine(baseOp, sampleParams(baseOp)),
        ['config', 'list'],
        ['config', 'get', 'baseUrl'],
        ['config', 'unset', 'baseUrl'],
      ]) {
        const r = await run([...flags, ...argv], { env });
        expect(r.code, argv.join(' ')).toBe(2);
        expect(r.stderr).toBe(
          `error: no profile "stagin" (from ${from}): the stored profiles are "staging", "prod"; create it with coopctl --profile stagin config set <key> <value>\n`,
        );
      }
      expect(setup.h.base.requests).toHaveLength(0);
    },
  );

  it('a name given when no profile is stored says so', async () => {
    const r = await run(['--profile', 'work', ...commandLine(baseOp, sampleParams(baseOp))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: no profile "work" (from --profile): no profile is stored yet; create it with coopctl --profile work config set <key> <value>\n',
    );
  });

  it('config set creates a named profile, which can then be selected, with COOPCTL_TOKEN sent to its URL', async () => {
    expect((await run(['--profile', 'work', 'config', 'set', 'baseUrl', setup.h.base.url])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(setup.home, 'coopctl', 'config.json'), 'utf8'))).toEqual({
      profiles: { work: { baseUrl: setup.h.base.url } },
    });
    const r = await run(commandLine(baseOp, sampleParams(baseOp)), {
      env: { COOPCTL_PROFILE: 'work', COOPCTL_TOKEN: 'env-token' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(setup.h.base.requests.map((q) => q.headers['authorization'])).toEqual(['Bearer env-token']);
  });

  it('--profile default is fine when no default profile is stored', async () => {
    const r = await run(['--profile', 'default', ...commandLine(baseOp, sampleParams(baseOp))], {
      env: { COOPCTL_BASE_URL: setup.h.base.url },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(setup.h.base.requests).toHaveLength(1);
  });
});
