/**
 * The access audit of a real `coopctl serve` process, on the store of the
 * vitest project: one record per request to an operation that reads or
 * changes personal data (and none for the others), with its client, token
 * label, operation, status, confirma_operacao and request id; the card, CPF
 * or device id as HMAC-SHA-256 with the audit key (computed here with
 * node:crypto from the key file, as docs/security.md defines it), never in
 * clear; the key's file private; another key, or none, refused at start;
 * records past their retention removed; `coopctl audit` finding a card's
 * records.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, operation, sampleBody, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { jsonLines, serveProcesses } from '../helpers/serve-process.js';
import { until } from '../helpers/until.js';
import { MEDICAL_READS } from '../helpers/medical-kinds.js';
import { childEnv } from '../robust/helpers.js';
import { cli as cliIn, hmac, keyArgs as keyArgsIn, keyFileOf as keyFileOfIn, keyIdOf } from './audit-helpers.js';
import { auditOf, BACKEND, exec, newLocation, query } from '../store/backend.js';

/** The operations that read or change personal data (docs/security.md), written out; every medical-record read. */
const AUDITED = [
  'registration.show',
  'registration.update-contact',
  'registration.save-address',
  'registration.delete-address',
  ...MEDICAL_READS.map((op) => op.id),
  'schedule.list',
  'schedule.cancel',
  'schedule.book',
  'enrol.contract.set-status',
  'enrol.payer',
  'enrol.beneficiary.add',
  'enrol.beneficiary.contact',
  'enrol.beneficiary.document',
  'enrol.beneficiary.address',
  'enrol.beneficiary.declaration',
  'notify.device.register',
  'notify.device.change',
  'notify.send',
];
const NOT_AUDITED = [
  'registration.cep',
  'schedule.dates',
  'schedule.times',
  'schedule.locations',
  'enrol.contract.create',
  'enrol.contract.search',
  'notify.send-all',
];

const TOKEN = randomBytes(32).toString('hex');
/** The demo's first card, and the request id of a read of it (a UUID, which the server keeps). */
const CARD = '00010001000001005';
const READ_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;
const { home, serve } = serveProcesses('audit');
const keyFileOf = (db: string) => keyFileOfIn(home(), db);
const keyArgs = (db: string) => keyArgsIn(home(), db);
const cli = (args: readonly string[]) => cliIn(home(), args);

interface AuditRow {
  id: number;
  at: number;
  client: string;
  token_label: string | null;
  operation: string;
  status: number;
  confirma: number | null;
  subject_kind: string | null;
  subject: string | null;
  reference: string | null;
  request_id: string | null;
}

function tokenFile(): string {
  const file = join(home(), 'tokens');
  writeFileSync(file, `desk:${TOKEN}\n`);
  chmodSync(file, 0o600);
  return file;
}

const rows = (db: string) =>
  query<AuditRow>(
    auditOf(db),
    'SELECT id, at, client, token_label, operation, status, confirma, subject_kind, subject, reference, request_id FROM audit ORDER BY id',
  );

/** An X-Request-Id of the form the server repeats (a UUID), one per operation. */
const requestIdOf = (op: Operation): string =>
  `aaaaaaaa-aaaa-4aaa-8aaa-${catalogue.indexOf(op).toString(16).padStart(12, 'a')}`;

/** Calls an operation with its sample parameters (a JSON body for a write); answers its status, first confirma and request id. */
async function call(url: string, op: Operation) {
  const headers = { authorization: `Bearer ${TOKEN}`, 'x-request-id': requestIdOf(op) };
  const res =
    op.methods[0] === 'POST'
      ? await fetch(`${url}${op.path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(sampleBody(op)),
        })
      : await fetch(`${url}${op.path}?${new URLSearchParams(sampleParams(op) as Record<string, string>).toString()}`, {
          headers,
        });
  const body = (await res.json()) as Array<Record<string, unknown>>;
  const confirma = res.status === 200 && body[0] ? (body[0]['confirma_operacao'] ?? null) : null;
  return { status: res.status, confirma, requestId: res.headers.get('x-request-id') };
}

describe(`access audit of coopctl serve (${BACKEND})`, () => {
  it('the catalogue derives exactly the operations written out above', () => {
    expect([...AUDITED, ...NOT_AUDITED].sort()).toEqual(catalogue.map((op) => op.id).sort());
  });

  it('one record per request to an operation of personal data, none for the others; every field as the request was; the person only as its keyed hash', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, '--token-file', tokenFile(), ...keyArgs(db)]);
    const started = Date.now();
    const answers = new Map<string, Awaited<ReturnType<typeof call>>>();
    for (const op of catalogue) answers.set(op.id, await call(proc.url, op));
    // A request refused for its token is no operation on anyone's data: not recorded.
    const refused = await fetch(`${proc.url}${operation('registration.show').path}?usuario_cartao=00010001000001005`);
    expect(refused.status).toBe(401);
    await refused.text();
    const ended = Date.now();

    const file = keyFileOf(db);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    expect(key.length).toBe(32);
    // Stopped first: the server commits the access records of its last window (SQLite: 50 ms) as it stops.
    expect(await proc.stop()).toBe(0);
    const recorded = await rows(db);
    expect(recorded.map((r) => r.operation).sort()).toEqual([...AUDITED].sort());
    for (const r of recorded) {
      const op = operation(r.operation);
      const answer = answers.get(op.id)!;
      const params = op.methods[0] === 'POST' ? sampleBody(op) : sampleParams(op);
      const [field, kind] =
        'usuario_cartao' in op.params
          ? ['usuario_cartao', 'card']
          : 'cpf' in op.params
            ? ['cpf', 'cpf']
            : 'pushid' in op.params
              ? ['pushid', 'device']
              : [undefined, null];
      const reference =
        'beneficiario_id' in op.params ? 'beneficiario_id' : 'cd_evento' in op.params ? 'cd_evento' : '';
      expect(r, op.id).toEqual({
        id: r.id,
        at: r.at,
        client: '127.0.0.1',
        token_label: 'desk',
        operation: op.id,
        status: answer.status,
        confirma: answer.confirma,
        subject_kind: field === undefined || params[field] === undefined ? null : kind,
        subject: field === undefined || params[field] === undefined ? null : hmac(key, kind!, String(params[field])),
        reference: reference && params[reference] !== undefined ? `${reference}=${params[reference]}` : null,
        request_id: requestIdOf(op),
      });
      expect(r.at).toBeGreaterThanOrEqual(started);
      expect(r.at).toBeLessThanOrEqual(ended);
    }
    // Not a card, a CPF or any other run of 11 digits anywhere in the audit's text (the times are numbers of ms;
    // the subjects are the hashes checked above, whose hex digits may run to 11 by chance).
    const dump = JSON.stringify(recorded.map(({ at: _at, subject: _subject, ...r }) => r));
    expect(dump).not.toMatch(/\d{11}/);
    for (const r of recorded) if (r.subject !== null) expect(r.subject).toMatch(/^[0-9a-f]{32}$/);
  });

  it('coopctl audit --card lists that card’s records, newest first; --cpf and --operation filter too', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, ...keyArgs(db)]);
    await call(proc.url, operation('record.allergies'));
    await call(proc.url, operation('registration.cep'));
    await call(proc.url, operation('enrol.payer'));
    await call(proc.url, operation('registration.show'));
    expect(await proc.stop()).toBe(0);

    const card = String(sampleParams(operation('record.allergies'))['usuario_cartao']);
    const listed = await cli(['audit', '--db', db, ...keyArgs(db), '--card', card, '--json']);
    expect(listed.code).toBe(0);
    const records = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(records.map((r) => r['operation'])).toEqual(['registration.show', 'record.allergies']);
    expect(listed.stdout).not.toContain(card);
    const cpf = String(sampleBody(operation('enrol.payer'))['cpf']);
    const byCpf = await cli(['audit', '--db', db, ...keyArgs(db), '--cpf', cpf, '--json']);
    expect((JSON.parse(byCpf.stdout) as Array<Record<string, unknown>>).map((r) => r['operation'])).toEqual([
      'enrol.payer',
    ]);
    const byOperation = await cli(['audit', '--db', db, '--operation', 'buscaalergias', '--json']);
    expect((JSON.parse(byOperation.stdout) as Array<Record<string, unknown>>).map((r) => r['operation'])).toEqual([
      'record.allergies',
    ]);
  });

  it('refuses to start with another key than the trail’s, or without it; --new-audit-key begins a new one', async () => {
    const db = await newLocation();
    const first = await serve(['--db', db, ...keyArgs(db)]);
    expect(await first.stop()).toBe(0);
    const file = keyFileOf(db);
    const original = readFileSync(file, 'utf8');
    const recordedId = (await query<{ key_id: string }>(auditOf(db), 'SELECT key_id FROM audit_key'))[0]!.key_id;
    const idOf = keyIdOf;
    expect(recordedId).toBe(idOf(original));

    const other = randomBytes(32).toString('hex');
    writeFileSync(file, `${other}\n`, { mode: 0o600 });
    const wrong = await serveExit(['--db', db, ...keyArgs(db)]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `the audit key in ${file} is not the key this database's audit trail was written with (id ${recordedId}, this key ${idOf(other)})`,
    );

    rmSync(file);
    const missing = await serveExit(['--db', db, ...keyArgs(db)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `the audit key file ${file} is missing, but this database's audit trail was written with a key (id ${recordedId})`,
    );

    const renewed = await serve(['--db', db, ...keyArgs(db), '--new-audit-key']);
    expect(await renewed.stop()).toBe(0);
    const made = readFileSync(file, 'utf8');
    expect(made).not.toBe(original);
    expect((await query<{ key_id: string }>(auditOf(db), 'SELECT key_id FROM audit_key'))[0]!.key_id).toBe(idOf(made));
  });

  it('removes the records older than --audit-retention days at start (180 by default), and none with 0', async () => {
    const db = await newLocation();
    const first = await serve(['--db', db, ...keyArgs(db)]);
    expect(await first.stop()).toBe(0);
    const day = 86_400_000;
    const insert = (at: number, id: string) =>
      exec(
        auditOf(db),
        "INSERT INTO audit (at, client, operation, status, request_id) VALUES (?, '127.0.0.1', 'registration.show', 200, ?)",
        [at, id],
      );
    await insert(Date.now() - 181 * day, 'old');
    await insert(Date.now() - 179 * day, 'recent');
    const kept = await serve(['--db', db, ...keyArgs(db), '--audit-retention', '0', '--log-format', 'json']);
    // A read recorded after the start, whose purge (were there one) is queued before any request's record.
    const read = await fetch(`${kept.url}${operation('registration.show').path}?usuario_cartao=${CARD}`, {
      headers: { 'x-request-id': READ_ID },
    });
    expect([read.status, (await read.text()) !== '']).toEqual([200, true]);
    await until('the read recorded', async () => (await rows(db)).some((r) => r.request_id === READ_ID));
    expect(await kept.stop()).toBe(0);
    expect((await rows(db)).map((r) => r.request_id)).toEqual(['old', 'recent', READ_ID]);

    const proc = await serve(['--db', db, ...keyArgs(db), '--log-format', 'json']);
    await proc.printed('"audit_purged"');
    expect(await proc.stop()).toBe(0);
    expect((await rows(db)).map((r) => r.request_id)).toEqual(['recent', READ_ID]);
    const purged = jsonLines(proc.stderr()).filter((l) => l['event'] === 'audit_purged');
    expect(purged.map((l) => [l['removed'], l['days']])).toEqual([[1, 180]]);
  });
});

/** Starts `coopctl serve` expecting it to stop at start: its exit code and stderr. */
function serveExit(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
      env: childEnv(home()),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}
