// The cost of durability alone: a tiny better-sqlite3 loop on a file next to
// the benchmark's database (same file system), WAL and synchronous = FULL as the
// server opens it, inserting one 200-byte row per transaction, then ten per
// transaction. Answers commits/s and µs per commit. No HTTP, no coopctl code.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export function fsyncLoop(dir, { commits = 2000 } = {}) {
  const path = join(dir, 'fsync-loop.db');
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const value = 'x'.repeat(200);
    const measure = (perCommit) => {
      const tx = db.transaction(() => {
        for (let i = 0; i < perCommit; i++) insert.run(value);
      });
      const started = performance.now();
      for (let i = 0; i < commits; i++) tx();
      const ms = performance.now() - started;
      return {
        commitsPerSecond: (commits / ms) * 1000,
        usPerCommit: (ms / commits) * 1000,
        rowsPerSecond: ((commits * perCommit) / ms) * 1000,
      };
    };
    return { single: measure(1), ten: measure(10) };
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
}
