/**
 * Where the store is: a SQLite file (a path, or `:memory:`) or a PostgreSQL
 * database (a `postgres://` or `postgresql://` URL). Anything else written
 * as a URL (`scheme://…`, or `postgres:` without the slashes) is refused
 * rather than taken for a file name. The URL's password never appears in
 * what coopctl prints: `maskUrl` hides it.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { maskUrl } from '../../catalogue/mask.js';

export { maskUrl };

export type StoreLocation =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** A `--db` value that names no database coopctl can use; the message says why. */
export class UnsupportedLocation extends Error {
  override readonly name = 'UnsupportedLocation';
}

const POSTGRES = /^postgres(ql)?:/i;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Classifies a `--db` value (or `COOPCTL_DB_URL`); throws UnsupportedLocation for an unsupported URL. */
export function storeLocation(db: string): StoreLocation {
  if (POSTGRES.test(db)) {
    if (!/^postgres(ql)?:\/\//i.test(db))
      throw new UnsupportedLocation(
        `${maskUrl(db)} is not a PostgreSQL URL: write postgres://user:password@host:port/database`,
      );
    try {
      new URL(db);
    } catch {
      throw new UnsupportedLocation(`${maskUrl(db)} is not a valid URL`);
    }
    return { kind: 'postgres', url: db };
  }
  if (URL_LIKE.test(db)) {
    const scheme = db.slice(0, db.indexOf(':'));
    throw new UnsupportedLocation(
      `${maskUrl(db)}: ${scheme} URLs are not supported; give a SQLite file path, or a postgres:// (postgresql://) URL`,
    );
  }
  return { kind: 'sqlite', path: db };
}

/** `$XDG_DATA_HOME/coopctl/coopctl.db`, or `~/.local/share/coopctl/coopctl.db`. */
export function defaultDbPath(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg && isAbsolute(xdg) ? xdg : join(env['HOME'] || homedir(), '.local', 'share');
  return join(base, 'coopctl', 'coopctl.db');
}

/** The database a command works on: `--db`, else COOPCTL_DB_URL, else the default file. */
export function databaseOf(option: string | undefined, env: NodeJS.ProcessEnv): string {
  return option ?? (env['COOPCTL_DB_URL'] || defaultDbPath(env));
}
