/**
 * A database that cannot be opened stops the start with a line that says
 * why (exit 1), not an "unexpected failure": here a file that is not a SQLite
 * database, which is left byte for byte as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/start.js';
import { StartError } from '../../src/server/start-error.js';

const dir = mkdtempSync(join(tmpdir(), 'coopctl-start-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('starting on a database that cannot be opened', () => {
  it('a file that is not a SQLite database: StartError, exit 1, the file named, the file unchanged', async () => {
    const db = join(dir, 'notes.db');
    const bytes = Buffer.from('these are somebody\u2019s notes, not a database\n'.repeat(200));
    writeFileSync(db, bytes);
    const started = startServer({ host: '127.0.0.1', port: 0, db, demo: true });
    await expect(started).rejects.toBeInstanceOf(StartError);
    await expect(started).rejects.toMatchObject({
      exitCode: 1,
      message: `cannot open the database ${db}: the file is not a SQLite database, or it is damaged (it was left as it is)`,
    });
    expect(readFileSync(db).equals(bytes)).toBe(true);
  });
});
