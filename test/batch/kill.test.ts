/**
 * The real CLI process (`node bin/coopctl enrol batch`) killed with SIGKILL
 * halfway through a 1,000-row file, twice, then rerun to the end: exactly
 * 1,000 beneficiaries in the server's database, none twice, and the reruns
 * say what they skipped.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN as bin } from '../helpers/built.js';
import { csvFile, dbCounts } from './fixtures.js';
import { closeHarness, startWorld, type World } from './setup.js';

const exec = promisify(execFile);

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w.close();
  await closeHarness();
});

function env(): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: w.dir,
    XDG_CONFIG_HOME: w.dir,
    XDG_DATA_HOME: w.dir,
    COOPCTL_BASE_URL: w.server.url,
    NO_COLOR: '1',
  };
}

function journalLines(path: string): number {
  if (!existsSync(path)) return 0;
  const text = readFileSync(path, 'utf8');
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Runs the batch and kills it with SIGKILL once the journal has grown by `lines` lines; false if it ended first. */
async function runAndKill(file: string, journal: string, lines: number): Promise<boolean> {
  const start = journalLines(journal);
  const child = spawn(process.execPath, [bin, 'enrol', 'batch', file, '-q', '-o', 'json'], {
    env: env(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended && journalLines(journal) < start + lines) await new Promise((r) => setTimeout(r, 2));
  if (ended) {
    const { code } = await exited;
    throw new Error(`the batch ended (exit ${code}) before it could be killed: ${stderr}`);
  }
  child.kill('SIGKILL');
  const { signal } = await exited;
  return signal === 'SIGKILL';
}

describe('enrol batch killed and rerun', () => {
  it('SIGKILL halfway, twice, then a rerun: exactly 1,000 beneficiaries, none twice', async () => {
    const file = w.file('members.csv', csvFile(1000, 100));
    const journal = `${file}.journal.jsonl`;

    expect(await runAndKill(file, journal, 500)).toBe(true);
    const first = dbCounts(w.server.db).beneficiaries;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(1000);

    expect(await runAndKill(file, journal, 600)).toBe(true);
    const second = dbCounts(w.server.db).beneficiaries;
    expect(second).toBeGreaterThan(first);
    expect(second).toBeLessThan(1000);

    const { stdout, stderr } = await exec(process.execPath, [bin, 'enrol', 'batch', file, '-o', 'json'], {
      env: env(),
      maxBuffer: 64 * 1024 * 1024,
    });
    const rep = JSON.parse(stdout) as { summary: Record<string, number>; rows: Array<Record<string, unknown>> };
    expect(rep.summary).toMatchObject({ rows: 1000, done: 1000, failed: 0, uncertain: 0 });
    expect(rep.summary['stepsSkipped']).toBeGreaterThanOrEqual(second);
    expect(rep.summary['skipped']).toBeGreaterThan(0);
    expect(rep.summary['created']).toBeGreaterThan(0);
    expect(stderr).toMatch(
      /resuming from .*members\.csv\.journal\.jsonl: [\d,]+ steps done by an earlier run will be skipped/,
    );
    expect(stderr).toMatch(/enrol batch: 1,000 rows: 1,000 done \(.*already done\)/);

    const counts = dbCounts(w.server.db);
    expect(counts).toMatchObject({ contracts: 10, beneficiaries: 1000, duplicateCpfs: 0 });
    // Every row's beneficiary exists once: the server holds the file's 1,000 CPFs, each once.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(w.server.db, { readonly: true });
    try {
      expect(db.prepare('SELECT count(DISTINCT cpf) FROM beneficiary').pluck().get()).toBe(1000);
    } finally {
      db.close();
    }
  });
});
