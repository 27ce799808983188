/**
 * bin/coopctl on a Node older than 22.14 (the machine's /usr/bin/node, or the
 * first `node` on the default PATH, is Node 20): it says which Node it found,
 * which lines it needs and how to get one, in the run's language, and exits 2
 * without running anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/coopctl', import.meta.url));

/** An old Node of the machine: /usr/bin/node when it is one (this machine's is 20). */
function oldNode(): { path: string; version: string } {
  const path = '/usr/bin/node';
  if (!existsSync(path)) throw new Error('no /usr/bin/node: this test needs a Node older than 22.14 there');
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = version.slice(1).split('.').map(Number) as [number, number];
  if (major > 22 || (major === 22 && minor >= 14)) throw new Error(`/usr/bin/node is ${version}, not older than 22.14`);
  return { path, version };
}

const run = (env: Record<string, string>, args: readonly string[]) => {
  const node = oldNode();
  const r = spawnSync(node.path, [bin, ...args], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', ...env } });
  return { ...r, node };
};

describe('bin/coopctl on an unsupported Node', () => {
  it('says which Node it found, which lines it needs and how to get one, and exits 2 (English)', () => {
    const r = run({ LANG: 'C' }, ['registration', 'show', '00010001000001005']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`this Node is ${r.node.version} (${r.node.path}), too old`);
    expect(r.stderr).toContain('coopctl needs Node 22.14 or newer: the 22 line (from 22.14), 24 or 26.');
    expect(r.stderr).toContain('https://nodejs.org/');
    expect(r.stderr).toContain('coopctl-linux-x64');
    expect(r.stderr).not.toMatch(/precisa|Instale/);
    for (const line of r.stderr.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('speaks Portuguese in a pt_BR locale, and with --lang pt-BR', () => {
    for (const [env, args] of [
      [{ LANG: 'pt_BR.UTF-8' }, ['--help']],
      [{ LANG: 'C' }, ['--lang', 'pt-BR', '--version']],
    ] as const) {
      const r = run(env, args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`este Node é o ${r.node.version} (${r.node.path}), antigo demais`);
      expect(r.stderr).toContain(
        'O coopctl precisa do Node 22.14 ou mais novo: as linhas 22 (a partir da 22.14), 24 ou 26.',
      );
      expect(r.stderr).toContain('https://nodejs.org/');
      expect(r.stderr).not.toMatch(/\b(needs|Install|newer)\b/);
    }
  });
});
