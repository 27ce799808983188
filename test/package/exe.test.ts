/**
 * The single executable (scripts/build-exe.mjs, built once per run by
 * test/setup/package.ts) as a user without Node runs it: an empty
 * environment (`env -i`: no PATH, so no Node to find), from a folder of their
 * own. Help, the version, `serve --demo` and reads (the SQLite addon and jq's
 * WebAssembly are assets of the executable), in both languages.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { at, runIn, serveDemo, userFolder } from './processes.js';

const DEMO_CARD = '00010001000001005';
const exe = process.env['COOPCTL_TEST_EXE']!;
const user = userFolder();
afterAll(() => user.remove());

/** `env -i HOME=… VAR=…`: nothing else, no PATH. */
const bare = (extra: Record<string, string> = {}) => ({ HOME: user.dir, ...extra });

describe('coopctl-linux-x64', () => {
  it('is one executable file', () => {
    const stat = statSync(exe);
    expect(stat.isFile()).toBe(true);
    expect(stat.mode & 0o111).not.toBe(0);
  });

  it('answers --help with no Node and no PATH, in English and in Portuguese', () => {
    const en = runIn(user.dir, exe, ['--help'], bare({ LANG: 'C' }));
    expect(en.stderr).toBe('');
    expect(en.status).toBe(0);
    expect(en.stdout).toMatch(/^Usage: coopctl \[options\] \[command\]/);
    const pt = runIn(user.dir, exe, ['record', 'allergies', '--help'], bare({ LANG: 'pt_BR.UTF-8' }));
    expect(pt.status).toBe(0);
    expect(pt.stdout).toMatch(/^Uso: coopctl record allergies \[opções\]/);
    // The stored page (an asset, answered without the whole CLI) is what the whole CLI writes (`help …`).
    expect(runIn(user.dir, exe, ['help', 'record', 'allergies'], bare({ LANG: 'pt_BR.UTF-8' })).stdout).toBe(pt.stdout);
  });

  it('says it is the executable, with its commit and the Node built in', () => {
    const r = runIn(user.dir, exe, ['--version'], bare({ LANG: 'C' }));
    const commit = process.env['COOPCTL_TEST_COMMIT'];
    expect(r.stdout).toMatch(
      new RegExp(
        `^coopctl ${pkg.version.replace(/\./g, '\\.')} \\(commit ${commit}; single executable, Node v\\d+\\.\\d+\\.\\d+ built in\\)\\n$`,
      ),
    );
    const pt = runIn(user.dir, exe, ['--version'], bare({ LANG: 'pt_BR.UTF-8' }));
    expect(pt.stdout).toContain('executável único, com o Node');
  });

  it('serves the demo from its own SQLite binding and reads from it, in both languages, jq included', async () => {
    const serve = await serveDemo(user.dir, exe, [], bare({ LANG: 'C' }));
    try {
      const en = runIn(
        user.dir,
        exe,
        ['registration', 'show', DEMO_CARD, '--json'],
        bare({ LANG: 'C', ...at(serve.url) }),
      );
      expect(en.stderr).toBe('');
      expect(en.status).toBe(0);
      expect(JSON.parse(en.stdout)).toMatchObject([{ nome: 'Ana Beatriz Souza', cpf: '52998224725' }]);
      const jq = runIn(
        user.dir,
        exe,
        ['registration', 'show', DEMO_CARD, '--jq', '.[0].nome'],
        bare({ LANG: 'C', ...at(serve.url) }),
      );
      expect(jq.stdout).toBe('Ana Beatriz Souza\n');
      const pt = runIn(user.dir, exe, ['registration', 'show', '123'], bare({ LANG: 'pt_BR.UTF-8', ...at(serve.url) }));
      expect(pt.status).toBe(2);
      expect(pt.stderr).toMatch(/^erro: /);
    } finally {
      await serve.stop();
    }
    // The addon, written once to the user's cache, private.
    const addon = join(user.dir, '.cache', 'coopctl', 'addon');
    expect(statSync(addon).mode & 0o777).toBe(0o700);
  });
});
