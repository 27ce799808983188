/** Bundles the CLI into `outdir` (coopctl.cjs, help.cjs, help/<lang>.json), as npm run build does for dist/. */
export function bundle(outdir: string): Promise<void>;

/** esbuild's settings for a CommonJS bundle of `entry` at `outfile`, as the build makes dist/coopctl.cjs. */
export function options(
  entry: string,
  outfile: string,
  plugins?: import('esbuild').Plugin[],
  form?: 'package' | 'executable',
  commit?: string,
): import('esbuild').BuildOptions & { readonly banner: { readonly js: string } };
