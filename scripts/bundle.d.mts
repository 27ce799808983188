/** Bundles src/cli/main.ts into `outdir` (main.js and chunks/), as npm run build does for dist/. */
export function bundle(outdir: string): Promise<void>;
