/**
 * What the server loads late, and why: every module the server's code loads on
 * first use instead of at start-up goes through one function here, so that a
 * server (or `coopctl audit`, which reads a store without a server) starts
 * with only what every run needs. Each is an `import()`, which the bundle
 * turns into a module initialised on first use (src/boot/bundles.mjs).
 *
 * The SQLite binding's files resolve better-sqlite3 with `createRequire`
 * themselves (store/sqlite/binding.ts, audit-file.ts, and the writer thread's
 * own bundle, audit-writer.ts): a native addon's path, which the single
 * executable rewrites (scripts/build-exe.mjs).
 */

/** The public suffix list (tldts, 0.1 MB): only for a `serve --allowed-host` with a leading dot. */
export const tldts = () => import('tldts');

/** prom-client (0.1 MB with @opentelemetry/api): a server's first GET /metrics. */
export const promClient = () => import('prom-client');

/** The PostgreSQL driver: only for a postgres:// store. */
export const pg = () => import('pg');

/** The PostgreSQL store: only for a postgres:// --db. */
export const postgresStore = () => import('./store/postgres/open.js');

/** Copying a SQLite file into a new PostgreSQL store: only for `serve --import-sqlite`. */
export const sqliteImport = () => import('./store/postgres/import.js');

/** The fixtures' reader: only for `serve --fixtures`. */
export const fixtures = () => import('./store/datasets/fixtures.js');

/** The demo dataset: only for `serve --demo` on a new store. */
export const demoDataset = () => import('./store/datasets/demo.js');

/** What `coopctl audit` opens of a SQLite store, without a server: the binding, the schema, the audit's repository. */
export const sqliteAuditParts = () =>
  Promise.all([
    import('./store/sqlite/binding.js'),
    import('./store/sql/migrations.js'),
    import('./store/sqlite/group-commit.js'),
    import('./store/sqlite/audit.js'),
    import('./store/sqlite/audit-file-open.js'),
  ]).then(([binding, migrations, groupCommit, audit, auditFile]) => ({
    ...binding,
    ...migrations,
    ...groupCommit,
    ...audit,
    ...auditFile,
  }));

/** What `coopctl audit` opens of a PostgreSQL store, without a server: the pool, the schema, the audit's repository. */
export const postgresAuditParts = () =>
  Promise.all([
    import('./store/postgres/pool.js'),
    import('./store/sql/migrations.js'),
    import('./store/postgres/audit.js'),
    import('./store/location.js'),
  ]).then(([pool, migrations, audit, location]) => ({ ...pool, ...migrations, ...audit, ...location }));
