/**
 * What the real CLI process shows, against the real embedded server: in a
 * real terminal (tmux) and as a cron job would run it (pipes, no terminal).
 *
 * - A 2,000-row batch with refused rows prints a short summary (at most 20
 *   lines, whatever the size), and its report file has exactly 2,000 rows.
 * - Ctrl-C (SIGINT) halfway: the last progress bar and the summary count the
 *   rows the journal has done (read independently from the journal and the
 *   server's database), and the command printed to resume finishes the batch.
 *
 * tmux is required: without it these tests fail.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../helpers/process.js';
import { MAIN } from '../helpers/built.js';
import { Tmux } from '../interactive/tmux.js';
import { csvFile, dbCounts } from './fixtures.js';
import { closeHarness, closedDocumentTypes, startWorld, type World } from './setup.js';

const exec = promisify(execFile);

let w: World;
let tmux: Tmux;
/** The embedded server behind a closed list of document types: ZZZ is refused. */
let service: Awaited<ReturnType<typeof closedDocumentTypes>>;
beforeAll(async () => {
  w = await startWorld();
  service = await closedDocumentTypes(w);
  tmux = new Tmux();
});
afterAll(async () => {
  await tmux?.close();
  await service?.close();
  await w?.close();
  await closeHarness();
});

function env(): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: w.dir,
    XDG_CONFIG_HOME: w.dir,
    XDG_DATA_HOME: w.dir,
    COOPCTL_BASE_URL: service.url,
    NO_COLOR: '1',
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
  };
}

/**
 * `rows` beneficiaries in contracts of `perContract`, each with a document
 * (one more request a row); the service refuses the documents of the lines
 * in `refused` (an unknown tipo_documento: the closed list of `closedDocumentTypes`).
 */
function withDocuments(rows: number, perContract: number, refused: readonly number[] = []): string {
  const lines = csvFile(rows, perContract).trimEnd().split('\n');
  const out = lines.map((line, i) =>
    i === 0
      ? `${line},document.tipo_documento,document.numero,document.tipo_arquivo`
      : `${line},${refused.includes(i + 1) ? 'ZZZ' : 'RG'},${1_000_000 + i},pdf`,
  );
  return `${out.join('\n')}\n`;
}

function reportRows(path: string): Array<Record<string, string>> {
  return parse(readFileSync(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
}

/** Everything the pane printed (its history too), wrapped lines joined, up to the exit line. */
async function wholeScreen(name: string): Promise<string[]> {
  const text = await tmux.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name);
  const lines = text.split('\n');
  const end = lines.findIndex((l) => l.startsWith('__EXIT__'));
  return lines.slice(0, end).filter((l) => l.trim() !== '');
}

/** Rows the journal has wholly done, and rows with some of their own steps done: read from the journal alone. */
function journalRows(path: string, records: readonly string[]): { done: number; partly: number } {
  const state = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    const e = JSON.parse(line) as { e: string; k?: string[] };
    if (e.k && state.get(JSON.stringify(e.k)) !== 'done') state.set(JSON.stringify(e.k), e.e);
  }
  let done = 0;
  let partly = 0;
  for (const [key, s] of state) {
    const k = JSON.parse(key) as string[];
    if (k.length !== 2 || !k[1]!.startsWith('b:') || s !== 'done') continue;
    const recordsDone = records.filter((r) => state.get(JSON.stringify([...k, r])) === 'done').length;
    if (recordsDone === records.length) done++;
    else partly++;
  }
  return { done, partly };
}

/** The records of each row of withDocuments(): a document. */
const RECORDS = ['document'];

/** The summary of an interrupted run: done, created, partly done (when there are), not started. */
const COUNTS =
  /^enrol batch: 2,000 rows: ([\d,]+) done \(([\d,]+) created\), 0 failed, 0 in doubt, (?:([\d,]+) partly done, )?([\d,]+) not started; [\d,]+ requests sent$/;

/** A count as English writes it: `1,971`. */
const en = (n: number) => n.toLocaleString('en-GB');
/** A count read back from English. */
const read = (text: string | undefined) => Number((text ?? '0').replaceAll(',', ''));

/** Lines 4, 74, 144, …: 29 rows whose document the service refuses. */
const REFUSED = Array.from({ length: 29 }, (_, i) => 4 + 70 * i);

describe('enrol batch on a terminal and in a script', () => {
  it('2,000 rows with 29 refused: a summary of at most 20 lines on a terminal, and a report file of exactly 2,000 rows', async () => {
    const file = w.file('big.csv', withDocuments(2000, 20, REFUSED));
    const pane = await tmux.start('big', [process.execPath, MAIN, 'enrol', 'batch', file], env());
    expect(await pane.exitCode(120_000)).toBe(1);
    const screen = await wholeScreen('big');
    expect(screen.length, screen.join('\n')).toBeLessThanOrEqual(20);
    const report = `${file}.report.csv`;
    const retry = `fix what is said; then to retry, run the same command again (done steps are skipped): coopctl enrol batch ${file}`;
    // ZZZ is not a documented code: one warning before anything is sent, counting its rows; wider than the
    // terminal, it is wrapped on its spaces (docs/decisions.md, "Messages wrapped to the terminal").
    const bar = screen.findIndex((line) => line.startsWith('enrol batch █'));
    expect(bar, screen.join('\n')).toBeGreaterThan(0);
    expect(screen.slice(0, bar).join(' ')).toMatch(
      /^warning: document\.tipo_documento: ZZZ is not a documented code .*\(29 rows: row 4, row 74, row 144 and 26 more\)$/,
    );
    expect(screen.slice(bar + 1)).toEqual([
      // 100 contracts and their payers, 2,000 beneficiaries and their documents.
      'enrol batch: 2,000 rows: 1,971 done (1,971 created), 29 failed; 4,200 requests sent',
      `report: ${report} (every row: its ids, its result, and why it is not done)`,
      `journal: ${file}.journal.jsonl`,
      'error: 29 rows not done:',
      ...REFUSED.slice(0, 5).map((line) => expect.stringMatching(new RegExp(`^  row ${line} · document: .*ZZZ`))),
      `  … and 24 more in ${report}`,
      retry,
    ]);
    // The bar, drawn in place, is one line.
    expect(screen[bar]).toMatch(/^enrol batch █+ 100% 1,971\/2,000 rows done, 29 failed/);

    const rows = reportRows(report);
    expect(rows).toHaveLength(2000);
    expect(rows.map((r) => Number(r['line']))).toEqual(Array.from({ length: 2000 }, (_, i) => i + 2));
    const failed = rows.filter((r) => r['result'] === 'failed');
    expect(failed.map((r) => Number(r['line']))).toEqual(REFUSED);
    expect(
      failed.every(
        (r) => r['message']!.startsWith('document: the service refused it: ') && r['message']!.includes('ZZZ'),
      ),
    ).toBe(true);
    expect(rows.filter((r) => r['result'] === 'created')).toHaveLength(1971);
    expect(statSync(report).mode & 0o777).toBe(0o600);
  }, 120_000);

  it('as a cron job (no terminal): nothing on stdout, a summary of at most 20 lines on stderr, every row in the report file', async () => {
    const file = w.file('cron.csv', withDocuments(2000, 20, REFUSED));
    const r = await runNode(MAIN, ['enrol', 'batch', file], env());
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const all = r.stderr.trimEnd().split('\n');
    // A log gets progress lines as the rows go (how many depends on the machine's
    // speed: a tenth of the way, or 30 s, apart); what follows them is bounded.
    const progress = /^enrol batch: [\d,]+\/2,000 rows done(, \d+ failed)? \(\d+%\)/;
    const lines = all.filter((line) => !progress.test(line));
    expect(lines.length, r.stderr).toBeLessThanOrEqual(20);
    expect(lines).toContain('enrol batch: 2,000 rows: 1,971 done (1,971 created), 29 failed; 4,200 requests sent');
    expect(lines).toContain(`  … and 24 more in ${file}.report.csv`);
    // Progress lines in a log carry no carriage return or escape.
    expect(r.stderr.includes('\r') || r.stderr.includes('\u001b')).toBe(false);
    expect(reportRows(`${file}.report.csv`)).toHaveLength(2000);
  }, 120_000);

  it('Ctrl-C halfway: the last bar and the summary count what the journal has done; the printed command resumes it', async () => {
    const file = w.file('stop.csv', withDocuments(2000, 40));
    const journal = `${file}.journal.jsonl`;
    const before = dbCounts(w.server.db).beneficiaries;
    const pane = await tmux.start('stop', [process.execPath, MAIN, 'enrol', 'batch', file], env());
    // Ctrl-C once the journal holds a fair part of its lines (about 8,000 for the whole file).
    for (let i = 0; i < 6000; i++) {
      if (existsSync(journal) && readFileSync(journal, 'utf8').split('\n').length > 2000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await pane.keys('C-c');
    expect(await pane.exitCode(60_000)).toBe(130);

    const { done, partly } = journalRows(journal, RECORDS);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(2000);
    // The server holds the beneficiaries of the rows done and partly done, no more: none is in doubt.
    expect(dbCounts(w.server.db).beneficiaries - before).toBe(done + partly);

    const screen = await wholeScreen('stop');
    const bar = screen.find((l) => /^enrol batch [█░]/.test(l));
    expect(bar, screen.join('\n')).toMatch(
      new RegExp(` ${en(done)}/2,000 rows done(, [\\d,]+ rows/s)? \\(interrupted\\)$`),
    );
    const counts = screen.map((l) => COUNTS.exec(l)).find(Boolean);
    expect(counts, screen.join('\n')).toBeDefined();
    const [, shownDone, created, shownPartly, notStarted] = counts!;
    expect([read(shownDone), read(created), read(shownPartly), read(notStarted)]).toEqual([
      done,
      done,
      partly,
      2000 - done - partly,
    ]);
    const resume = screen.find((l) => l.startsWith('interrupted: '));
    expect(resume).toBe(
      `interrupted: to send the rows not done, run the same command again (done steps are skipped): coopctl enrol batch ${file}`,
    );
    expect(reportRows(`${file}.report.csv`).filter((r) => r['result'] === 'created')).toHaveLength(done);

    // The printed command, run as printed (coopctl on the PATH), finishes the batch: each row once.
    const command = resume!.slice(resume!.indexOf(': coopctl ') + 2);
    const binDir = join(w.dir, 'bin');
    mkdirSync(binDir);
    writeFileSync(join(binDir, 'coopctl'), `#!/bin/sh\nexec '${process.execPath}' '${MAIN}' "$@"\n`, {
      mode: 0o755,
    });
    rmSync(`${file}.report.csv`);
    const { stderr } = await exec('sh', ['-c', command], {
      env: { ...env(), PATH: `${binDir}:${env()['PATH']}` },
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stderr).toContain(
      `enrol batch: 2,000 rows: 2,000 done (${en(2000 - done - partly)} created, ${en(partly)} resumed, ${en(done)} already done)`,
    );
    expect(dbCounts(w.server.db).beneficiaries - before).toBe(2000);
    expect(dbCounts(w.server.db).duplicateCpfs).toBe(0);
  }, 180_000);
});
