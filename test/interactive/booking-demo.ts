/**
 * What the booking wizard's tests against the demo data share: the demo's
 * cards and provider directory, the real embedded server (one per test file),
 * what it stores (appointments, registrations, an appointment's contact), a
 * slot booked as another client would, and the time a wizard run chose.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { FakePrompter } from './fake-prompter.js';
import { readRecords } from './run.js';

export const CARD = '00010001000001005';
/** Her spouse: the "other client" that takes a slot meanwhile. */
export const SPOUSE = '00010001000001013';
/** Their child: no appointments. */
export const CHILD = '00010001000001021';
/** A valid card (layout and check digit) that no beneficiary holds (docs/decisions.md). */
export const NOBODY = '00010001999999000';
/** The demo providers' names, as docs/decisions.md lists them, in the `providers` setting. */
const DIRECTORY =
  '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia; 9003=Dra. Juliana Castro Lima — Pediatria\n9004=Laboratório Coop Diagnósticos';
/** The directory as the `providers` setting of a run. */
export const env = { COOPCTL_PROVIDERS: DIRECTORY };

/** The start of the time chosen at a `Time on` question (its choice's name is `09:00–09:30  event type 1 (first visit)`). */
export function chosenTime(p: FakePrompter, nth = 0): { start: string; end: string; tp: string } {
  const q = p.asked.filter((a) => a.message.startsWith('Time on'))[nth]!;
  const name = q.choices!.find((c) => c.value === q.answer)!.name;
  const m = /^(\d\d:\d\d)–(\d\d:\d\d) {2}event type (\d+) \((first visit|return visit|exam collection)\)$/.exec(name)!;
  return { start: m[1]!, end: m[2]!, tp: m[3]! };
}

/** The demo server of a test file, started before its tests, and readers of what it stores. */
export function useBookingDemo() {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer();
  });
  afterAll(() => running?.stop());
  const server = {
    get url() {
      return running!.url;
    },
    get db() {
      return running!.db;
    },
  };

  const appointments = (card = CARD) =>
    readRecords(server.url, 'schedule.list', { usuario_cartao: card, ind_apenas_concluidas: 'N' });
  const registration = async (card = CARD) =>
    (await readRecords(server.url, 'registration.show', { usuario_cartao: card }))[0]!;

  /** What the stored appointment holds of the request's contact fields (the server keeps them as JSON). */
  function storedContact(id: string): Record<string, unknown> {
    const db = new Database(server.db, { readonly: true });
    try {
      const row = db.prepare('SELECT contact FROM appointment WHERE cd_evento = ?').get(Number(id)) as {
        contact: string;
      };
      return JSON.parse(row.contact) as Record<string, unknown>;
    } finally {
      db.close();
    }
  }

  /** Books a slot as another client would (POST enviaagendamento for the spouse's card). */
  async function bookElsewhere(slot: { cd_local: number; date: string; start: string; end: string; tp: number }) {
    const res = await fetch(`${server.url}/api/svccard/agendamento/enviaagendamento`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        usuario_cartao: SPOUSE,
        cd_local: slot.cd_local,
        prest_cod_svc_card: 9001,
        tp_evento: slot.tp,
        dt_hr_inicio: `${slot.date} ${slot.start}`,
        dt_hr_fim: `${slot.date} ${slot.end}`,
        ds_email: 'carlos@example.com',
        nr_ddd_celular: 11,
        nr_celular: 912345678,
        ds_endereco: 'x',
      }),
    });
    const [answer] = (await res.json()) as Array<Record<string, unknown>>;
    expect(answer).toMatchObject({ confirma_operacao: 1 });
  }

  const newOnes = async (before: readonly Record<string, unknown>[], card = CARD) => {
    const known = new Set(before.map((a) => String(a['cd_evento'])));
    return (await appointments(card)).filter((a) => !known.has(String(a['cd_evento'])));
  };

  return { server, appointments, registration, storedContact, bookElsewhere, newOnes };
}
