/**
 * The local files that steer the CLI, judged as ssh judges its keys
 * (src/cli/config/file-trust.ts): a configuration file (or folder) that
 * another user owns or may write is refused before anything is sent, so that
 * nobody else can point a profile's URL at their server and collect its
 * token; a `--token-file` likewise, and one that others may read is used
 * with a warning. The configuration folder is made 0700 whatever the umask.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { type RunOptions, useHarness } from './harness.js';

const setup = useHarness('coopctl-files-');
const read = operation('record.allergies');
const readArgv = commandLine(read, sampleParams(read));
const folder = () => join(setup.home, 'coopctl');
const file = () => join(folder(), 'config.json');
const asRoot = process.getuid?.() === 0;

const run = (argv: string[], options: RunOptions = {}) =>
  setup.h.run(argv, {
    ...options,
    env: { XDG_CONFIG_HOME: setup.home, COOPCTL_BASE_URL: undefined, COOPCTL_TEST_BASE_URL: undefined, ...options.env },
  });

/** A configuration whose default profile sends its token to the fake service (as an attacker's file would). */
function writeConfig(mode: number): void {
  mkdirSync(folder(), { recursive: true, mode: 0o700 });
  const profile = { baseUrl: setup.h.base.url, token: 'planted-token' };
  writeFileSync(file(), JSON.stringify({ profiles: { default: profile } }), { mode });
  chmodSync(file(), mode);
}

describe('the configuration file', () => {
  it('is used when it is the user’s own and private', async () => {
    writeConfig(0o600);
    setup.h.base.reply({ json: [sampleRecord(read)] });
    const r = await run(readArgv);
    expect(r.code, r.stderr).toBe(0);
    expect(setup.h.base.requests).toHaveLength(1);
  });

  it.each([0o666, 0o620, 0o602])('is refused when group or others may write it (mode %o)', async (mode) => {
    writeConfig(mode);
    const octal = mode.toString(8).padStart(4, '0');
    for (const argv of [readArgv, ['config', 'list'], ['config', 'set', 'lang', 'en']]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: ${file()} is not used: others may write it (mode ${octal}; chmod go-w fixes that); another user could have changed the settings (a URL that collects the token)\n`,
      );
    }
    expect(setup.h.base.requests).toHaveLength(0);
    expect(statSync(file()).mode & 0o777).toBe(mode);
  });

  it('is refused when its folder may be written by others, in Portuguese too', async () => {
    writeConfig(0o600);
    chmodSync(folder(), 0o777);
    const r = await run(['--lang', 'pt-BR', ...readArgv]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `erro: ${folder()} não é usado: outros podem alterá-lo (modo 0777; chmod go-w corrige isso); outro usuário pode ter mudado as configurações (uma URL que recolhe o token)\n`,
    );
    expect(setup.h.base.requests).toHaveLength(0);
  });

  it.runIf(asRoot)('is refused when it belongs to another user', async () => {
    writeConfig(0o600);
    chownSync(file(), 65534, 65534);
    const r = await run(readArgv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file()} is not used: it belongs to another user (uid 65534), not to you`);
    expect(setup.h.base.requests).toHaveLength(0);
  });
});

describe('--token-file', () => {
  const tokenFile = () => join(setup.home, 'token');
  const withToken = (mode: number) => {
    writeFileSync(tokenFile(), 'file-token\n', { mode });
    chmodSync(tokenFile(), mode);
    return run(['--token-file', tokenFile(), ...readArgv], { env: { COOPCTL_BASE_URL: setup.h.base.url } });
  };

  it('is used without a word when private', async () => {
    setup.h.base.reply({ json: [sampleRecord(read)] });
    const r = await withToken(0o600);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('warning');
    expect(setup.h.base.requests[0]!.headers['authorization']).toBe('Bearer file-token');
  });

  it('is used with a warning when others may read it, as ssh warns', async () => {
    setup.h.base.reply({ json: [sampleRecord(read)] });
    const r = await withToken(0o644);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: --token-file ${tokenFile()} may be read by others (mode 0644): the token may have leaked; chmod 600 ${tokenFile()}, and change the token if others could read it\n`,
    );
    expect(r.stderr).not.toContain('file-token');
    expect(setup.h.base.requests[0]!.headers['authorization']).toBe('Bearer file-token');
  });

  it('is refused when others may write it, nothing sent', async () => {
    const r = await withToken(0o666);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: --token-file ${tokenFile()} is not used: others may write it (mode 0666; chmod go-w fixes that); another user could have put their token in it\n`,
    );
    expect(setup.h.base.requests).toHaveLength(0);
  });

  it.runIf(asRoot)('is refused when it belongs to another user', async () => {
    writeFileSync(tokenFile(), 'file-token\n', { mode: 0o600 });
    chownSync(tokenFile(), 65534, 65534);
    const r = await run(['--token-file', tokenFile(), ...readArgv], { env: { COOPCTL_BASE_URL: setup.h.base.url } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('it belongs to another user (uid 65534), not to you');
    expect(setup.h.base.requests).toHaveLength(0);
  });
});

describe('the configuration folder', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const bin = join(root, 'bin', 'coopctl');

  // The umask belongs to a process: the built CLI is run under `umask 000`, as a careless shell would start it.
  it('is made 0700, and the file 0600, under umask 000', async () => {
    const config = join(setup.home, 'fresh', 'config');
    await promisify(execFile)(
      '/bin/sh',
      ['-c', 'umask 000 && exec "$0" "$1" config set baseUrl https://example.org', process.execPath, bin],
      { env: { PATH: process.env['PATH'], HOME: setup.home, XDG_CONFIG_HOME: config, LANG: 'C' } },
    );
    expect(statSync(config).mode & 0o777).toBe(0o700);
    expect(statSync(join(config, 'coopctl')).mode & 0o777).toBe(0o700);
    expect(statSync(join(config, 'coopctl', 'config.json')).mode & 0o777).toBe(0o600);
  });
});
