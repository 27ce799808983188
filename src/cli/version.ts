/**
 * coopctl's version, and what `--version` prints: the version, the commit it
 * was built from and how it was delivered (the npm package, run by a Node of
 * the machine, or the single executable, which carries its own). The build
 * (scripts/bundle.mjs) sets COOPCTL_COMMIT and COOPCTL_FORM; sources run
 * unbundled (the tests) have neither.
 */
import pkg from '../../package.json' with { type: 'json' };

declare const COOPCTL_COMMIT: string | undefined;
declare const COOPCTL_FORM: 'package' | 'executable' | undefined;

export const version: string = pkg.version;

/** What this build is: its commit (12 hex digits, or "unknown" outside a git checkout) and its form. */
export interface BuildFacts {
  readonly version: string;
  readonly commit: string;
  readonly form: 'package' | 'executable' | 'sources';
  readonly node: string;
}

export const buildFacts = (): BuildFacts => ({
  version,
  commit: typeof COOPCTL_COMMIT === 'string' ? COOPCTL_COMMIT : 'unknown',
  form: typeof COOPCTL_FORM === 'string' ? COOPCTL_FORM : 'sources',
  node: process.version,
});
