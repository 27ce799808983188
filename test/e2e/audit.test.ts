/**
 * Who read whose medical record: the built bin/coopctl reads a beneficiary's
 * allergies and exams from the real embedded server, then finds those reads
 * with `coopctl audit --card` (the card written another way), in the run's
 * language; the store's audit table holds no card in clear, anywhere.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useDemoWorld } from './demo-world.js';
import { inLang } from './locale.js';

const ANA = '00010001000001005';
const world = useDemoWorld('coopctl-e2e-audit-');

const { coopctl } = world;

/** Every text cell of the audit table but the subjects' hashes, and those hashes (a connection of the test's own to the audit's file). */
function auditText(db: string): { cells: string[]; subjects: string[] } {
  const conn = new Database(`${db}.audit`, { readonly: true });
  try {
    const rows = conn.prepare('SELECT * FROM audit').all() as Array<Record<string, unknown>>;
    const text = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string');
    return {
      cells: text(rows.flatMap(({ subject: _subject, ...r }) => Object.values(r))),
      subjects: text(rows.map((r) => r['subject'])),
    };
  } finally {
    conn.close();
  }
}

describe('coopctl audit finds who read a medical record', () => {
  it('lists the reads of a card made through the CLI, and the audit table holds no card in clear', async () => {
    const allergies = await coopctl(['record', 'allergies', ANA]);
    expect(allergies.code, allergies.stderr).toBe(0);
    expect(allergies.stdout).toContain('Alergia a frutos do mar');
    const exams = await coopctl(['record', 'exams', '0001 0001 000001 00 5']);
    expect(exams.code, exams.stderr).toBe(0);

    const found = await coopctl(['audit', '--db', world.server.db, '--card', '0001.0001.000001.00-5', '--json']);
    expect(found.code, found.stderr).toBe(0);
    const records = JSON.parse(found.stdout) as Array<Record<string, unknown>>;
    expect(records.map((r) => [r['operation'], r['status'], r['client'], r['subject_kind']])).toEqual([
      ['record.exams', 200, '127.0.0.1', 'card'],
      ['record.allergies', 200, '127.0.0.1', 'card'],
    ]);
    expect(found.stdout).not.toContain(ANA);

    // Another card's search finds none of them.
    const other = await coopctl(['audit', '--db', world.server.db, '--card', '00010001000001013']);
    expect([other.code, other.stdout]).toEqual([0, '']);
    expect(other.stderr).toBe(`${inLang({ en: 'no records', pt: 'nenhum registro' })}\n`);

    const { cells, subjects } = auditText(world.server.db);
    expect(cells.length).toBeGreaterThan(0);
    // A subject is its keyed hash (32 hex digits, which may run to 11 digits by chance), never the card.
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) expect(subject).toMatch(/^[0-9a-f]{32}$/);
    // The other cells: hashes and MACs (hex digits alone, which may run to 11 digits by chance too) or texts
    // without a run of 11 digits (a card or a CPF).
    for (const cell of cells) {
      expect(cell).not.toContain(ANA);
      if (!/^[0-9a-f]{32,}$/.test(cell)) expect(cell).not.toMatch(/\d{11}/);
    }
  });

  it('says in the run’s language what is wrong with a card, and with a database that is not there', async () => {
    const bad = await coopctl(['audit', '--db', world.server.db, '--card', '1234']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      inLang({
        en: '--card: a card is 17 digits (spaces, dots and hyphens between them are fine)',
        pt: '--card: um cartão tem 17 dígitos (espaços, pontos e hífens entre eles são aceitos)',
      }),
    );
    const nowhere = `${world.home}/nowhere.db`;
    const missing = await coopctl(['audit', '--db', nowhere]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      inLang({
        en: `there is no database at ${nowhere}: give its place with --db (or $COOPCTL_DB_URL)`,
        pt: `não há banco de dados em ${nowhere}: informe onde está com --db (ou $COOPCTL_DB_URL)`,
      }),
    );
  });
});
