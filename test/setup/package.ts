/**
 * vitest globalSetup of the `package` project (vitest.config.ts): coopctl as
 * a user without the repository gets it, made once per run, at the same time:
 *
 * - the npm package, packed (`npm pack`, whose prepack builds) from a copy of
 *   the sources as a fresh clone has them (the files git tracks or would
 *   track, with this checkout's node_modules), so that a package that needs a
 *   build step nobody ran fails here; its tarball is COOPCTL_TEST_TARBALL and
 *   the copy COOPCTL_TEST_CLONE;
 * - the single executable (scripts/build-exe.mjs), COOPCTL_TEST_EXE.
 *
 * Either failing fails the run, saying why (the tests do not skip).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

async function step(what: string, file: string, args: readonly string[], cwd: string, env = process.env) {
  try {
    return await run(file, args, { cwd, env, maxBuffer: 64 * 2 ** 20, timeout: 300_000 });
  } catch (err) {
    const e = err as { message: string; stderr?: string };
    throw new Error(`the package tests could not ${what}: ${e.message}\n${e.stderr ?? ''}`);
  }
}

/** A copy of the sources as a fresh clone has them, node_modules linked to this checkout's. */
async function cloneOf(dir: string): Promise<string> {
  const clone = join(dir, 'clone');
  const { stdout } = await step('list the sources', 'git', ['ls-files', '-co', '--exclude-standard', '-z'], root);
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(root, file), join(clone, file));
  }
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  return clone;
}

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-package-'));
  const { stdout: head } = await step('read the commit', 'git', ['rev-parse', '--short=12', 'HEAD'], root);
  const env = { ...process.env, COOPCTL_BUILD_COMMIT: head.trim() };
  const packed = (async () => {
    const clone = await cloneOf(dir);
    await step(
      'pack the project (npm pack)',
      'npm',
      ['pack', '--pack-destination', dir, '--loglevel=error'],
      clone,
      env,
    );
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`the package tests could not pack the project: no tarball in ${dir}`);
    process.env['COOPCTL_TEST_CLONE'] = clone;
    process.env['COOPCTL_TEST_TARBALL'] = join(dir, tarball);
  })();
  const built = (async () => {
    await step(
      'build the executable (scripts/build-exe.mjs)',
      process.execPath,
      ['scripts/build-exe.mjs', '--out', dir],
      root,
      env,
    );
    process.env['COOPCTL_TEST_EXE'] = join(dir, 'coopctl-linux-x64');
  })();
  const results = await Promise.allSettled([packed, built]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    rmSync(dir, { recursive: true, force: true });
    throw failed.reason;
  }
  process.env['COOPCTL_TEST_COMMIT'] = head.trim();
  return () => rmSync(dir, { recursive: true, force: true });
}
