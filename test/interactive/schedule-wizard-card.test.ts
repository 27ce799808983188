/**
 * The booking wizard in-process against the real embedded server (demo data),
 * driven through the context's prompter: the card checked first and the
 * beneficiary named before any question, her e-mail and mobile pre-filled,
 * the booking stored; a card no beneficiary holds asked again; a card missing
 * from the command line asked for.
 */
import { describe, expect, it } from 'vitest';
import { fromDateOn } from './booking-script.js';
import { fakePrompter, interruptAt } from './fake-prompter.js';
import { runOnTerminal } from './run.js';
import { CARD, CHILD, chosenTime, env, NOBODY, useBookingDemo } from './booking-demo.js';

const { server, appointments, registration, storedContact } = useBookingDemo();

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
    expect(r.code, r.stderr).toBe(5);
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
