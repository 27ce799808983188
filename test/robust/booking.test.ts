/**
 * 50 concurrent bookings of one free slot over HTTP, each on its own
 * connection: exactly one is confirmed (confirma_operacao 1 with its
 * cd_evento), the 49 others are refused (4), and the slot is no longer
 * offered. Once the winner cancels, the slot is offered again and a second
 * race has again exactly one winner. The same holds with two server
 * processes sharing one database file (real concurrency between SQLite
 * connections, not just one event loop).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, operation, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sendJson, spawnServe, type ServeProcess } from './helpers.js';

const PROVIDER = '9001';
/** Cards of contract 1 of the demo dataset (docs/decisions.md). */
const CARDS = ['00010001000001005', '00010001000001013', '00010001000001021'];
const RACERS = 50;

const LOCATIONS = operation('schedule.locations');
const DATES = operation('schedule.dates');
const TIMES = operation('schedule.times');
const BOOK = operation('schedule.book');
const CANCEL = operation('schedule.cancel');
const LIST = operation('schedule.list');

interface Slot {
  readonly cd_local: string;
  readonly data_consulta: string;
  readonly tp_evento: string;
  readonly hora_inicio: string;
  readonly hora_fim: string;
}

async function read(
  url: string,
  op: Operation,
  params: Record<string, string>,
): Promise<Array<Record<string, unknown>>> {
  const res = await sendJson(`${url}${op.path}?${new URLSearchParams(params).toString()}`, {}, { method: 'GET' });
  expect(res.status).toBe(200);
  const check = checkResponse(op, res.body);
  expect(check.ok, JSON.stringify(res.body)).toBe(true);
  if (!check.ok) return [];
  return check.outcome === 'found' ? check.records : [];
}

/** A free slot of provider 9001, found the way an app finds one: locations, then dates, then times. */
async function findFreeSlot(url: string): Promise<Slot> {
  const locations = await read(url, LOCATIONS, { prest_cod_svc_card: PROVIDER });
  expect(locations.length).toBeGreaterThan(0);
  for (const loc of locations) {
    const cd_local = String(loc['cd_local']);
    const dates = await read(url, DATES, { cd_local, prest_cod_svc_card: PROVIDER });
    // The furthest date: its slots cannot start while the test runs.
    const last = dates.at(-1);
    if (!last) continue;
    const data_consulta = String(last['data_consulta']);
    const times = await read(url, TIMES, { cd_local, prest_cod_svc_card: PROVIDER, data_consulta });
    const t = times[0];
    if (t)
      return {
        cd_local,
        data_consulta,
        tp_evento: String(t['tp_evento']),
        hora_inicio: String(t['hora_inicio']),
        hora_fim: String(t['hora_fim']),
      };
  }
  throw new Error(`provider ${PROVIDER} offers no free slot in the demo data`);
}

async function offered(url: string, slot: Slot): Promise<boolean> {
  const times = await read(url, TIMES, {
    cd_local: slot.cd_local,
    prest_cod_svc_card: PROVIDER,
    data_consulta: slot.data_consulta,
  });
  return times.some(
    (t) =>
      String(t['tp_evento']) === slot.tp_evento &&
      t['hora_inicio'] === slot.hora_inicio &&
      t['hora_fim'] === slot.hora_fim,
  );
}

function bookingOf(slot: Slot, i: number): Record<string, unknown> {
  return {
    ...sampleParams(BOOK),
    usuario_cartao: CARDS[i % CARDS.length],
    cd_local: slot.cd_local,
    prest_cod_svc_card: PROVIDER,
    tp_evento: slot.tp_evento,
    dt_hr_inicio: `${slot.data_consulta} ${slot.hora_inicio}`,
    dt_hr_fim: `${slot.data_consulta} ${slot.hora_fim}`,
    ds_email: `racer${i}@example.com`,
  };
}

interface Race {
  readonly winners: Array<{ i: number; cd_evento: number }>;
  readonly refused: string[];
  readonly other: unknown[];
}

/** Sends the 50 bookings at once, each on a fresh connection, spread over the given servers. */
async function race(urls: readonly string[], slot: Slot): Promise<Race> {
  const answers = await Promise.all(
    Array.from({ length: RACERS }, (_, i) =>
      sendJson(`${urls[i % urls.length]}${BOOK.path}`, bookingOf(slot, i), { agent: false }),
    ),
  );
  const out: Race = { winners: [], refused: [], other: [] };
  for (const [i, res] of answers.entries()) {
    const check = res.status === 200 ? checkResponse(BOOK, res.body) : undefined;
    if (check?.ok && check.outcome === 'ok') out.winners.push({ i, cd_evento: Number(check.records[0]!['cd_evento']) });
    else if (check?.ok && check.outcome === 'failed') out.refused.push(check.message);
    else out.other.push({ status: res.status, body: res.body });
  }
  return out;
}

function expectOneWinner(r: Race): void {
  expect(r.other).toEqual([]);
  expect(r.winners).toHaveLength(1);
  expect(r.refused).toHaveLength(RACERS - 1);
  for (const m of r.refused) expect(m).toMatch(/taken/);
}

describe('one server', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv?.stop());

  it(`${RACERS} concurrent bookings of one slot: exactly one wins, and the slot is no longer offered`, async () => {
    const slot = await findFreeSlot(srv.url);
    expect(await offered(srv.url, slot)).toBe(true);

    const first = await race([srv.url], slot);
    expectOneWinner(first);
    expect(await offered(srv.url, slot)).toBe(false);

    // The winner's appointment is stored, once, under the winner's card.
    const winner = first.winners[0]!;
    const list = await read(srv.url, LIST, {
      usuario_cartao: CARDS[winner.i % CARDS.length]!,
      ind_apenas_concluidas: 'N',
    });
    const booked = list.filter((a) => Number(a['cd_evento']) === winner.cd_evento);
    expect(booked).toHaveLength(1);
    expect(booked[0]!['status_agendamento']).toBe('aguardando');

    // Cancelled, the slot is offered again, and a second race again has exactly one winner.
    const cancel = await sendJson(`${srv.url}${CANCEL.path}`, { cd_evento: String(winner.cd_evento) });
    expect(cancel.body).toEqual([{ confirma_operacao: 1, mensagem_erro: '' }]);
    expect(await offered(srv.url, slot)).toBe(true);
    const second = await race([srv.url], slot);
    expectOneWinner(second);
    expect(second.winners[0]!.cd_evento).not.toBe(winner.cd_evento);
    expect(await offered(srv.url, slot)).toBe(false);
  });
});

describe('two server processes on one database file', () => {
  let dir: string;
  const procs: ServeProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'coopctl-race-'));
  });
  afterAll(async () => {
    for (const p of procs) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      await p.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(`${RACERS} concurrent bookings of one slot split over both: exactly one wins`, async () => {
    const db = join(dir, 'shared.db');
    procs.push(await spawnServe(db, dir));
    procs.push(await spawnServe(db, dir));
    const urls = procs.map((p) => p.url);
    const slot = await findFreeSlot(urls[0]!);
    expect(await offered(urls[1]!, slot)).toBe(true);

    expectOneWinner(await race(urls, slot));
    expect(await offered(urls[0]!, slot)).toBe(false);
    expect(await offered(urls[1]!, slot)).toBe(false);
  });
});
