/**
 * vitest globalSetup of every project that runs the built CLI (vitest.config.ts): dist/ is built from the current
 * sources once per run, before any test file starts, unless it already is a whole build of them (the stamp that
 * npm run build writes last, scripts/build-stamp.mjs: a sha1 of src/, the build's scripts, package-lock.json and
 * the commit). Every test that runs bin/coopctl or dist/ relies on this and builds nothing itself; after editing
 * src/, `npx vitest run test/server/probes.test.ts` tests the edited server.
 *
 * Each project runs its global setups in turn: the first builds, the next find the stamp current.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { distIsCurrent } from '../../scripts/build-stamp.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(): Promise<void> {
  if (distIsCurrent()) return;
  try {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: root, maxBuffer: 64 * 2 ** 20 });
  } catch (err) {
    const e = err as { message: string; stderr?: string };
    throw new Error(`the tests could not build dist/ (npm run build): ${e.message}\n${e.stderr ?? ''}`);
  }
  if (!distIsCurrent()) throw new Error('npm run build left dist/ without the stamp of the current sources');
}
