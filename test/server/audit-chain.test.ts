/**
 * The access audit as an auditor checks it, on a real `coopctl serve` process
 * and the store of the vitest project: a contract's change names the
 * contract (`coopctl audit --contract`), a payer change the payer it replaced
 * (hashed, found by its CPF); a client's request id with personal text is
 * neither logged nor stored; the records are chained, and a record changed or
 * removed in place is named by `coopctl audit verify`; one key for all the
 * instances of a store: a rotation (`--new-audit-key`) is followed by a
 * running instance that can read the new key, and refused reads by one that
 * cannot, with the reason in its log; the records of a retired key stay
 * searchable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operation, sampleBody, sampleParams } from '../../src/catalogue/index.js';
import { jsonLines, serveProcesses } from '../helpers/serve-process.js';
import {
  cli as cliIn,
  hmac,
  holdWrites,
  keyArgs as keyArgsIn,
  keyFileOf as keyFileOfIn,
  keyIdOf,
} from './audit-helpers.js';
import { auditOf, BACKEND, exec, newLocation, query } from '../store/backend.js';

const { home, serve } = serveProcesses('audit-chain');
const keyFileOf = (db: string) => keyFileOfIn(home(), db);
const keyArgs = (db: string) => keyArgsIn(home(), db);
const cli = (args: readonly string[]) => cliIn(home(), args);

const CARD = String(sampleParams(operation('record.allergies'))['usuario_cartao']);
const FIRST_PAYER = '529.982.247-25';
const SECOND_PAYER = '111.444.777-35';
const OTHER_PAYER = '390.533.447-05';

async function post(url: string, id: Parameters<typeof operation>[0], body: Record<string, unknown>) {
  const res = await fetch(`${url}${operation(id).path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Array<Record<string, unknown>> };
}

async function allergies(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${operation('record.allergies').path}?usuario_cartao=${CARD}`, { headers });
  await res.text();
  return { status: res.status, requestId: res.headers.get('x-request-id') };
}

interface Row {
  id: number;
  operation: string;
  subject: string | null;
  contract: number | null;
  previous: string | null;
  key_id: string | null;
  request_id: string | null;
}
const rows = (db: string) =>
  query<Row>(
    auditOf(db),
    'SELECT id, operation, subject, contract, previous, key_id, request_id FROM audit ORDER BY id',
  );

/** The rows once `n` are committed (SQLite commits a window of reads' records within 50 ms): bounded to 100 looks. */
async function rowsOnce(db: string, n: number): Promise<Row[]> {
  for (let i = 0; i < 100; i++) {
    const found = await rows(db);
    if (found.length >= n) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return rows(db);
}

const listed = async (args: readonly string[]) => {
  const run = await cli(['audit', ...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Array<Record<string, unknown>>;
};

describe(`the access audit's subjects, request ids, chain and key (${BACKEND})`, () => {
  it('a contract’s change names the contract; a payer change names the contract and the payer it replaced, hashed', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, ...keyArgs(db)]);
    const created = await post(proc.url, 'enrol.contract.create', sampleBody(operation('enrol.contract.create')));
    const contract = Number(created.body[0]!['contrato_id']);
    expect(contract).toBeGreaterThan(0);
    const other = Number(
      (await post(proc.url, 'enrol.contract.create', sampleBody(operation('enrol.contract.create')))).body[0]![
        'contrato_id'
      ],
    );
    const payer: Record<string, unknown> = { ...sampleBody(operation('enrol.payer')), contrato_id: contract };
    expect((await post(proc.url, 'enrol.payer', { ...payer, cpf: FIRST_PAYER })).body[0]).toMatchObject({
      confirma_operacao: 1,
    });
    expect((await post(proc.url, 'enrol.payer', { ...payer, cpf: SECOND_PAYER })).body[0]).toMatchObject({
      confirma_operacao: 1,
    });
    expect(
      (await post(proc.url, 'enrol.payer', { ...payer, contrato_id: other, cpf: OTHER_PAYER })).body[0],
    ).toMatchObject({
      confirma_operacao: 1,
    });
    // Cancels the contract, and with it every life of it.
    const cancelled = await post(proc.url, 'enrol.contract.set-status', { contrato_id: contract, opcao_id: 4 });
    expect(cancelled.body[0]).toMatchObject({ confirma_operacao: 1 });
    expect(await proc.stop()).toBe(0);

    const key = Buffer.from(readFileSync(keyFileOf(db), 'utf8').trim(), 'hex');
    const recorded = await rows(db);
    expect(recorded.map((r) => [r.operation, r.contract, r.subject, r.previous])).toEqual([
      ['enrol.payer', contract, hmac(key, 'cpf', FIRST_PAYER), null],
      ['enrol.payer', contract, hmac(key, 'cpf', SECOND_PAYER), `cpf:${hmac(key, 'cpf', FIRST_PAYER)}`],
      ['enrol.payer', other, hmac(key, 'cpf', OTHER_PAYER), null],
      ['enrol.contract.set-status', contract, null, null],
    ]);
    // No CPF in clear (as a text of its own: a time in milliseconds has 13 digits too).
    for (const cpf of [FIRST_PAYER, SECOND_PAYER, OTHER_PAYER]) expect(JSON.stringify(recorded)).not.toContain(cpf);

    const ofContract = await listed(['--db', db, ...keyArgs(db), '--contract', String(contract)]);
    expect(ofContract.map((r) => [r['operation'], r['contract']])).toEqual([
      ['enrol.contract.set-status', contract],
      ['enrol.payer', contract],
      ['enrol.payer', contract],
    ]);
    // The payer replaced is found by its CPF: as the subject of its registration, as the one the change replaced.
    const ofFirst = await listed(['--db', db, ...keyArgs(db), '--cpf', FIRST_PAYER]);
    expect(ofFirst.map((r) => r['previous'] !== null)).toEqual([true, false]);
  });

  it('a client’s request id with a name, a diagnosis and a phone is replaced: not in the log, not in the audit', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, ...keyArgs(db), '--log-format', 'json']);
    const personal = 'maria-souza-diabetes-1198765432';
    const answered = await allergies(proc.url, { 'x-request-id': personal });
    expect(answered.status).toBe(200);
    expect(answered.requestId).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const uuid = '0b0a2f4e-6f1c-4d2f-9c5e-6a1b2c3d4e5f';
    expect((await allergies(proc.url, { 'x-request-id': uuid })).requestId).toBe(uuid);
    expect(await proc.stop()).toBe(0);
    const log = proc.stderr();
    expect(jsonLines(log).filter((l) => l['request_id'] === answered.requestId)).toHaveLength(1);
    expect((await rows(db)).map((r) => r.request_id)).toEqual([answered.requestId, uuid]);
    const everything = `${log}${JSON.stringify(await query(auditOf(db), 'SELECT * FROM audit'))}`;
    for (const word of ['maria', 'souza', 'diabetes', '1198765432']) expect(everything).not.toContain(word);
  });

  it('coopctl audit verify: the chain holds; a record changed in place, or removed, is named', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, ...keyArgs(db)]);
    for (let i = 0; i < 5; i++) expect((await allergies(proc.url)).status).toBe(200);
    expect(await proc.stop()).toBe(0);
    const ids = (await rows(db)).map((r) => r.id);
    expect(ids).toHaveLength(5);
    const verify = () => cli(['audit', 'verify', '--db', db, ...keyArgs(db)]);

    const intact = await verify();
    expect([intact.code, intact.stderr.trim()]).toEqual([0, 'the chain holds: 5 records checked']);

    // A forged row, as an UPDATE in a shell would make it: named by its number.
    await exec(auditOf(db), 'UPDATE audit SET status = 404, confirma = 3 WHERE id = ?', [ids[2]]);
    const forged = await verify();
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain(`the chain is broken at record ${ids[2]} (`);
    expect(forged.stderr).toContain('its seal does not match');
    // Put back as it was, it holds again: the seal covers the record's values, nothing else.
    await exec(auditOf(db), 'UPDATE audit SET status = 200, confirma = 2 WHERE id = ?', [ids[2]]);
    expect((await verify()).code).toBe(0);

    // A record removed: the one after it no longer follows its seal.
    await exec(auditOf(db), 'DELETE FROM audit WHERE id = ?', [ids[1]]);
    const removed = await verify();
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain(`the chain is broken at record ${ids[2]} (`);

    // A record added by hand has no seal.
    await exec(auditOf(db), 'INSERT INTO audit (id, at, client, operation, status) VALUES (?, ?, ?, ?, ?)', [
      ids[1],
      Date.now(),
      '127.0.0.1',
      'record.allergies',
      200,
    ]);
    const added = await verify();
    expect(added.code).toBe(1);
    expect(added.stderr).toContain(`the chain is broken at record ${ids[1]} (`);
    expect(added.stderr).toContain('it has no seal');
  });

  it('a rotation by another instance: a running one that reads the new key follows it; one that cannot refuses reads, saying why', async () => {
    const db = await newLocation();
    const file = keyFileOf(db);
    const a = await serve(['--db', db, ...keyArgs(db), '--log-format', 'json']);
    expect((await allergies(a.url)).status).toBe(200);
    const first = readFileSync(file, 'utf8');

    // Another instance rotates the key: the old one is kept beside the file, retired.
    const b = await serve(['--db', db, ...keyArgs(db), '--new-audit-key']);
    expect(await b.stop()).toBe(0);
    const second = readFileSync(file, 'utf8');
    expect(second).not.toBe(first);
    expect(readFileSync(`${file}.retired-${keyIdOf(first)}`, 'utf8')).toBe(first);
    expect((await query<{ key_id: string }>(auditOf(db), 'SELECT key_id FROM audit_key'))[0]!.key_id).toBe(
      keyIdOf(second),
    );

    // The running instance's next window sees the store's key is not its own, reads its file again and follows.
    expect((await allergies(a.url)).status).toBe(200);
    await a.printed('"audit_key_switched"');
    expect((await allergies(a.url)).status).toBe(200);
    expect((await rowsOnce(db, 3)).map((r) => r.key_id)).toEqual([keyIdOf(first), keyIdOf(first), keyIdOf(second)]);
    // The records of both keys are found by the card, and their chain checked with both.
    expect(await listed(['--db', db, ...keyArgs(db), '--card', CARD])).toHaveLength(3);
    const verified = await cli(['audit', 'verify', '--db', db, ...keyArgs(db)]);
    expect([verified.code, verified.stderr.trim()]).toEqual([0, 'the chain holds: 3 records checked']);

    // Rotated again, while the running instance's file holds a key that is not the store's (a stale copy).
    const c = await serve(['--db', db, ...keyArgs(db), '--new-audit-key']);
    expect(await c.stop()).toBe(0);
    const third = readFileSync(file, 'utf8');
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    expect((await allergies(a.url)).status).toBe(200);
    await a.printed('"audit_key_changed"');
    const refused = await allergies(a.url);
    expect(refused.status).toBe(503);
    const said = jsonLines(a.stderr()).find((l) => l['event'] === 'audit_key_changed')!;
    expect(said['msg']).toContain(
      `the store's audit key is now ${keyIdOf(third)}, not this server's (${keyIdOf(second)})`,
    );
    // The refused read is not recorded; the one that saw the change is, with the key it was made with.
    expect((await rowsOnce(db, 4)).map((r) => r.key_id)).toEqual([
      keyIdOf(first),
      keyIdOf(first),
      keyIdOf(second),
      keyIdOf(second),
    ]);
    expect(existsSync(`${file}.retired-${keyIdOf(second)}`)).toBe(true);
  });

  it('record allergies answers, its record written, while another process holds the data’s write lock past the lock wait', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, ...keyArgs(db)]);
    const held = await holdWrites(db);
    const first = await allergies(proc.url);
    // Past the server's lock wait, which a write gives up at (503).
    const create = operation('enrol.contract.create');
    const write = await fetch(`${proc.url}${create.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sampleBody(create, false)),
    });
    expect([write.status, (await write.text()).includes('"confirma_operacao":4')]).toEqual([503, true]);
    const second = await allergies(proc.url);
    expect([first.status, second.status, held.holding()]).toEqual([200, 200, true]);
    // The records are committed (read by a connection of the test's own) while the lock is still held.
    const recorded = (await rows(db)).filter((r) => r.operation === 'record.allergies');
    expect([recorded.length, held.holding()]).toEqual([2, true]);
    await held.release();
    expect((await allergies(proc.url)).status).toBe(200);
  });
});
