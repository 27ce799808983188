/**
 * The batch journal's step hashes are keyed (src/cli/batch/step-hash.ts): a
 * health-declaration answer or a CPF cannot be told from them by trying the
 * values, since each is HMAC-SHA-256 with a key of the user's own, kept in
 * coopctl's private state folder (0700, the file 0600), never beside the
 * journal; a run names its key by id. A journal begun by an earlier coopctl
 * (unkeyed) still resumes, with a note; one written with another key is
 * refused, nothing sent.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource } from '../../src/cli/batch/input.js';
import { makePlan } from '../../src/cli/batch/plan.js';
import { unkeyed } from '../../src/cli/batch/step-hash.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { beneficiaryValues, csvFile } from './fixtures.js';
import { posts, useWorld, type World } from './setup.js';

const EN = messagesFor('en');

const w = useWorld();

type Entry = { e: string; k?: string[]; h?: string; key?: string; [more: string]: unknown };

const entries = (journal: string): Entry[] =>
  readFileSync(journal, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Entry);

/** The journal key's file of the world's runs ($XDG_STATE_HOME/coopctl/journal.key). */
const keyFile = (world: World) => join(world.harnessConfigHome(), 'state', 'coopctl', 'journal.key');
const hmacHex = (key: Buffer, text: string, length: number) =>
  createHmac('sha256', key).update(text).digest('hex').slice(0, length);
const shaHex = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
/** The text a declaration answer's step hash is of: its parameters sorted by name (plan.ts `paramsHash`). */
const answerText = (resposta: 'S' | 'N') =>
  JSON.stringify([
    ['formulario_id', 1],
    ['pergunta_id', 1],
    ['resposta', resposta],
  ]);

describe('the journal’s step hashes', () => {
  it('are HMAC with the user’s private key: an answer of the health declaration and a CPF cannot be guessed from them', async () => {
    const file = w.file('m.csv', csvFile(2, 2, { records: true }));
    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code, r.stderr).toBe(0);
    const path = keyFile(w);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
    const journal = entries(`${file}.journal.jsonl`);

    const [run] = journal.filter((e) => e.e === 'run');
    expect(run!.key).toBe(hmacHex(key, 'coopctl journal key id', 16));

    // Question 1 was answered N: its hash is the keyed one, and neither guess of the unkeyed hash matches it.
    const answer = journal.find((e) => e.e === 'done' && e.k?.at(-1) === 'ds.1.1')!;
    expect(answer.h).toBe(hmacHex(key, answerText('N'), 16));
    expect([shaHex(answerText('S'), 16), shaHex(answerText('N'), 16)]).not.toContain(answer.h);

    // The beneficiary's identity holds its CPF's keyed hash, not its SHA-256.
    const digits = beneficiaryValues(0).cpf!.replace(/\D/g, '');
    const identity = `b:${hmacHex(key, digits, 12)}#1`;
    expect(journal.some((e) => e.k?.[1] === identity)).toBe(true);
    expect(JSON.stringify(journal)).not.toContain(shaHex(digits, 12));
    expect(JSON.stringify(journal)).not.toContain(digits);
  });

  it('a journal begun by an earlier coopctl (unkeyed) resumes: its done steps are skipped, and a note says why to delete it', async () => {
    const file = w.file('m.csv', csvFile(2, 2, { records: true }));
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    // The same journal as an earlier coopctl wrote it: unkeyed hashes, runs without a key.
    const source = readSource(EN, file, readFileSync(file));
    const keyedPlan = makePlan(EN, source, w.hasher());
    const oldPlan = makePlan(EN, source, unkeyed);
    const steps = (plan: typeof keyedPlan) =>
      plan.groups.flatMap((g) => [g.contract!, g.payer!, ...g.rows.flatMap((row) => [row.beneficiary!, ...row.subs])]);
    const older = new Map(steps(keyedPlan).map((s, i) => [s.id, steps(oldPlan)[i]!]));
    const journal = `${file}.journal.jsonl`;
    const rewritten = entries(journal).map(({ key: _key, ...e }) => {
      const was = e.k ? older.get(JSON.stringify(e.k)) : undefined;
      return was ? { ...e, k: [...was.key], h: was.hash } : e;
    });
    writeFileSync(journal, rewritten.map((e) => `${JSON.stringify(e)}\n`).join(''));

    const before = w.requests.length;
    const again = await w.run(['enrol', 'batch', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(posts(w.requests, before)).toEqual([]);
    expect(again.stderr).toContain(
      `enrol batch: the journal ${journal} was begun by an earlier coopctl: its step hashes have no key`,
    );
    // It goes on unkeyed: its new run entry names no key either.
    expect(
      entries(journal)
        .filter((e) => e.e === 'run')
        .map((e) => e.key),
    ).toEqual([undefined, undefined]);
  });

  it('a journal written with another key is refused (exit 2) and nothing is sent', async () => {
    const file = w.file('m.csv', csvFile(2, 2));
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    // Another user's key, or the key lost: the journal's steps cannot be recognised.
    writeFileSync(keyFile(w), `${'ab'.repeat(32)}\n`, { mode: 0o600 });
    const before = w.requests.length;
    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `the journal ${file}.journal.jsonl was written with another journal key than ${keyFile(w)} (another machine or user?): its steps cannot be recognised, so nothing is sent`,
    );
    expect(posts(w.requests, before)).toEqual([]);
  });
});
