/**
 * src/files/private-file.ts on a real folder: the file is 0600 even under
 * umask 000, a symlink at the target is replaced and never followed, an
 * exclusive write never replaces a file, and a failed write leaves neither
 * the target changed nor a temporary file behind.
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePrivateFile, writePrivateFileSync } from '../../src/files/private-file.js';

let dir: string;
let umask: number;
beforeEach(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'coopctl-private-'));
  umask = process.umask(0o000);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => fs.statSync(path).mode & 0o777;

const writers = [
  [
    'writePrivateFileSync',
    async (path: string, data: string, exclusive = false) => writePrivateFileSync(path, data, { exclusive }),
  ],
  ['writePrivateFile', (path: string, data: string, exclusive = false) => writePrivateFile(path, data, { exclusive })],
] as const;

describe.each(writers)('%s', (_name, write) => {
  it('writes the text as a 0600 file under umask 000, and replaces an earlier one (0644) with a 0600 one', async () => {
    const file = join(dir, 'draft.json');
    await write(file, 'first\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('first\n');
    expect(mode(file)).toBe(0o600);
    fs.rmSync(file);
    fs.writeFileSync(file, 'theirs', { mode: 0o644 });
    expect(mode(file)).toBe(0o644);
    await write(file, 'second\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('second\n');
    expect(mode(file)).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['draft.json']);
  });

  it('replaces a symlink at the target with the file: the symlink’s target is not written', async () => {
    const victim = join(dir, 'victim');
    fs.writeFileSync(victim, 'untouched', { mode: 0o644 });
    const file = join(dir, 'report.json');
    fs.symlinkSync(victim, file);
    await write(file, 'report\n');
    expect(fs.readFileSync(victim, 'utf8')).toBe('untouched');
    expect(mode(victim)).toBe(0o644);
    expect(fs.lstatSync(file).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('report\n');
    expect(mode(file)).toBe(0o600);
  });

  it('exclusive: never replaces an existing file (EEXIST), and leaves no temporary file', async () => {
    const file = join(dir, 'audit.key');
    await write(file, 'mine\n', true);
    expect(fs.readFileSync(file, 'utf8')).toBe('mine\n');
    expect(mode(file)).toBe(0o600);
    await expect(write(file, 'other\n', true)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(fs.readFileSync(file, 'utf8')).toBe('mine\n');
    expect(fs.readdirSync(dir)).toEqual(['audit.key']);
  });

  it('exclusive: a symlink at the target is not followed either (EEXIST), its target unwritten', async () => {
    const victim = join(dir, 'victim');
    const file = join(dir, 'audit.key');
    fs.symlinkSync(victim, file);
    await expect(write(file, 'key\n', true)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(() => fs.lstatSync(victim)).toThrow();
    expect(fs.readdirSync(dir)).toEqual(['audit.key']);
  });

  it('fails in a missing folder (ENOENT) without creating anything', async () => {
    await expect(write(join(dir, 'none', 'file'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('fails when the target is a folder, the folder and its contents untouched, no temporary file left', async () => {
    const folder = join(dir, 'folder');
    fs.mkdirSync(join(folder, 'inside'), { recursive: true });
    await expect(write(folder, 'x')).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/),
    });
    expect(fs.readdirSync(folder)).toEqual(['inside']);
    expect(fs.readdirSync(dir)).toEqual(['folder']);
  });

  it('is 0600 under a umask that takes the owner’s write bit off too (0277)', async () => {
    process.umask(0o277);
    const file = join(dir, 'cache.bin');
    await write(file, 'bytes');
    expect(mode(file)).toBe(0o600);
  });
});
