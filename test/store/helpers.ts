/**
 * Shared test set-up: a store on a real database (a SQLite file in a temp
 * folder, or a new PostgreSQL database: backend.ts), its handlers, and calls
 * through validated parameters.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { checkResponse, operation, validateParams, type Outcome, type Row } from '../../src/catalogue/index.js';
import type { OpenStoreOptions } from '../../src/server/store/index.js';
import { openBackend, type Backend } from '../../src/server/wire.js';
import { describeErrors, shapeText } from '../helpers/words.js';
import { dropLocations, newLocation } from './backend.js';

/** A fixed "now": Thursday 15 January 2026, 10:00 local time. */
export const NOW = new Date(2026, 0, 15, 10, 0);
export const now = (): Date => NOW;
export const EXAMPLE_CARD = '00010001000001005';

const dirs: string[] = [];
const stores: Backend[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  await dropLocations();
});

/** A new temp folder, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-store-'));
  dirs.push(dir);
  return dir;
}

/** Opens a store (demo data by default) on a new database (backend.ts), with the handlers bound to it; closed after the test. */
export async function openTemp(options: Partial<OpenStoreOptions> = {}): Promise<{ store: Backend; path: string }> {
  const path = options.path ?? (await newLocation());
  const store = await openBackend({ demo: true, now, ...options, path });
  stores.push(store);
  return { store, path };
}

export interface Answer {
  readonly records: Row[];
  readonly outcome: Outcome;
  readonly message: string;
}

/**
 * Validates `raw` against the operation, calls its handler and checks the
 * records against the catalogue's response shape (a failed check fails the test).
 */
export async function call(
  store: Backend,
  id: string,
  raw: Record<string, unknown>,
  at: () => Date = now,
): Promise<Answer> {
  const op = operation(id);
  const v = validateParams(op, raw);
  if (!v.ok) throw new Error(`invalid test parameters for ${id}: ${describeErrors(v.errors)}`);
  const records = await store.handlers[id]!(v.value, { now: at });
  const check = checkResponse(op, records);
  expect(check.ok, check.ok ? '' : `${id}: ${shapeText(check.fault)}`).toBe(true);
  if (!check.ok) throw new Error(shapeText(check.fault));
  return { records, outcome: check.outcome, message: check.message };
}
