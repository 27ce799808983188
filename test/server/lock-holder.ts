/**
 * Another process holding the SQLite write lock of a database file: a child
 * `node` that opens the file with better-sqlite3, runs `BEGIN IMMEDIATE` (or
 * `EXCLUSIVE`), writes a row, says "locked", and keeps the transaction open
 * until told on stdin to commit or roll back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { once } from 'node:events';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** The row the holder writes: a counter no coopctl code uses. */
export const HOLDER_ROW = 'lock-holder';

const SCRIPT = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.exec('BEGIN ' + process.argv[3]);
// A file without the counter table (the audit's own file): BEGIN IMMEDIATE has taken its write lock already.
if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'counter'").get())
  db.prepare("INSERT INTO counter (name, value) VALUES (?, 1)").run(${JSON.stringify(HOLDER_ROW)});
process.stdout.write('locked\\n');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
  if (!input.includes('\\n')) return;
  db.exec(input.trim() === 'commit' ? 'COMMIT' : 'ROLLBACK');
  db.close();
  process.stdout.write('released\\n');
  process.exit(0);
});
`;

export interface LockHolder {
  /** True until the child has committed or rolled back and exited. */
  readonly holding: () => boolean;
  /** Ends the child's transaction (its row is kept with `commit`) and waits for it to exit. */
  release(end: 'commit' | 'rollback'): Promise<void>;
  /** Kills the child if it is still there (after a failed test). */
  kill(): void;
}

/** Starts a child holding the write lock of `path`; resolves once it holds it. */
export async function holdLock(path: string, mode: 'IMMEDIATE' | 'EXCLUSIVE'): Promise<LockHolder> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SCRIPT, BETTER_SQLITE3, path, mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let exited = false;
  const exit = once(child, 'exit').then(() => {
    exited = true;
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('locked\n')) resolve();
    });
    void exit.then(() => reject(new Error(`the lock holder exited before taking the lock: ${out}`)));
  });
  return {
    holding: () => !exited,
    async release(end) {
      child.stdin!.end(`${end}\n`);
      await exit;
      if (!out.includes('released\n')) throw new Error(`the lock holder did not end its transaction: ${out}`);
    },
    kill() {
      if (!exited) child.kill('SIGKILL');
    },
  };
}
