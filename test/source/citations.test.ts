/**
 * The repository speaks of what is in it: its code, tests, scripts and docs
 * cite docs/ for a rule, never a product guide or an issue tracker that a
 * reader of the repository does not have ("GUIDE §4", "issue 23"). The spec's
 * own section numbers ("spec §4.1", "section 4.1") are the interface's, and
 * stay. Every text file the repository tracks is read, so a new folder is
 * covered without being listed here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEXT = /\.(?:ts|mts|cts|js|mjs|cjs|md|json|sh|yml|yaml)$|^bin\/|^\.ci\//;
/** "GUIDE §4", "the guide's §6", "issue 23", "issues 21–25", "Issue #12", "issue-15". */
const OUTSIDE = [/\bGUIDE\b/, /\bguide(?:'s)? §/i, /\bissues? #?\d/i, /\bissue-\d/i];
/** This file names the patterns it forbids. */
const SELF = 'test/source/citations.test.ts';

function tracked(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && f !== SELF && TEXT.test(f) && !f.startsWith('node_modules/'));
}

/** The lines of a text that match one of the patterns, as `file:line: text`. */
function citations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (OUTSIDE.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('citations', () => {
  it('finds the forms it forbids (and leaves the spec and zod issues alone)', () => {
    expect(citations('a.ts', 'x (GUIDE §4)\nas issue 23 asks\nissues 21–25 merged\nthe issue-15 branch')).toEqual([
      'a.ts:1: x (GUIDE §4)',
      'a.ts:2: as issue 23 asks',
      'a.ts:3: issues 21–25 merged',
      'a.ts:4: the issue-15 branch',
    ]);
    expect(citations('a.ts', 'spec §4.1\nresult.error.issues.map(\nsection 4.4\ntissue 3')).toEqual([]);
  });

  it('no tracked file cites the product guide or an issue number', () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((f) => citations(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
