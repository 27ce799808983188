/**
 * The SQLite binding, better-sqlite3 (docs/decisions.md, "The SQLite
 * binding"), loaded when a SQLite database is first opened and not before: the
 * CLI's other commands, and a server on PostgreSQL, never load it.
 *
 * A Node without Node-API 10 (older than 22.14) is refused before the addon is
 * touched: there the addon kills the process (a segmentation fault, not an
 * error). Loading the addon is tried once, on a throwaway in-memory database
 * (better-sqlite3 loads its binary at the first `new Database`), so that a
 * binary that cannot be loaded (none for this platform, a damaged install)
 * becomes a BindingError carrying the loader's whole message, not a failure
 * of whatever database was being opened.
 */
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

export type Binding = typeof BetterSqlite3;

/** The Node-API version better-sqlite3 13 needs (Node 22.14, 23.6, 24 and later). */
export const NODE_API = 10;

export type BindingProblem =
  /** This Node is too old: its version and Node-API version. */
  | { readonly kind: 'node'; readonly node: string; readonly napi: string }
  /**
   * The addon did not load: the loader's message (every line); better-sqlite3's folder when it was found, and
   * coopctl's (where `npm ci` installs it: the folder holding its node_modules, else the bundle's parent).
   */
  | { readonly kind: 'load'; readonly detail: string; readonly folder: string | undefined; readonly root: string };

export class BindingError extends Error {
  override readonly name = 'BindingError';
  constructor(readonly problem: BindingProblem) {
    super(
      problem.kind === 'node'
        ? `the SQLite binding needs Node-API ${NODE_API} (Node 22.14 or newer); this is Node ${problem.node}`
        : `the SQLite binding (better-sqlite3) cannot be loaded: ${problem.detail}`,
    );
  }
}

/** Why this Node cannot run the binding, or undefined when it can. */
export function nodeProblem(versions: NodeJS.ProcessVersions, version: string): BindingProblem | undefined {
  const napi = versions.napi ?? '0';
  return Number(napi) >= NODE_API ? undefined : { kind: 'node', node: version, napi };
}

let loaded: Binding | undefined;

/** better-sqlite3's Database class, loaded and tried on first use; throws BindingError when it cannot be. */
export function sqliteBinding(): Binding {
  if (loaded) return loaded;
  const old = nodeProblem(process.versions, process.version);
  if (old) throw new BindingError(old);
  const require = createRequire(import.meta.filename);
  let folder: string | undefined;
  try {
    folder = dirname(require.resolve('better-sqlite3/package.json'));
    const Database = require('better-sqlite3') as Binding;
    new Database(':memory:').close();
    loaded = Database;
    return Database;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    const root = folder ? resolve(folder, '..', '..') : resolve(dirname(import.meta.filename), '..');
    throw new BindingError({ kind: 'load', detail, folder, root });
  }
}
