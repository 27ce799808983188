/**
 * The enrolment wizard in-process, driven through the context's prompter,
 * against a fake service: every request it sends, an edit that keeps every
 * answer, a step that fails (what was created, and the exact commands that
 * continue from there), an unreachable service; and its help.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../cli/harness.js';
import { enrolmentScript, ONE, ONE_CALLS, SCRIPTED_CALLS, scannedPdf } from './enrol-script.js';
import { enrolService, received, TTY } from './enrol-service.js';
import { ENTER, fakePrompter, type Scripted } from './fake-prompter.js';

const { pdf, content } = scannedPdf();

describe('against a fake service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  it('sends the steps in order, with the ids created before and the file base64 as arquivo', async () => {
    enrolService(h);
    const r = await h.run(['enrol', 'wizard'], {
      tty: TTY,
      prompter: fakePrompter(
        enrolmentScript([
          { nome: 'Pedro Souza', file: pdf },
          { nome: 'Lia Souza', document: false, answers: ['N', 'N'] },
        ]),
      ),
      env: { NO_COLOR: '1' },
      // Wide enough for the results table's rows on one line each.
      screen: { columns: 160 },
    });
    expect(r.code, r.stderr).toBe(0);
    const sent = received(h);
    expect(sent.map((s) => s.name)).toEqual(SCRIPTED_CALLS);
    expect(sent[0]!.body).toEqual({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' });
    expect(sent[1]!.body).toMatchObject({ contrato_id: 801, cpf: '529.982.247-25', sexo: 'F', complemento: 'apto 12' });
    expect(sent[2]!.body).toMatchObject({
      contrato_id: 801,
      nome: 'Pedro Souza',
      cpf: '529.982.247-25',
      sexo: 'M',
      grau_dependencia: 'T',
    });
    expect(sent[2]!.body['data_solicitacao']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(sent[3]!.body).toEqual({
      beneficiario_id: 151,
      nome: 'Pedro Souza',
      telefone_principal: 11987654321,
      email: 'b1@example.com',
    });
    expect(sent[4]!.body).toEqual({
      beneficiario_id: 151,
      tipo_documento: ['RG'],
      numero: '123456781',
      arquivo: content.toString('base64'),
      tipo_arquivo: 'pdf',
    });
    expect(sent[5]!.body).toEqual({
      beneficiario_id: 151,
      finalidade: ['RES', 'COR'],
      tipo_endereco: 'R',
      cep: 1310100,
      logradouro: 'Avenida Paulista',
      logradouro_numero: '1578',
      complemento: 'apto 12',
      bairro: 'Bela Vista',
    });
    expect(sent[6]!.body).toEqual({ beneficiario_id: 151, formulario_id: 1, pergunta_id: 1, resposta: 'N' });
    expect(sent[7]!.body).toEqual({
      beneficiario_id: 151,
      formulario_id: 1,
      pergunta_id: 2,
      resposta: 'S',
      descricao: 'asthma, controlled',
    });
    expect(sent[8]!.body).toMatchObject({ contrato_id: 801, nome: 'Lia Souza', grau_dependencia: 'D' });
    expect(sent[10]!.body).toMatchObject({ beneficiario_id: 152 });
    // What each step created, said as it was done; no table on stdout repeats it (nor opens the pager): -o json
    // gives the results as data (enrol-wizard-server.test.ts).
    expect(r.stderr).toContain('✔ beneficiary 2 (Lia Souza): beneficiario_id 152\n');
    expect(r.stdout).toBe('');
  });

  it('an edit keeps every answer with Enter at each question: an optional list left empty stays empty, no document is added', async () => {
    enrolService(h);
    const script = enrolmentScript(ONE, 'edit:2');
    // The holder's sex, an optional list, left empty with Enter (the question says: optional, Enter to skip).
    const sex = script.findIndex((s) => typeof s === 'object' && s.q === 'Beneficiary 1 · Sex [sexo]');
    script[sex] = { q: 'Beneficiary 1 · Sex [sexo]', a: ENTER };
    // Section 3 asked again: 8 questions of the person, 4 of the contact, "Add a document?", 8 of the address,
    // the form, its number of questions and the one answer; Enter at each, then Submit.
    const edit = Array.from({ length: 24 }, (): Scripted => ENTER);
    const every: Scripted = { q: 'change which answer?', a: 'all' };
    const prompter = fakePrompter([...script, every, ...edit, { q: 'What next?', a: 'submit' }]);
    const r = await h.run(['enrol', 'wizard'], { tty: TTY, prompter, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    const sent = received(h);
    expect(sent.map((s) => s.name)).toEqual(ONE_CALLS);
    expect(sent[2]!.body).not.toHaveProperty('sexo');
    expect(sent[2]!.body).toMatchObject({ nome: 'Pedro Souza', cpf: '529.982.247-25', grau_dependencia: 'T' });
    const edited = prompter.asked.slice(prompter.asked.findIndex((q) => q.message.startsWith('What next?')) + 2, -1);
    expect(edited.find((q) => q.message.includes('[sexo]'))).toMatchObject({ default: '', answer: '' });
    expect(edited.find((q) => q.message.includes('Add a document?'))).toMatchObject({ default: false, answer: false });
  });

  it("the payer as beneficiary 1: the payer's name offered, and once taken the payer's answers offered next", async () => {
    enrolService(h);
    const script = enrolmentScript(ONE);
    const enter = (q: string) => {
      const at = script.findIndex((s) => typeof s === 'object' && String(s.q).startsWith(q));
      script[at] = { q, a: ENTER };
    };
    for (const q of ['Beneficiary 1 · Name [nome]', 'Beneficiary 1 · Date of birth', 'Beneficiary 1 · Sex [sexo]'])
      enter(q);
    for (const q of ['Beneficiary 1 · Main phone', 'Beneficiary 1 · E-mail']) enter(q);
    const prompter = fakePrompter(script);
    const r = await h.run(['enrol', 'wizard'], { tty: TTY, prompter, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    const asked = (words: string) => prompter.asked.find((q) => q.message.startsWith(`Beneficiary 1 · ${words}`));
    expect(asked('Name [nome]')).toMatchObject({ default: 'Ana Souza', answer: 'Ana Souza' });
    expect(asked("Mother's name")).toMatchObject({ default: 'Maria Souza' });
    const sent = received(h);
    expect(sent.map((s) => s.name)).toEqual(ONE_CALLS);
    expect(sent[2]!.body).toMatchObject({
      nome: 'Ana Souza',
      cpf: '529.982.247-25',
      data_nascimento: '15/03/1985',
      nome_mae: 'Maria Souza',
    });
    expect(sent[3]!.body).toMatchObject({
      nome: 'Ana Souza',
      telefone_principal: 11987654321,
      email: 'ana.souza@example.com',
    });
  });

  it("beneficiary 1 named otherwise: the payer's mother, phone and e-mail are not offered", async () => {
    enrolService(h);
    const prompter = fakePrompter(enrolmentScript(ONE));
    const r = await h.run(['enrol', 'wizard'], { tty: TTY, prompter, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    const asked = (words: string) => prompter.asked.find((q) => q.message.startsWith(`Beneficiary 1 · ${words}`));
    expect(asked('Name [nome]')).toMatchObject({ default: 'Ana Souza', answer: 'Pedro Souza' });
    expect(asked("Mother's name")?.default ?? '').toBe('');
    expect(asked('E-mail')?.default ?? '').toBe('');
    expect(received(h)[2]!.body).not.toHaveProperty('nome_mae');
  });

  it('a failed step: what was created (ids), and the exact commands that continue from there', async () => {
    // The second beneficiary's contact is refused.
    let contacts = 0;
    enrolService(h, (_req, name) => (name === 'beneficiario/contato' && ++contacts === 2 ? 'refuse' : undefined));
    // --profile names a stored profile (an unknown one is an error).
    expect((await h.run(['--profile', 'ops', 'config', 'set', 'baseUrl', h.base.url])).code).toBe(0);
    const r = await h.run(['--profile', 'ops', 'enrol', 'wizard'], {
      tty: TTY,
      prompter: fakePrompter(
        enrolmentScript([
          { nome: 'Pedro Souza', file: pdf },
          { nome: 'Lia Souza', answers: ['S', 'N'] },
          { nome: 'Caio Souza', document: false, answers: ['N', 'N'] },
        ]),
      ),
      env: { NO_COLOR: '1' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: beneficiary 2 · contact: the request failed; the service said: "refused beneficiario/contato"',
    );
    expect(r.stderr).toContain(
      'Already created: contract 801 (payer registered); beneficiary 1 (Pedro Souza): beneficiario_id 151 (contato_id 31, documento_id 41, endereco_id 51, 2 declaration answers); beneficiary 2 (Lia Souza): beneficiario_id 152.',
    );
    const lines = r.stderr.split('\n');
    const from = lines.indexOf('To continue from there by hand, run:');
    expect(lines.slice(from + 1, from + 13)).toEqual([
      "  coopctl --profile ops enrol beneficiary contact 152 --nome 'Lia Souza' --telefone-principal 11987654321 --email b2@example.com",
      '  coopctl --profile ops enrol beneficiary document 152 --tipo-documento RG --numero 123456782 --tipo-arquivo pdf',
      "  coopctl --profile ops enrol beneficiary address 152 --finalidade RES --finalidade COR --tipo-endereco R --cep 01310100 --logradouro 'Avenida Paulista' --logradouro-numero 1578 --complemento 'apto 12' --bairro 'Bela Vista'",
      "  coopctl --profile ops enrol beneficiary declaration 152 --formulario-id 1 --pergunta-id 1 --resposta S --descricao 'asthma, controlled'",
      '  coopctl --profile ops enrol beneficiary declaration 152 --formulario-id 1 --pergunta-id 2 --resposta N',
      '  # beneficiary 3 (Caio Souza): set BENEFICIARIO_ID_3 to the beneficiario_id that this command prints',
      expect.stringMatching(
        /^ {2}coopctl --profile ops enrol beneficiary add 801 --nome 'Caio Souza' --data-nascimento 10\/05\/2012 --cpf 529\.982\.247-25 --data-solicitacao \d{2}\/\d{2}\/\d{4} --sexo M --grau-dependencia D$/,
      ),
      '  coopctl --profile ops enrol beneficiary contact "$BENEFICIARIO_ID_3" --nome \'Caio Souza\' --telefone-principal 11987654321 --email b3@example.com',
      expect.stringMatching(
        /^ {2}coopctl --profile ops enrol beneficiary address "\$BENEFICIARIO_ID_3" --finalidade RES/,
      ),
      '  coopctl --profile ops enrol beneficiary declaration "$BENEFICIARIO_ID_3" --formulario-id 1 --pergunta-id 1 --resposta N',
      '  coopctl --profile ops enrol beneficiary declaration "$BENEFICIARIO_ID_3" --formulario-id 1 --pergunta-id 2 --resposta N',
      expect.stringMatching(
        /^The enrolment is saved in \/.+\.json \(private\); coopctl enrol wizard --resume goes on from here\.$/,
      ),
    ]);
    // On a terminal the ✔ lines said what was created: no table repeats them on stdout (nor opens the pager).
    expect(r.stderr).toMatch(/✔ beneficiary 1 \(Pedro Souza\): beneficiario_id \d+/);
    expect(r.stdout).toBe('');
    // Nothing after the failed step was sent.
    expect(h.base.requests).toHaveLength(10);
  });

  it('a continuation command runs as printed', async () => {
    enrolService(h);
    const r = await h.run([
      'enrol',
      'beneficiary',
      'contact',
      '152',
      '--nome',
      'Lia Souza',
      '--telefone-principal',
      '11987654321',
      '--email',
      'b2@example.com',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(received(h)[0]!.body).toEqual({
      beneficiario_id: 152,
      nome: 'Lia Souza',
      telefone_principal: 11987654321,
      email: 'b2@example.com',
    });
  });

  it('an unreachable service: the outcome of the step is unknown (exit 4)', async () => {
    enrolService(h);
    const r = await h.run(['--retries', '0', 'enrol', 'wizard'], {
      tty: TTY,
      prompter: fakePrompter(enrolmentScript([{ nome: 'X', document: false, answers: [] }])),
      env: { NO_COLOR: '1', COOPCTL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Already created: nothing.');
    expect(r.stderr).toContain('Whether contract was done is unknown');
    expect(r.stderr).toContain(
      '  coopctl enrol contract create --registro-ans 123456 --coop-id 1 --produto-tabela-id 10 --origem WB',
    );
    expect(r.stderr).toContain('  # contract: set CONTRATO_ID to the contrato_id that this command prints');
    expect(r.stderr).toContain('  coopctl enrol payer "$CONTRATO_ID" --cpf');
  });
});

describe('help', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('enrol lists the wizard, and its help tells what it does', async () => {
    const group = await h.run(['enrol', '--help']);
    expect(group.stdout).toMatch(/^ {2}wizard\b.*interactive/m);
    const own = await h.run(['enrol', 'wizard', '--help']);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('--contrato-id <n>');
    expect(own.stdout).toContain('Needs a terminal');
  });
});
