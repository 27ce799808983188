/**
 * What the admin API does to the store (`serve --admin`): reset to the
 * dataset the server started with (its fixtures, else the demo dataset of
 * today), load another fixtures document, and snapshots of the whole state
 * by name, kept in the server's memory (bounded: SNAPSHOT_LIMIT names), for
 * per-test isolation. Each runs in one transaction of the store, SQLite or
 * PostgreSQL alike; `onReset` hooks run after a reset or a load (the request
 * journal is cleared there).
 */
import { isoDate } from '../../catalogue/dates.js';
import { datasetFor, type Repository } from '../store/index.js';
import type { TablesDump } from '../store/types.js';
import type { DatasetRows } from '../store/datasets/rows.js';

/** How many snapshots are kept at once: one more replaces the oldest. */
export const SNAPSHOT_LIMIT = 32;

/** A snapshot's name: what a test suite would call it (`before-booking`, `suite_1`). */
export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface AdminState {
  /** Replaces everything stored with the start dataset. */
  reset(): Promise<void>;
  /** Replaces everything stored with a fixtures document (docs/fixtures.md); throws FixturesError. */
  load(document: unknown): Promise<void>;
  /** Keeps the whole state under `name` (replacing a snapshot of that name). */
  snapshot(name: string): Promise<void>;
  /** Puts back the state kept under `name`; false when there is no such snapshot. */
  restore(name: string): Promise<boolean>;
  /** The snapshots' names, oldest first. */
  names(): string[];
  /** Runs after every reset, load and restore. */
  onReset(hook: () => void): void;
}

export interface AdminOptions {
  readonly repo: Repository;
  /** The fixtures document the server started with; none: the demo dataset. */
  readonly fixtures?: unknown;
  readonly now: () => Date;
}

export function adminState(options: AdminOptions): AdminState {
  const { repo, now } = options;
  const snapshots = new Map<string, TablesDump>();
  const hooks: Array<() => void> = [];
  /** The start dataset's rows, made once a day (the demo's dates count from today). */
  let start: { day: string; rows: DatasetRows } | undefined;
  const startRows = async (): Promise<DatasetRows> => {
    const at = now();
    const day = isoDate(at);
    if (start?.day !== day) {
      const rows = await datasetFor({ path: '', demo: true, fixtures: options.fixtures }, true, at);
      start = { day, rows: rows! };
    }
    return start.rows;
  };
  const after = () => {
    for (const hook of hooks) hook();
  };
  return {
    async reset() {
      await repo.load(await startRows());
      after();
    },
    async load(document) {
      const rows = await datasetFor({ path: '', fixtures: document }, true, now());
      await repo.load(rows!);
      after();
    },
    async snapshot(name) {
      const dump = await repo.dump();
      snapshots.delete(name);
      if (snapshots.size >= SNAPSHOT_LIMIT) snapshots.delete(snapshots.keys().next().value!);
      snapshots.set(name, dump);
    },
    async restore(name) {
      const dump = snapshots.get(name);
      if (!dump) return false;
      await repo.restore(dump);
      after();
      return true;
    },
    names: () => [...snapshots.keys()],
    onReset(hook) {
      hooks.push(hook);
    },
  };
}
