/**
 * The booking wizard in-process against the real embedded server (demo
 * data), driven through the context's prompter: the card checked first and
 * the beneficiary named, the provider by name, location → date → time, the
 * registration's e-mail and mobile pre-filled → summary → booking; an unknown
 * card or provider asked again, a slot booked by another client meanwhile
 * asked again; and what it skips, refuses and declines.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { fromDateOn } from './booking-script.js';
import { beforeQuestion, ENTER, type FakePrompter, fakePrompter, interruptAt } from './fake-prompter.js';
import { readRecords, runOnTerminal } from './run.js';

const CARD = '00010001000001005';
/** Her spouse: the "other client" that takes a slot meanwhile. */
const SPOUSE = '00010001000001013';
/** Their child: no appointments. */
const CHILD = '00010001000001021';
/** A valid card (layout and check digit) that no beneficiary holds (docs/decisions.md). */
const NOBODY = '00010001999999000';
/** The demo providers' names, as docs/decisions.md lists them, in the `providers` setting. */
const DIRECTORY =
  '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia; 9003=Dra. Juliana Castro Lima — Pediatria\n9004=Laboratório Coop Diagnósticos';
const env = { COOPCTL_PROVIDERS: DIRECTORY };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

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

/** The start of the time chosen at a `Time on` question (its choice's name is `09:00–09:30  event type 1 (first visit)`). */
function chosenTime(p: FakePrompter, nth = 0): { start: string; end: string; tp: string } {
  const q = p.asked.filter((a) => a.message.startsWith('Time on'))[nth]!;
  const name = q.choices!.find((c) => c.value === q.answer)!.name;
  const m = /^(\d\d:\d\d)–(\d\d:\d\d) {2}event type (\d+) \((first visit|return visit|exam collection)\)$/.exec(name)!;
  return { start: m[1]!, end: m[2]!, tp: m[3]! };
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

describe('schedule book <card>: the beneficiary first', () => {
  it('reads the card, names the beneficiary before any question, pre-fills her e-mail and mobile, and books', async () => {
    const person = await registration();
    const contact = person['contato'] as Record<string, string>;
    expect(contact.celular).toMatch(/^\(\d{2}\)\d{8,9}$/);
    const prompter = fakePrompter([
      { q: 'Provider (type a name or a code)', a: 'clinica geral' },
      { q: 'Location of Clínica Coop Saúde — Clínica Geral (9001)', a: '102' },
      ...fromDateOn(true),
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter, env, { echoQuestions: true });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);

    // The name, from the registration record, before the first question.
    const named = r.stderr.indexOf(`Beneficiary: ${String(person['nome'])}`);
    expect(named).toBeGreaterThan(-1);
    expect(named).toBeLessThan(r.stderr.indexOf('? '));
    const [provider, location, date, , email, mobile, address] = prompter.asked;
    // Her past providers first (9001: three appointments, the latest 9002's), then the rest of the directory.
    expect(prompter.asked[0]!.terms).toEqual(['clinica geral']);
    expect(provider!.answer).toBe('9001');
    expect(location!.choices!.map((c) => c.value)).toEqual(['101', '102', 'other-provider']);
    expect(location!.choices![2]!.name).toBe('‹ Another provider');
    expect(location!.choices![1]!.name).toBe('Clínica Coop Saúde — Unidade Pinheiros (102)');
    expect(email!.default).toBe(contact.email);
    // Pre-filled as people write it: `(11)960289873` → `(11) 96028-9873`.
    expect(mobile!.default).toBe(contact.celular!.replace(/^\((\d\d)\)(\d{4,5})(\d{4})$/, '($1) $2-$3'));
    expect(address!.default).toBe('Clínica Coop Saúde — Unidade Pinheiros');
    expect(r.stderr).toContain(' Su  Mo  Tu  We  Th  Fr  Sa');
    expect(r.stderr).toContain(`  name      ${String(person['nome'])}`);
    expect(r.stderr).toContain('  provider  Clínica Coop Saúde — Clínica Geral (9001)');

    const id = /Appointment[^\d]+(\d+)/s.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeDefined();
    expect(r.stderr).toContain(`Booked appointment ${id} for ${String(person['nome'])}`);
    const booked = (await appointments()).find((a) => String(a['cd_evento']) === id);
    const time = chosenTime(prompter);
    expect(booked).toMatchObject({
      prest_cod_svc_card: 9001,
      data_consulta: date!.answer,
      hora_inicio: time.start,
      status_agendamento: 'aguardando',
    });
    const [, ddd, number] = /^\((\d{2})\)(\d+)$/.exec(contact.celular!)!;
    expect(storedContact(id!)).toMatchObject({
      ds_email: contact.email,
      nr_ddd_celular: Number(ddd),
      nr_celular: Number(number),
      ds_endereco: 'Clínica Coop Saúde — Unidade Pinheiros',
    });
  });

  it('a card no beneficiary holds is asked again, and nothing else is asked before', async () => {
    const prompter = fakePrompter([
      { q: '[usuario_cartao]', a: CHILD },
      { q: '[prest_cod_svc_card]', a: '9002' },
      ...fromDateOn(false, { email: 'lia@example.com', mobile: '(21)987654321' }),
    ]);
    const r = await runOnTerminal(['schedule', 'book', NOBODY], server.url, prompter, {}, { echoQuestions: true });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      'No beneficiary has card *************9000 (the service said: "no beneficiary has this card")',
    );
    expect(r.stderr.indexOf('No beneficiary has card')).toBeLessThan(r.stderr.indexOf('? '));
    const child = await registration(CHILD);
    expect(r.stderr).toContain(`Beneficiary: ${String(child['nome'])}`);
    // No past appointments and no directory: the provider's code is typed, with a hint how to name providers.
    expect(r.stderr).toContain('coopctl config set providers');
    expect(r.stderr).toContain('  mobile    (21) 98765-4321');
    expect(r.stderr).toContain('  card      *************1021');
  });

  it('a card missing from the command line is asked, checked by its rule, then read', async () => {
    const prompter = fakePrompter([{ q: '[usuario_cartao]', a: '123' }, CARD, { q: 'Provider', a: '9003' }]);
    const r = await runOnTerminal(['schedule', 'book'], server.url, interruptAt(prompter, 'Location'), env);
    expect(r.code).toBe(130);
    expect(prompter.asked[0]!.errors).toHaveLength(1);
    expect(r.stderr).toContain('Beneficiary: Ana Beatriz Souza');
  });
});

describe('schedule book: the provider by name', () => {
  it('offers her past providers first, then the directory, filtered by name or code, accents ignored', async () => {
    const past = await appointments();
    const of = (code: number) => past.filter((x) => x['prest_cod_svc_card'] === code);
    const last = (code: number) =>
      of(code)
        .map((x) => String(x['data_consulta']))
        .sort()
        .at(-1);
    expect(of(9001).length).toBeGreaterThan(1);
    expect(of(9002)).toHaveLength(1);
    expect(last(9001)! > last(9002)!).toBe(true);
    const prompter = fakePrompter([{ q: 'Provider', a: ENTER }]);
    await runOnTerminal(['schedule', 'book', CARD], server.url, interruptAt(prompter, 'Location'), env);
    expect(prompter.asked[0]!.choices!.map((c) => c.name)).toEqual([
      `Clínica Coop Saúde — Clínica Geral (9001) · ${of(9001).length} appointments of this beneficiary, latest ${last(9001)}`,
      `Dr. Ricardo Mendes Almeida — Cardiologia (9002) · 1 appointment of this beneficiary, latest ${last(9002)}`,
      'Dra. Juliana Castro Lima — Pediatria (9003)',
      'Laboratório Coop Diagnósticos (9004)',
    ]);

    const search = fakePrompter([{ q: 'Provider', a: 'xyz' }, 'LABORATORIO', ENTER]);
    await runOnTerminal(['schedule', 'book', CARD], server.url, interruptAt(search, 'Date'), env);
    const [provider] = search.asked;
    expect(provider!.terms).toEqual(['xyz', 'LABORATORIO']);
    expect(provider!.errors).toEqual(['No results found']);
    expect(provider!.answer).toBe('9004');
  });

  it('without a directory, her past providers are offered by code', async () => {
    const prompter = fakePrompter([{ q: 'Provider', a: ENTER }]);
    await runOnTerminal(['schedule', 'book', CARD], server.url, interruptAt(prompter, 'Location'), {});
    expect(prompter.asked[0]!.choices!.map((c) => c.value)).toEqual(['9001', '9002']);
    expect(prompter.asked[0]!.choices![0]!.name).toMatch(/^Provider 9001 · \d+ appointments of this beneficiary/);
  });

  it('an unknown provider is asked again, then the booking goes on', async () => {
    const before = await appointments();
    const prompter = fakePrompter([
      { q: 'Provider', a: '424242' },
      { q: 'Provider', a: 'cardio' },
      ...fromDateOn(true),
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter, env, { echoQuestions: true });
    expect(r.code, r.stderr).toBe(0);
    const [unknown, again] = prompter.asked;
    expect(unknown!.choices).toEqual([{ name: 'Provider code 424242 (typed in)', value: '424242' }]);
    expect(r.stderr).toContain(
      'No service location for provider 424242 (the service said: "provider 424242 has no service location"): is the code right? Choose the provider again.',
    );
    expect(again!.message).toBe('Provider (type a name or a code)');
    expect(r.stderr).toContain("Location: Centro Médico Coop Moema (201), the provider's only one.");
    const added = await newOnes(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ prest_cod_svc_card: 9002, hora_inicio: chosenTime(prompter).start });
  });

  it('"Another provider" in the location list goes back to the provider', async () => {
    const prompter = fakePrompter([
      { q: 'Provider', a: 'geral' },
      { q: 'Location of Clínica Coop Saúde — Clínica Geral (9001)', a: 'other-provider' },
      { q: 'Provider', a: 'cardio' },
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, interruptAt(prompter, 'Date'), env);
    expect(r.code).toBe(130);
    expect(prompter.asked.map((q) => q.answer)).toEqual(['9001', 'other-provider', '9002']);
    expect(r.stderr).toContain("Location: Centro Médico Coop Moema (201), the provider's only one.");
  });

  it('an unknown --prest-cod-svc-card is asked again too', async () => {
    const prompter = fakePrompter([
      { q: 'Provider', a: 'pediatria' },
      { q: 'Location', a: '301' },
    ]);
    const r = await runOnTerminal(
      ['schedule', 'book', CARD, '--prest-cod-svc-card', '424242'],
      server.url,
      interruptAt(prompter, 'Date'),
      env,
    );
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('No service location for provider 424242');
    expect(prompter.asked[0]!.answer).toBe('9003');
    // The provider now being an answer, the location list offers to change it.
    expect(prompter.asked[1]!.choices!.at(-1)).toEqual({ name: '‹ Another provider', value: 'other-provider' });
  });
});

describe('schedule book: a slot taken meanwhile', () => {
  it('booked by another client before the confirmation: said so, the times read again, another booked', async () => {
    const before = await appointments();
    const spouseBefore = await appointments(SPOUSE);
    // The last free date: a whole day of slots (today's may be down to one).
    const free = await readRecords(server.url, 'schedule.dates', { cd_local: '101', prest_cod_svc_card: '9001' });
    const day = String(free.at(-1)!['data_consulta']);
    const prompter = fakePrompter([
      { q: 'Provider', a: '9001' },
      { q: 'Location', a: '101' },
      ...fromDateOn(true, {}, day),
      { q: 'Time on', a: ENTER },
      { q: 'Book this appointment?', a: true },
    ]);
    let taken: { date: string; start: string; end: string } | undefined;
    const racing = beforeQuestion(prompter, 'Book this appointment?', async () => {
      const t = chosenTime(prompter);
      taken = { date: day, start: t.start, end: t.end };
      await bookElsewhere({ cd_local: 101, date: day, start: t.start, end: t.end, tp: Number(t.tp) });
    });
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, racing, env);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        `That time, ${taken!.date} \\w{3} ${taken!.start}–${taken!.end}, is no longer free \\(the request failed; the service said: ".+"\\): choose another time\\.`,
      ),
    );
    // The second time list no longer offers the taken slot; the contact was not asked again.
    const [first, second] = prompter.asked.filter((a) => a.message.startsWith('Time on'));
    expect(first!.choices!.map((c) => c.name)).toContainEqual(expect.stringContaining(`${taken!.start}–`));
    expect(second!.choices!.map((c) => c.name)).not.toContainEqual(expect.stringContaining(`${taken!.start}–`));
    expect(prompter.asked.filter((a) => a.message.includes('[ds_email]'))).toHaveLength(1);

    const mine = await newOnes(before);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ data_consulta: taken!.date, hora_inicio: chosenTime(prompter, 1).start });
    expect(mine[0]!['hora_inicio']).not.toBe(taken!.start);
    const theirs = await newOnes(spouseBefore, SPOUSE);
    expect(theirs).toMatchObject([{ data_consulta: taken!.date, hora_inicio: taken!.start }]);
  });

  it('Ctrl-C at the confirmation exits 130 and books nothing', async () => {
    const before = await appointments();
    // Interrupted at the confirmation: its scripted answer is never used.
    const prompter = fakePrompter([{ q: 'Provider', a: '9002' }, ...fromDateOn(true)]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, interruptAt(prompter, 'Book this'), env);
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('interrupted');
    expect(await appointments()).toHaveLength(before.length);
  });
});

describe('schedule book: flags, other paths', () => {
  it('skips the steps whose flags are given, and filters the times by --tp-evento', async () => {
    const prompter = fakePrompter([
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: ENTER },
      { q: 'Book this appointment?', a: true },
    ]);
    const flags = [
      ['--prest-cod-svc-card', '9001'],
      ['--cd-local', '101'],
      ['--tp-evento', '2'],
      ['--ds-email', 'a@example.com'],
      ['--nr-ddd-celular', '11'],
      ['--nr-celular', '987654321'],
      ['--ds-endereco', 'Av. Paulista'],
    ].flat();
    const r = await runOnTerminal(['--json', 'schedule', 'book', CARD, ...flags], server.url, prompter, env);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['select', 'select', 'confirm']);
    const times = prompter.asked[1]!.choices!.map((c) => c.name);
    expect(times.at(-1)).toBe('‹ Another date');
    expect(times.slice(0, -1).every((name) => name.endsWith('event type 2 (return visit)'))).toBe(true);
    const [record] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(record).toMatchObject({ confirma_operacao: 1 });
    const booked = (await appointments()).find((a) => a['cd_evento'] === record!['cd_evento']);
    expect(booked?.['hora_inicio']).toMatch(/^1[4-6]:/);
  });

  it('"Another date" goes back to the calendar, the last date preselected', async () => {
    const prompter = fakePrompter([
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: 'other-date' },
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: ENTER },
    ]);
    const r = await runOnTerminal(
      ['schedule', 'book', CARD, '--prest-cod-svc-card', '9002'],
      server.url,
      interruptAt(prompter, '[ds_email]'),
      env,
    );
    expect(r.code).toBe(130);
    const dates = prompter.asked.filter((a) => a.message === 'Date');
    expect(dates).toHaveLength(2);
    expect(dates[1]!.default).toBe(dates[0]!.answer);
  });

  it('declining the summary books nothing (exit 1)', async () => {
    const before = (await appointments()).length;
    const prompter = fakePrompter(['9001', '101', ENTER, ENTER, ENTER, ENTER, ENTER, false]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter, env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Nothing was sent.');
    expect(r.stdout).toBe('');
    expect(await appointments()).toHaveLength(before);
  });

  it('with all flags given there is no wizard', async () => {
    const prompter = fakePrompter([]);
    const flags = [
      ['--prest-cod-svc-card', '9001'],
      ['--cd-local', '101'],
      ['--tp-evento', '1'],
      ['--dt-hr-inicio', '2020-01-06 08:00'],
      ['--dt-hr-fim', '2020-01-06 08:30'],
      ['--ds-email', 'a@example.com'],
      ['--nr-ddd-celular', '11'],
      ['--nr-celular', '987654321'],
      ['--ds-endereco', 'x'],
    ].flat();
    const r = await runOnTerminal(['schedule', 'book', CARD, ...flags], server.url, prompter);
    expect(prompter.asked).toHaveLength(0);
    expect(r.code).toBe(1); // a slot in the past is not offered
  });

  it('an invalid flag is a usage error before any question (exit 2)', async () => {
    const prompter = fakePrompter([]);
    const r = await runOnTerminal(['schedule', 'book', '123', '--cd-local', '1x'], server.url, prompter);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usuario_cartao (--usuario-cartao): must be 17 digits');
    expect(r.stderr).toContain('cd_local (--cd-local): must be an integer of up to 18 digits');
    expect(prompter.asked).toHaveLength(0);
  });
});
