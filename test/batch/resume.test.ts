/**
 * Resuming: steps an earlier run sent without learning the outcome are
 * decided by reading the service (beneficiaries by their contract's lives,
 * contracts by the empty contracts listed), never sent twice; Ctrl-C lets
 * the requests in flight finish, so nothing is left in doubt.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePlan } from '../../src/cli/batch/plan.js';
import { readSource } from '../../src/cli/batch/input.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { csvFile, dbCounts } from './fixtures.js';
import { posts, report, useWorld } from './setup.js';

const EN = messagesFor('en');

const w = useWorld();

type Entry = { e: string; k?: string[]; h?: string; p?: number; id?: number; after?: number };

function entries(journal: string): Entry[] {
  return readFileSync(journal, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Entry);
}

function writeEntries(journal: string, list: readonly Entry[]): void {
  writeFileSync(journal, list.map((e) => `${JSON.stringify(e)}\n`).join(''));
}

/** The plan's step of a CSV line: the beneficiary's, or the contract's for a contract-only row. */
function stepOf(file: string, line: number) {
  const plan = makePlan(EN, readSource(EN, file, readFileSync(file)), w.hasher());
  const row = plan.rows.find((r) => r.line === line)!;
  return { beneficiary: row.beneficiary, contract: row.group!.contract!, subs: row.subs };
}

/** A seventh beneficiary (a new CPF) for contract C2 of csvFile(6, 3). */
const extraRow = () => csvFile(7, 7).trimEnd().split('\n')[7]!.replace(/^C1,/, 'C2,');

const same = (a: readonly string[] | undefined, b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);
const under = (k: readonly string[] | undefined, prefix: readonly string[]) =>
  !!k && same(k.slice(0, prefix.length), prefix);

describe('enrol batch resuming', () => {
  it('a beneficiary sent but not journaled that the service did not create is sent again, once', async () => {
    const text = csvFile(6, 3);
    const file = w.file('m.csv', text);
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    // A seventh row (contract C2) whose request went out just as the process was killed, before the service read it.
    writeFileSync(file, `${text}${extraRow()}\n`);
    const b = stepOf(file, 8).beneficiary!;
    const journal = `${file}.journal.jsonl`;
    const contractId = entries(journal).find((e) => e.e === 'done' && same(e.k, ['C2']))!.id!;
    writeEntries(journal, [...entries(journal), { e: 'send', k: [...b.key], h: b.hash, p: contractId }]);

    const before = w.requests.length;
    const r = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(posts(w.requests, before)).toEqual(['/api/svcweb/beneficiario']);
    expect(report(r).rows[6]).toMatchObject({ line: 8, result: 'created' });
    expect(dbCounts(w.server.db)).toMatchObject({ beneficiaries: 7, duplicateCpfs: 0 });
  });

  it('a beneficiary the service created but the journal did not learn of is not sent again; its records cannot follow', async () => {
    const file = w.file('m.csv', csvFile(6, 3, { records: true }));
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    const b = stepOf(file, 7).beneficiary!;
    const journal = `${file}.journal.jsonl`;
    // Killed after the service created the beneficiary of line 7, before its answer was journaled.
    writeEntries(
      journal,
      entries(journal).filter(
        (e) => !(e.e === 'done' && same(e.k, b.key)) && !(under(e.k, b.key) && e.k!.length > b.key.length),
      ),
    );

    const before = w.requests.length;
    const r = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(r.code).toBe(1);
    expect(posts(w.requests, before)).toEqual([]);
    expect(r.stderr).toContain(
      '1 beneficiary was created by an interrupted run that did not learn its id; not sent again',
    );
    const row = report(r).rows[5]!;
    expect(row).toMatchObject({
      line: 7,
      result: 'uncertain',
      message: expect.stringContaining('did not learn its beneficiario_id'),
    });
    expect(row['beneficiario_id']).toBeUndefined();
    expect(dbCounts(w.server.db)).toMatchObject({ beneficiaries: 6, duplicateCpfs: 0 });
    // The journal now knows: a further rerun counts it as known and decides nothing again.
    const third = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(third.stderr).not.toContain('not sent again');
    expect(report(third).rows[5]).toMatchObject({ line: 7, result: 'uncertain' });
  });

  it('with two in doubt on a contract and one more life, neither is sent: the rows are reported uncertain', async () => {
    const text = csvFile(6, 3);
    const file = w.file('m.csv', text);
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    writeFileSync(file, `${text}${extraRow()}\n`);
    const journal = `${file}.journal.jsonl`;
    const b7 = stepOf(file, 7).beneficiary!;
    const b8 = stepOf(file, 8).beneficiary!;
    const contractId = entries(journal).find((e) => e.e === 'done' && same(e.k, ['C2']))!.id!;
    writeEntries(journal, [
      ...entries(journal).filter((e) => !(e.e === 'done' && same(e.k, b7.key))),
      { e: 'send', k: [...b8.key], h: b8.hash, p: contractId },
    ]);

    const before = w.requests.length;
    const r = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(r.code).toBe(1);
    expect(posts(w.requests, before)).toEqual([]);
    const rows = report(r).rows;
    expect(rows.filter((x) => x['result'] === 'uncertain').map((x) => x['line'])).toEqual([7, 8]);
    expect(String(rows[5]!['message'])).toContain('has 3 lives where the journal knows 2, with 2 in doubt');
    expect(String(rows[5]!['message'])).toContain('--resend-uncertain');
    expect(dbCounts(w.server.db).beneficiaries).toBe(6);
  });

  it('a contract sent but not journaled: sent again when the service lists no contract that may be it, else reported', async () => {
    // Contract C3 is a row of its own (no beneficiary).
    const lines = csvFile(6, 3).trimEnd().split('\n');
    const c3 = lines[4]!.split(',');
    const header = lines[0]!.split(',');
    const row = header.map((col, i) => (col === 'contract' ? 'C3' : col.startsWith('contract.') ? c3[i]! : ''));
    const file = w.file('m.csv', `${[...lines, row.join(',')].join('\n')}\n`);
    const journal = `${file}.journal.jsonl`;
    const contract = stepOf(file, 8).contract;

    // Not created: a `send` with no answer, and no empty contract on the service.
    const first = w.file('first.csv', `${lines.join('\n')}\n`);
    expect((await w.run(['enrol', 'batch', first, '--journal', journal])).code).toBe(0);
    writeEntries(journal, [...entries(journal), { e: 'send', k: [...contract.key], h: contract.hash, after: 2 }]);
    let before = w.requests.length;
    const r = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(posts(w.requests, before)).toEqual(['/api/svcweb/contrato']);
    expect(dbCounts(w.server.db).contracts).toBe(3);

    // Created: the journal loses C3's answer; the service lists an empty contract that may be it.
    writeEntries(
      journal,
      entries(journal).filter((e) => !(e.e === 'done' && same(e.k, contract.key))),
    );
    before = w.requests.length;
    const again = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(again.code).toBe(1);
    expect(posts(w.requests, before)).toEqual([]);
    expect(report(again).rows[6]).toMatchObject({
      line: 8,
      contract: 'C3',
      result: 'uncertain',
      message: expect.stringContaining('may be it (3)'),
    });
    expect(dbCounts(w.server.db).contracts).toBe(3);
  });

  it('Ctrl-C lets the requests in flight finish and be journaled: exit 130, and the rerun completes with none in doubt', async () => {
    const file = w.file('m.csv', csvFile(600, 60));
    const journal = `${file}.journal.jsonl`;
    const ctrlC = new AbortController();
    const poll = setInterval(() => {
      try {
        if (readFileSync(journal, 'utf8').split('\n').length > 300) ctrlC.abort();
      } catch {
        // Not written yet.
      }
    }, 1);
    const r = await w.run(['enrol', 'batch', file, '-o', 'json'], { signal: ctrlC.signal });
    clearInterval(poll);
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(
      `interrupted: to send the rows not done, run the same command again (done steps are skipped): coopctl enrol batch ${file}\n`,
    );
    const rep = report(r);
    expect(rep.summary['notRun']).toBeGreaterThan(0);
    expect(rep.summary['failed']).toBe(0);
    // Every `send` has its outcome.
    const open = new Map<string, string>();
    for (const e of entries(journal)) if (e.k) open.set(JSON.stringify(e.k), e.e);
    expect([...open.values()].filter((e) => e === 'send')).toEqual([]);
    const created = dbCounts(w.server.db).beneficiaries;
    expect(created).toBe(rep.summary['done']);

    const again = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('interrupted run');
    expect(report(again).summary).toMatchObject({ done: 600, skipped: created });
    expect(dbCounts(w.server.db)).toMatchObject({ beneficiaries: 600, duplicateCpfs: 0 });
  });

  it('refuses to run twice at once on one journal', async () => {
    const file = w.file('m.csv', csvFile(2, 2));
    // The lock names a live process that is not this run: refused.
    const { spawn } = await import('node:child_process');
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(`${file}.journal.jsonl.lock`, `${sleeper.pid}\n`);
      const r = await w.run(['enrol', 'batch', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`another coopctl enrol batch (process ${sleeper.pid}) is working with`);
      expect(w.requests).toEqual([]);
    } finally {
      sleeper.kill();
    }
    // A lock left by a process that is gone is taken over.
    await new Promise((resolve) => sleeper.once('exit', resolve));
    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code, r.stderr).toBe(0);
  });
});
