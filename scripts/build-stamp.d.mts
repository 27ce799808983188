/** Where npm run build writes the stamp of the sources it built (dist/.sources). */
export const STAMP: string;
/** The key of the sources as they are now (src/, the build's scripts, package-lock.json, the commit). */
export function sourcesKey(): string;
/** Whether dist/ holds a whole build of the sources as they are now. */
export function distIsCurrent(): boolean;
