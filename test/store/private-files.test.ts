/**
 * The database holds health data: a database file coopctl creates is readable
 * by its owner only (0600, and so are SQLite's -wal and -shm files next to
 * it), and so are the folders coopctl creates for it (0700). A folder that
 * exists already keeps its mode.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/index.js';
import { call, now, openTemp, tempDir } from './helpers.js';

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('a new database file', () => {
  it('is created 0600 with its -wal and -shm files, in folders created 0700', async () => {
    const root = tempDir();
    const path = join(root, 'data', 'coopctl', 'coop.db');
    const { store } = await openTemp({ path });
    // A write, so that the -wal file has content.
    const added = await call(store, 'enrol.beneficiary.add', {
      contrato_id: 1,
      cpf: '529.982.247-25',
      data_solicitacao: '01/02/2026',
      grau_dependencia: 'T',
      nome: 'Pedro Souza',
      nome_mae: 'Ana Souza',
    });
    expect(added.outcome).toBe('ok');
    expect(mode(join(root, 'data'))).toBe(0o700);
    expect(mode(join(root, 'data', 'coopctl'))).toBe(0o700);
    expect(mode(path)).toBe(0o600);
    expect(mode(`${path}-wal`)).toBe(0o600);
    expect(mode(`${path}-shm`)).toBe(0o600);
  });

  it('in a folder that exists is 0600, and the folder keeps its mode', async () => {
    const shared = join(tempDir(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o755);
    const path = join(shared, 'coop.db');
    await openTemp({ path });
    expect(mode(shared)).toBe(0o755);
    expect(mode(path)).toBe(0o600);
    expect(mode(`${path}-wal`)).toBe(0o600);
  });
});

describe('an existing file', () => {
  it('keeps its mode, and a damaged one is refused and left byte for byte', async () => {
    const path = join(tempDir(), 'damaged.db');
    const garbage = randomBytes(8192);
    writeFileSync(path, garbage, { mode: 0o644 });
    chmodSync(path, 0o644);
    await expect(openStore({ path, demo: true, now })).rejects.toMatchObject({ code: 'SQLITE_NOTADB' });
    expect(readFileSync(path).equals(garbage)).toBe(true);
    expect(mode(path)).toBe(0o644);
  });
});
