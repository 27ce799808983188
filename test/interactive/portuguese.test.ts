/**
 * The wizards in Brazilian Portuguese (LANG=pt_BR.UTF-8), in-process against
 * the real embedded server (demo data), driven through the context's
 * prompter: the booking wizard (an unknown card, a card typed wrong, the
 * provider by name, dates as DD/MM/AAAA with their weekday, the summary, the
 * booking) and the enrolment wizard (a rule broken and asked again in
 * Portuguese, the review screen and its menu, the submission, a draft kept on
 * Ctrl-C and resumed). Expectations are literal Portuguese; dates and
 * weekdays are checked against the calendar, not against coopctl.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ENTER, fakePrompter, interruptAt, type Scripted } from './fake-prompter.js';
import { contractPt, holderPt, payerPt, reviewPt } from './portuguese-script.js';
import { readRecords, runOnTerminal } from './run.js';

const CARD = '00010001000001005';
/** A valid card (layout and check digit) that no beneficiary holds (docs/decisions.md). */
const NOBODY = '00010001999999000';
const DIRECTORY = '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia';
const PT = { LANG: 'pt_BR.UTF-8' };

/** Brazilian short weekday names, Sunday first (as a Brazilian calendar prints them). */
const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
/** `2026-12-01` → `01/12/2026 ter`: the calendar's own weekday of the date. */
function brDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y} ${WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()]}`;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('schedule book in Portuguese', () => {
  it('checks the card, names the beneficiary, offers the provider, dates and times in Portuguese, and books', async () => {
    const [person] = await readRecords(server.url, 'registration.show', { usuario_cartao: CARD });
    const name = String(person!['nome']);
    const prompter = fakePrompter([
      { q: '[usuario_cartao]', a: NOBODY },
      { q: '[usuario_cartao]', a: '123' },
      CARD,
      { q: 'Prestador (digite um nome ou um código)', a: 'clinica geral' },
      { q: 'Local de atendimento de Clínica Coop Saúde — Clínica Geral (9001)', a: '102' },
      { q: 'Data', a: ENTER },
      { q: /^Horário em /, a: ENTER },
      { q: '[ds_email]', a: ENTER },
      { q: '[nr_ddd_celular nr_celular]', a: '11 9876' },
      '(11) 98765-4321',
      { q: '[ds_endereco]', a: ENTER },
      { q: 'Agendar esta consulta?', a: true },
    ]);
    const r = await runOnTerminal(['schedule', 'book'], server.url, prompter, { ...PT, COOPCTL_PROVIDERS: DIRECTORY });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);

    expect(r.stderr).toContain(
      'Agendar uma consulta: o cartão, depois um prestador, um local de atendimento, uma data e um horário livre (Ctrl-C para parar).\n',
    );
    expect(r.stderr).toMatch(/\nNenhum beneficiário tem o cartão \*{13}9000 \(.+\): digite o cartão de novo\.\n/);
    expect(r.stderr).toContain(`Beneficiário: ${name}\n`);
    const [, card, provider, location, date, time, , mobile] = prompter.asked;
    expect(card!.message).toMatch(/\[usuario_cartao\] \(17 dígitos; também 0001 0001 000001 00 5, /);
    expect(card!.errors).toEqual(['deve ter 17 dígitos; foram lidos 3 dígitos "123", ex.: 00010001000001005']);
    expect(provider!.choices![0]!.name).toMatch(
      /^Clínica Coop Saúde — Clínica Geral \(9001\) · 3 consultas deste beneficiário, a última em \d\d\/\d\d\/\d{4}$/,
    );
    expect(location!.choices!.map((c) => c.name)).toEqual([
      'Clínica Coop Saúde — Unidade Paulista (101)',
      'Clínica Coop Saúde — Unidade Pinheiros (102)',
      '‹ Outro prestador',
    ]);
    expect(date!.choices!.length).toBeGreaterThan(0);
    for (const c of date!.choices!) expect(c.name).toBe(brDay(c.value));
    const day = brDay(String(date!.answer));
    expect(time!.message).toBe(`Horário em ${day}`);
    expect(time!.choices!.at(-1)!.name).toBe('‹ Outra data');
    const slot =
      /^(\d\d:\d\d)–(\d\d:\d\d) {2}tipo de evento (\d+) \((primeira consulta|retorno|coleta de exame)\)$/.exec(
        time!.choices!.find((c) => c.value === time!.answer)!.name,
      );
    expect(slot).not.toBeNull();
    const [, start, end, tp, kind] = slot!;
    expect(mobile!.message).toMatch(/\(o DDD entre parênteses, depois 8 ou 9 dígitos; também /);
    expect(mobile!.errors).toEqual(['deve ter o DDD entre parênteses, depois 8 ou 9 dígitos, ex.: (11)987654321']);

    expect(r.stderr).toContain('\nConsulta a agendar\n');
    expect(r.stderr).toContain(`\n  nome       ${name}\n  cartão     *************1005\n`);
    expect(r.stderr).toContain('\n  prestador  Clínica Coop Saúde — Clínica Geral (9001)\n');
    expect(r.stderr).toContain('\n  local      Clínica Coop Saúde — Unidade Pinheiros (102)\n');
    expect(r.stderr).toContain(`\n  quando     ${day} ${start}–${end}, tipo de evento ${tp} (${kind})\n`);
    expect(r.stderr).toContain('\n  celular    (11) 98765-4321\n');
    const booked = new RegExp(
      `\\nConsulta (\\d+) agendada para ${name}: ${day} ${start}–${end} em Clínica Coop Saúde — Unidade Pinheiros \\(102\\)\\. Para cancelar: coopctl schedule cancel (\\d+)\\n`,
    ).exec(r.stderr);
    expect(booked, r.stderr).not.toBeNull();
    expect(booked![2]).toBe(booked![1]);
  });
});

describe('enrol wizard in Portuguese', () => {
  it('asks in Portuguese, refuses a date of birth in the future in Portuguese, reviews, and enrols', async () => {
    const script: Scripted[] = [
      ...contractPt,
      ...payerPt,
      ...holderPt(['01/01/2099', '10/05/2012']),
      reviewPt('submit'),
    ];
    const prompter = fakePrompter(script);
    const r = await runOnTerminal(['enrol', 'wizard'], server.url, prompter, PT);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);

    expect(r.stderr).toContain(
      'Inclusão: contrato → responsável financeiro → beneficiários (contato, documentos, endereço, declaração de saúde). Você revisa cada resposta antes de qualquer envio; Ctrl-C mantém um rascunho.\n',
    );
    const birth = prompter.asked.find(
      (q) => q.message.startsWith('Beneficiário 1 ·') && q.message.includes('[data_nascimento]'),
    )!;
    expect(birth.message).toContain(
      '(uma data DD/MM/AAAA a partir de 1900 que não esteja no futuro; também 5/3/1985, ',
    );
    expect(birth.message).toMatch(/\(opcional, Enter para pular\)$/);
    expect(birth.errors).toEqual([
      'deve ser uma data de nascimento que não esteja no futuro (uma data DD/MM/AAAA a partir de 1900 que não esteja no futuro), ex.: 15/03/1985',
    ]);
    const degree = prompter.asked.find((q) => q.message.includes('[grau_dependencia]'))!;
    expect(degree.choices!.map((c) => c.name)).toEqual([
      'T (titular)',
      'C (cônjuge ou companheiro(a))',
      'F (filho ou filha)',
      'D (outro dependente)',
      'A (agregado)',
      'outro código…',
    ]);
    // A health-declaration answer is typed, nothing preselected; without the question's text, the wizard says so.
    const answer = prompter.asked.find((q) => q.message.includes('[resposta]'))!;
    expect(answer.choices).toBeUndefined();
    expect(answer.default).toBeUndefined();
    expect(answer.message).toContain('[resposta] (digite S (sim), N (não); nenhuma resposta é presumida)');
    expect(r.stderr).toContain(
      'Os textos das perguntas 1 do formulário 1 não estão configurados: leia cada uma no formulário que o beneficiário assina. Para vê-los aqui: coopctl config set healthQuestions',
    );

    // The review screen and its menu.
    expect(r.stderr).toContain('\nRevise a inclusão (nada é enviado antes de Enviar)\n1 Contrato\n');
    expect(r.stderr).toContain('\n2 Responsável financeiro\n');
    expect(r.stderr).toContain('\n3 Beneficiário 1 (titular) · Pedro Souza\n');
    expect(r.stderr).toContain('\n    documentos   nenhum\n');
    // Phones as people write them (the request carries 11987654321).
    expect(r.stderr).toContain(
      '\n    contato      Nome: Pedro Souza · Telefone principal: (11) 98765-4321 · E-mail: b1@example.com\n',
    );
    expect(r.stderr).toContain('\n    declaração   formulário 1 · 1: N\n');
    expect(r.stderr).toContain(
      '\nEditar uma seção oferece as respostas dela: a escolhida é perguntada de novo (Enter a mantém, Tab a edita, Backspace a apaga).\n',
    );
    const menu = prompter.asked.at(-1)!;
    expect(menu.choices!.map((c) => c.name)).toEqual([
      '1 Editar: Contrato',
      '2 Editar: Responsável financeiro',
      '3 Editar: Beneficiário 1 (titular) · Pedro Souza',
      'Enviar o contrato e 1 beneficiário (6 requisições)',
      'Incluir um beneficiário',
      'Remover um beneficiário',
      'Sair, mantendo o rascunho (coopctl enrol wizard --resume continua)',
      'Descartar esta inclusão',
    ]);

    // What each step did, then the enrolment.
    const contract = /\n✔ contrato: contrato_id (\d+)\n/.exec(r.stderr)?.[1];
    expect(contract, r.stderr).toBeDefined();
    expect(r.stderr).toContain('\n✔ responsável financeiro: feito\n');
    expect(r.stderr).toMatch(/\n✔ beneficiário 1 \(Pedro Souza\): beneficiario_id \d+\n/);
    expect(r.stderr).toMatch(/\n✔ beneficiário 1 · contato: contato_id \d+\n/);
    expect(r.stderr).toContain('\n✔ beneficiário 1 · declaração 1: feito\n');
    expect(r.stderr).toContain(`\n1 beneficiário incluído no contrato ${contract}.\n`);
    // The ✔ lines said it: no table repeats them on stdout.
    expect(r.stdout).toBe('');
  });

  it('a beneficiary whose sexo is F: the words about her agree (Beneficiária 1), in the questions, the review and the results', async () => {
    const script: Scripted[] = [
      ...contractPt,
      ...payerPt,
      ...holderPt(undefined, { nome: 'Lia Souza', sexo: 'F' }),
      reviewPt('submit'),
    ];
    const prompter = fakePrompter(script);
    const r = await runOnTerminal(['enrol', 'wizard'], server.url, prompter, PT);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    expect(r.stderr).toContain('\nBeneficiária 1: contato\n');
    expect(r.stderr).toContain('\n3 Beneficiária 1 (titular) · Lia Souza\n');
    expect(r.stderr).toMatch(/\n✔ beneficiária 1 \(Lia Souza\): beneficiario_id \d+\n/);
    const phone = prompter.asked.filter((q) => q.message.includes('[telefone_principal]')).at(-1)!;
    expect(phone.message).toMatch(/^Beneficiária 1 · /);
    // Her sexo is asked before it is known: that question, and those before it, say Beneficiário.
    const sex = prompter.asked.filter((q) => q.message.includes('[sexo]')).at(-1)!;
    expect(sex.message).toMatch(/^Beneficiário 1 · /);
  });

  it('the health declaration says each question when the healthQuestions setting has its text, and offers their number', async () => {
    const holder = holderPt();
    const count = holder.findIndex(
      (s) => typeof s === 'object' && String(s.q).startsWith('Declaração de saúde · Número'),
    );
    const script: Scripted[] = [
      ...contractPt,
      ...payerPt,
      ...holder.slice(0, count),
      { q: 'Declaração de saúde · Número de perguntas do formulário 1 (0 para nenhuma)', a: ENTER },
      { q: /^Beneficiário 1 · pergunta 1 \(Tem alguma doença crônica\?\) · .*\[resposta\]/, a: 'N' },
      { q: /^Beneficiário 1 · pergunta 2 \(Fez alguma cirurgia nos últimos 5 anos\?\) · .*\[resposta\]/, a: 'S' },
      {
        q: /^Beneficiário 1 · pergunta 2 \(Fez alguma cirurgia nos últimos 5 anos\?\) · .*\[descricao\]/,
        a: 'apendicite',
      },
      { q: 'Incluir outro beneficiário?', a: false },
      reviewPt('submit'),
    ];
    const prompter = fakePrompter(script);
    const r = await runOnTerminal(['enrol', 'wizard'], server.url, prompter, {
      ...PT,
      COOPCTL_HEALTH_QUESTIONS: '1.1=Tem alguma doença crônica?; 01.2=Fez alguma cirurgia nos últimos 5 anos?',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    expect(prompter.asked.find((q) => q.message.startsWith('Declaração de saúde · Número'))!.default).toBe('2');
    expect(r.stderr).toContain(
      '\n    declaração   formulário 1 · 1 (Tem alguma doença crônica?): N · 2 (Fez alguma cirurgia nos últimos 5 anos?): S (apendicite)\n',
    );
    expect(r.stderr).toContain('\n✔ beneficiário 1 · declaração 2: feito\n');
  });

  it('keeps a draft on Ctrl-C, says so in Portuguese, and --resume goes on from it', async () => {
    const state = mkdtempSync(join(tmpdir(), 'coopctl-state-'));
    const env = { ...PT, XDG_STATE_HOME: state };
    const script: Scripted[] = [...contractPt, ...payerPt, ...holderPt(), reviewPt('submit')];
    const stopped = await runOnTerminal(
      ['enrol', 'wizard'],
      server.url,
      interruptAt(fakePrompter(script), 'Incluir um documento?'),
      env,
    );
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(
      /\nA inclusão está salva em .+\.json \(privado\); coopctl enrol wizard --resume continua daqui\.\n/,
    );

    const second = await runOnTerminal(['enrol', 'wizard'], server.url, interruptAt(fakePrompter([]), 'Contrato'), env);
    expect(second.stderr).toContain(
      'Há um rascunho de inclusão salvo: coopctl enrol wizard --resume continua com ele.\n',
    );

    const rest = holderPt().slice(
      holderPt().findIndex((s) => typeof s === 'object' && String(s.q) === 'Beneficiário 1 · Incluir um documento?'),
    );
    const prompter = fakePrompter([...rest, reviewPt('submit')]);
    const resumed = await runOnTerminal(['enrol', 'wizard', '--resume'], server.url, prompter, env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(
      /^Continuando o rascunho da inclusão: salvo em \d\d\/\d\d\/\d{4} \d\d:\d\d · contrato novo · responsável Ana Souza · Pedro Souza · nada enviado\.\n/,
    );
    expect(resumed.stderr).toMatch(/\n1 beneficiário incluído no contrato \d+\.\n$/);
  });
});
