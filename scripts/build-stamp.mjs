// The stamp of a build: what dist/ was built from, so that the test suite's global setup (test/setup/build.ts)
// builds again only when something a build reads has changed since dist/ was made.
//
// The key is a sha1 over every file of src/, the build's own scripts, package-lock.json (the bundled dependencies)
// and the commit the bundle states (scripts/bundle.mjs, commitOf: `--version` says it). npm run build writes it
// to dist/.sources last, after every file of dist/, and a build removes dist/ first: a stamp that matches is a
// whole build of these sources.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitOf } from './bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where npm run build writes the stamp. */
export const STAMP = join(root, 'dist', '.sources');

/** Every file under `dir`, sorted, as paths from the repository's root. */
function filesUnder(dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** The key of the sources as they are now. */
export function sourcesKey() {
  const hash = createHash('sha1');
  hash.update(`commit ${commitOf()}\0`);
  const files = [...filesUnder('src'), 'scripts/build.mjs', 'scripts/bundle.mjs', 'package-lock.json'];
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Whether dist/ holds a whole build of the sources as they are now. */
export function distIsCurrent() {
  try {
    return readFileSync(STAMP, 'utf8') === sourcesKey();
  } catch {
    return false;
  }
}
