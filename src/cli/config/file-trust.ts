/**
 * Whether a local file that steers the CLI (the configuration file and its
 * folder, a `--token-file`) can be trusted, as ssh judges its keys and
 * `authorized_keys` (StrictModes): it must belong to the user running coopctl
 * (or to root) and be writable by nobody else. Otherwise another user of the
 * machine could point a profile's `baseUrl` at a server of theirs and collect
 * the token sent to it, or put their token in the user's hands. A token file
 * that others may read is only a warning (the token is leaked already; the
 * user is told to change its mode). Pipes, terminals and other special files
 * (`--token-file <(pass show coopctl)`) are judged by nothing: they hold no
 * stored data. Windows has no such modes and is not checked.
 */
import type { Stats } from 'node:fs';

/** Why a file may not be trusted: it belongs to another user, or others may write it (mode in octal, `0666`). */
export type Distrust =
  | { readonly kind: 'owner'; readonly uid: number }
  | { readonly kind: 'writable'; readonly mode: string }
  | { readonly kind: 'readable'; readonly mode: string };

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/**
 * What is wrong with a file or folder of these stats (a regular file or a
 * folder; anything else is not judged): another owner than the user or root,
 * then a mode that lets group or others write it, then (when `secret`) one
 * that lets them read it.
 */
export function distrustOf(st: Stats, secret = false): Distrust | undefined {
  if (process.platform === 'win32' || !(st.isFile() || st.isDirectory())) return undefined;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid && st.uid !== 0) return { kind: 'owner', uid: st.uid };
  if (st.mode & 0o022) return { kind: 'writable', mode: octal(st.mode) };
  if (secret && st.isFile() && st.mode & 0o044) return { kind: 'readable', mode: octal(st.mode) };
  return undefined;
}
