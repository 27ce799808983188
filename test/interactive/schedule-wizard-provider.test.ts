/**
 * The booking wizard in-process against the real embedded server (demo data):
 * the provider by name (her past providers first, then the directory,
 * filtered by name or code), an unknown provider asked again, "Another
 * provider" from the location list.
 */
import { describe, expect, it } from 'vitest';
import { fromDateOn } from './booking-script.js';
import { ENTER, fakePrompter, interruptAt } from './fake-prompter.js';
import { runOnTerminal } from './run.js';
import { CARD, chosenTime, env, useBookingDemo } from './booking-demo.js';

const { server, appointments, newOnes } = useBookingDemo();

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
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, interruptAt(prompter, 'Location'), {});
    expect(prompter.asked[0]!.choices!.map((c) => c.value)).toEqual(['9001', '9002']);
    expect(prompter.asked[0]!.choices![0]!.name).toMatch(/^Provider 9001 · \d+ appointments of this beneficiary/);
    // No name to search by: the question does not promise one, and a line says how names are given.
    expect(prompter.asked[0]!.message).toBe('Provider (choose one, or type its code)');
    expect(r.stderr).toContain(
      "No provider names are set, so this beneficiary's past providers are listed by code; to find providers by name: coopctl config set providers '9001=Clínica Geral; 9002=Cardiologia'",
    );
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
