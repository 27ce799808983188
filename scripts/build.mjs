// npm run build: bundles the CLI into dist/ (scripts/bundle.mjs says how).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundle } from './bundle.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
rmSync(dist, { recursive: true, force: true });
await bundle(dist);
