/** Configuration: precedence flags > environment > profile > defaults, profiles, file mode 0600, and the token never printed. */
import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { useHarness, type RunOptions } from './harness.js';

const setup = useHarness('coopctl-config-');
beforeEach(() => {
  setup.h.base.reply({ json: [sampleRecord(read)] });
  setup.h.test.reply({ json: [sampleRecord(read)] });
});

const read = operation('record.allergies');
const readArgv = commandLine(read, sampleParams(read));
const file = () => join(setup.home, 'coopctl', 'config.json');
/** A run with this test's config home and no COOPCTL_* variables unless given. */
const run = (argv: string[], options: RunOptions = {}) =>
  setup.h.run(argv, {
    ...options,
    env: { XDG_CONFIG_HOME: setup.home, COOPCTL_BASE_URL: undefined, COOPCTL_TEST_BASE_URL: undefined, ...options.env },
  });
const listed = async (argv: string[] = [], options: RunOptions = {}) => {
  const r = await run([...argv, '--json', 'config', 'list'], options);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { profile: string; settings: Record<string, { value: string; source: string }> };
};

describe('configuration', () => {
  it('prints the file path under XDG_CONFIG_HOME', async () => {
    const r = await run(['config', 'path']);
    expect(r.stdout).toBe(`${file()}\n`);
  });

  it('defaults both hosts to the embedded server address', async () => {
    const list = await listed();
    expect(list.profile).toBe('default');
    expect(list.settings['baseUrl']).toEqual({ value: 'http://127.0.0.1:8787', source: 'the defaults' });
    expect(list.settings['testBaseUrl']).toEqual({ value: 'http://127.0.0.1:8787', source: 'the defaults' });
    expect(list.settings['token']).toEqual({ value: '', source: 'the defaults' });
  });

  it('writes the file with mode 0600', async () => {
    expect((await run(['config', 'set', 'baseUrl', setup.h.base.url])).code).toBe(0);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('profile beats default, environment beats profile', async () => {
    await run(['config', 'set', 'baseUrl', setup.h.base.url]);
    expect((await run(readArgv)).code).toBe(0);
    expect(setup.h.base.requests).toHaveLength(1);
    expect((await run(readArgv, { env: { COOPCTL_BASE_URL: setup.h.test.url } })).code).toBe(0);
    expect(setup.h.test.requests).toHaveLength(1);
    expect((await listed([], { env: { COOPCTL_BASE_URL: setup.h.test.url } })).settings['baseUrl']).toEqual({
      value: setup.h.test.url,
      source: 'COOPCTL_BASE_URL',
    });
  });

  it('selects a profile with --profile, else COOPCTL_PROFILE', async () => {
    await run(['--profile', 'staging', 'config', 'set', 'baseUrl', 'https://staging.example']);
    await run(['config', 'set', 'baseUrl', 'https://prod.example']);
    expect((await listed()).settings['baseUrl']!.value).toBe('https://prod.example');
    expect((await listed([], { env: { COOPCTL_PROFILE: 'staging' } })).settings['baseUrl']).toEqual({
      value: 'https://staging.example',
      source: 'profile "staging"',
    });
    expect(
      (await listed(['--profile', 'default'], { env: { COOPCTL_PROFILE: 'staging' } })).settings['baseUrl']!.value,
    ).toBe('https://prod.example');
  });

  it('token: --token-file beats COOPCTL_TOKEN, which beats the profile; sent as a bearer token', async () => {
    expect((await run(['config', 'set', 'token'], { stdin: 'profile-token\n' })).code).toBe(0);
    await run(['config', 'set', 'baseUrl', setup.h.base.url]);
    const tokenFile = join(setup.home, 'token');
    writeFileSync(tokenFile, 'file-token\n');
    await run(readArgv);
    await run(readArgv, { env: { COOPCTL_TOKEN: 'env-token' } });
    await run(['--token-file', tokenFile, ...readArgv], { env: { COOPCTL_TOKEN: 'env-token' } });
    await run(['--token-file', '-', ...readArgv], { stdin: 'stdin-token' });
    expect(setup.h.base.requests.map((r) => r.headers['authorization'])).toEqual([
      'Bearer profile-token',
      'Bearer env-token',
      'Bearer file-token',
      'Bearer stdin-token',
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    await run(readArgv, { env: { COOPCTL_BASE_URL: setup.h.base.url } });
    expect(setup.h.base.requests[0]!.headers['authorization']).toBeUndefined();
  });

  it('config list says a switch as Yes/No, Sim/Não, in a table; JSON keeps the setting as written', async () => {
    const table = (lang: string) =>
      run(['config', 'list', '--lang', lang], { tty: { stdout: true }, screen: { columns: 120, rows: 40 } });
    // The table's cells, without its rules and colours.
    const value = (text: string) =>
      text
        .split('\n')
        .map((l) => l.split('│').map((c) => c.trim()))
        .find((cells) => cells[1] === 'mask')?.[2];
    expect(value((await table('pt-BR')).stdout)).toBe('Não');
    expect(value((await table('en')).stdout)).toBe('No');
    await run(['config', 'set', 'mask', 'on']);
    expect(value((await table('pt-BR')).stdout)).toBe('Sim');
    expect((await listed()).settings['mask']!.value).toBe('on');
  });

  it('never prints the token', async () => {
    await run(['config', 'set', 'token'], { stdin: 'sekret-123' });
    await run(['config', 'set', 'baseUrl', setup.h.base.url]);
    const outputs = [
      await run(['config', 'list']),
      await run(['--json', 'config', 'list']),
      await run(['config', 'get', 'token']),
      await run(['-v', ...readArgv]),
    ];
    expect(outputs[3]!.code, outputs[3]!.stderr).toBe(0);
    expect(setup.h.base.requests[0]!.headers['authorization']).toBe('Bearer sekret-123');
    for (const r of outputs) expect(r.stdout + r.stderr).not.toContain('sekret-123');
    expect(outputs[2]!.stdout).toBe('********\n');
  });

  it('refuses a token on the command line, storing nothing', async () => {
    const r = await run(['config', 'set', 'token', 'sekret-123']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not taken from the command line/);
    expect(() => readFileSync(file(), 'utf8')).toThrow();
  });

  it('asks for the token on a terminal, and refuses to without input', async () => {
    const asked: string[] = [];
    const prompter = {
      password: async (q: { message: string }) => {
        asked.push(q.message);
        return 'prompted-token';
      },
    } as unknown as NonNullable<RunOptions['prompter']>;
    const tty = { stdin: true, stdout: true };
    expect((await run(['config', 'set', 'token'], { tty, prompter })).code).toBe(0);
    expect(asked).toEqual(['Token']);
    expect(readFileSync(file(), 'utf8')).toContain('prompted-token');
    expect((await run(['--no-input', 'config', 'set', 'token'], { tty, prompter })).code).toBe(2);
    expect(asked).toHaveLength(1);
  });

  it('refuses an empty token', async () => {
    expect((await run(['config', 'set', 'token'], { stdin: '  \n' })).code).toBe(2);
  });

  it('unsets a setting', async () => {
    await run(['config', 'set', 'token'], { stdin: 'sekret-123' });
    expect((await run(['config', 'unset', 'token'])).code).toBe(0);
    const r = await run(['config', 'get', 'token']);
    expect(r.code).toBe(3);
    expect(readFileSync(file(), 'utf8')).not.toContain('sekret-123');
  });

  it('refuses an empty value, keeping the stored one, unless --allow-empty', async () => {
    expect((await run(['config', 'set', 'providers', '9001=Clínica Geral'])).code).toBe(0);
    for (const empty of ['', '  \t']) {
      const r = await run(['config', 'set', 'providers', empty]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        'error: config set providers: the value is empty, so nothing was stored (to store an empty value, add --allow-empty; to remove the setting: coopctl config unset providers)\n',
      );
      expect((await run(['config', 'get', 'providers'])).stdout).toBe('9001=Clínica Geral\n');
    }
    const pt = await run(['--lang', 'pt-BR', 'config', 'set', 'providers', '']);
    expect(pt.code).toBe(2);
    expect(pt.stderr).toBe(
      'erro: config set providers: o valor está vazio, então nada foi gravado (para gravar um valor vazio, use --allow-empty; para remover a configuração: coopctl config unset providers)\n',
    );
    const allowed = await run(['config', 'set', 'providers', '', '--allow-empty']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file(), 'utf8')).profiles.default.providers).toBe('');
  });

  it('gets a value in effect', async () => {
    await run(['config', 'set', 'testBaseUrl', 'https://test.example']);
    expect((await run(['config', 'get', 'testBaseUrl'])).stdout).toBe('https://test.example\n');
  });

  it.each([
    [['config', 'set', 'baseUrl', 'ftp://x'], /baseUrl from the command line must be an http or https URL/],
    [['config', 'set', 'colour', 'red'], /unknown setting "colour"/],
    [['config', 'get', 'nope'], /unknown setting "nope"/],
    [['config', 'set', 'baseUrl'], /needs a value/],
    [['--profile', 'a.b', 'config', 'set', 'baseUrl', 'http://x'], /profile name "a.b"/],
  ])('%j exits 2', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('a malformed URL in the environment is a usage error naming the variable, nothing sent', async () => {
    const r = await run(readArgv, { env: { COOPCTL_BASE_URL: 'not a url' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: baseUrl from COOPCTL_BASE_URL must be an http or https URL\n');
  });

  it('a configuration file that is not JSON is a usage error naming it', async () => {
    mkdirSync(join(setup.home, 'coopctl'), { recursive: true });
    writeFileSync(file(), '{ nope');
    const r = await run(readArgv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(file());
  });
});
