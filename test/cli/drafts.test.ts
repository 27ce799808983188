/**
 * Drafts (src/cli/drafts.ts): where they live (XDG_STATE_HOME), private files
 * written whole, read back only when they are drafts of the kind asked, and a
 * lock that keeps a draft to one process.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/cli/i18n/index.js';
import {
  draftsDir,
  listDrafts,
  lockDraft,
  newDraftPath,
  readDraft,
  removeDraft,
  writeDraft,
} from '../../src/cli/drafts.js';

const EN = messagesFor('en');

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'coopctl-drafts-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('where drafts live', () => {
  it('$XDG_STATE_HOME/coopctl/drafts, else ~/.local/state/coopctl/drafts (a relative XDG_STATE_HOME is ignored)', () => {
    expect(draftsDir({ XDG_STATE_HOME: '/srv/state', HOME: '/home/ana' })).toBe('/srv/state/coopctl/drafts');
    expect(draftsDir({ HOME: '/home/ana' })).toBe('/home/ana/.local/state/coopctl/drafts');
    expect(draftsDir({ XDG_STATE_HOME: 'state', HOME: '/home/ana' })).toBe('/home/ana/.local/state/coopctl/drafts');
  });

  it('a new draft is named by its kind and creation time', () => {
    const path = newDraftPath({ XDG_STATE_HOME: home }, 'enrol-wizard', new Date('2026-05-02T14:03:09.123Z'));
    expect(path).toMatch(new RegExp(`^${home}/coopctl/drafts/enrol-wizard-20260502T140309123Z-[a-z0-9]{1,6}\\.json$`));
  });
});

describe('writing and reading', () => {
  const env = () => ({ XDG_STATE_HOME: home });

  it('private: the file 0600, the folders 0700 (made private if they were not), no temporary file left', () => {
    const dir = draftsDir(env());
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    const path = join(dir, 'enrol-wizard-1.json');
    writeFileSync(path, '{}', { mode: 0o644 });
    writeDraft(path, 'enrol-wizard', { cpf: '529.982.247-25' }, new Date('2026-05-02T14:03:00Z'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['enrol-wizard-1.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      draft: 'enrol-wizard',
      format: 1,
      saved: '2026-05-02T14:03:00.000Z',
      coopctl: expect.stringMatching(/^\d+\.\d+\.\d+/),
      data: { cpf: '529.982.247-25' },
    });
    const read = readDraft(EN, path, 'enrol-wizard');
    expect(read.data).toEqual({ cpf: '529.982.247-25' });
    expect(read.saved.toISOString()).toBe('2026-05-02T14:03:00.000Z');
  });

  it('a file that is not a draft of that kind is refused, naming it', () => {
    const dir = draftsDir(env());
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'x.json');
    writeFileSync(path, 'not json');
    expect(() => readDraft(EN, path, 'enrol-wizard')).toThrow(
      `cannot read the draft ${path} (it does not hold JSON); delete it, or fix it`,
    );
    writeFileSync(path, JSON.stringify({ draft: 'book-wizard', format: 1, data: {} }));
    expect(() => readDraft(EN, path, 'enrol-wizard')).toThrow(`${path} is not a draft of this coopctl (format 1)`);
    expect(() => readDraft(EN, join(dir, 'missing.json'), 'enrol-wizard')).toThrow('(there is no such file)');
  });

  it('lists the drafts of a kind, most recent first; removes one with its lock', () => {
    expect(listDrafts(env(), 'enrol-wizard')).toEqual([]);
    const older = newDraftPath(env(), 'enrol-wizard', new Date('2026-05-01T10:00:00Z'));
    const newer = newDraftPath(env(), 'enrol-wizard', new Date('2026-05-02T10:00:00Z'));
    const other = newDraftPath(env(), 'book-wizard', new Date('2026-05-03T10:00:00Z'));
    for (const p of [older, newer, other]) writeDraft(p, 'x', {});
    expect(listDrafts(env(), 'enrol-wizard')).toEqual([newer, older]);
    const release = lockDraft(EN, newer, 'coopctl enrol wizard');
    expect(readFileSync(`${newer}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    removeDraft(newer);
    release();
    expect(readdirSync(draftsDir(env())).sort()).toEqual([older, other].map((p) => p.split('/').pop()).sort());
  });

  it('a lock held by another live process is refused; one left by a gone process is taken over', () => {
    const path = newDraftPath(env(), 'enrol-wizard');
    writeDraft(path, 'enrol-wizard', {});
    writeFileSync(`${path}.lock`, `${process.ppid}\n`);
    expect(() => lockDraft(EN, path, 'coopctl enrol wizard')).toThrow(
      `another coopctl enrol wizard (process ${process.ppid}) is working on the draft ${path}`,
    );
    writeFileSync(`${path}.lock`, '999999999\n');
    const release = lockDraft(EN, path, 'coopctl enrol wizard');
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    expect(statSync(`${path}.lock`).mode & 0o777).toBe(0o600);
    release();
    expect(readdirSync(draftsDir(env()))).toEqual([path.split('/').pop()]);
  });
});
