/**
 * The CLI built from the current sources, once per run, by the suite's global setup (test/setup/build.ts): the
 * tests that run it as a process take these paths and build nothing themselves.
 */
import { fileURLToPath } from 'node:url';

/** bin/coopctl, the launcher a user runs (it runs dist/coopctl.cjs with a code cache). */
export const BIN = fileURLToPath(new URL('../../bin/coopctl', import.meta.url));

/** dist/coopctl.cjs, the bundle itself, for a test that runs it with node directly. */
export const MAIN = fileURLToPath(new URL('../../dist/coopctl.cjs', import.meta.url));
