// npm run build: bundles the CLI into dist/ (scripts/bundle.mjs says how), then writes the stamp of the sources it
// built (scripts/build-stamp.mjs), last: the test suite builds again only when the sources changed since.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STAMP, sourcesKey } from './build-stamp.mjs';
import { bundle } from './bundle.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const key = sourcesKey();
rmSync(dist, { recursive: true, force: true });
await bundle(dist);
writeFileSync(STAMP, key);
