/** Bundles the CLI into `outdir` (coopctl.cjs, help.cjs, help/<lang>.json), as npm run build does for dist/. */
export function bundle(outdir: string): Promise<void>;
