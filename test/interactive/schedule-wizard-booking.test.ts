/**
 * The booking wizard in-process against the real embedded server (demo data):
 * a slot booked by another client meanwhile asked again, Ctrl-C at the
 * confirmation; the steps that flags skip, "Another date", declining the
 * summary, no wizard when every flag is given, an invalid flag before any
 * question.
 */
import { describe, expect, it } from 'vitest';
import { fromDateOn } from './booking-script.js';
import { beforeQuestion, ENTER, fakePrompter, interruptAt } from './fake-prompter.js';
import { readRecords, runOnTerminal } from './run.js';
import { CARD, chosenTime, env, SPOUSE, useBookingDemo } from './booking-demo.js';

const { server, appointments, bookElsewhere, newOnes } = useBookingDemo();

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

  it('declining the summary books nothing (exit 5, declined)', async () => {
    const before = (await appointments()).length;
    const prompter = fakePrompter(['9001', '101', ENTER, ENTER, ENTER, ENTER, ENTER, false]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter, env);
    expect(r.code).toBe(5);
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
