/**
 * The audit key's file (src/server/audit/key.ts) when several servers start
 * together on one database: each makes the key if the file is missing, and
 * the file must never be seen half-written (a server reading it would refuse
 * to start: "does not hold an audit key") nor make a second server fail
 * because the first made it. All of them end with the one key in the file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuditKey, readAuditKey } from '../../src/server/audit/key.js';

const dir = mkdtempSync(join(tmpdir(), 'coopctl-audit-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the audit key file, made by servers starting together', () => {
  it('is made once, read whole by every one of them, and leaves nothing else behind', async () => {
    for (let round = 0; round < 25; round++) {
      const folder = join(dir, `round-${round}`, 'audit-keys');
      const file = join(folder, 'db.key');
      // Four servers making the key and four reading it, all at once.
      const made = Promise.all([1, 2, 3, 4].map(() => createAuditKey(file)));
      const read = Promise.all([1, 2, 3, 4].map(() => readAuditKey(file)));
      const [keys, seen] = await Promise.all([made, read]);
      const inFile = readFileSync(file, 'utf8').trim();
      expect(inFile).toMatch(/^[0-9a-f]{64}$/);
      for (const key of keys) expect(key.toString('hex')).toBe(inFile);
      // A reader saw no file yet, or the whole key: never a part of it.
      for (const key of seen) if (key !== undefined) expect(key.toString('hex')).toBe(inFile);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readdirSync(folder)).toEqual(['db.key']);
    }
  });
});
