import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, catalogueWords, operation, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { startFake, type FakeServer } from './fake.js';
import { sendJson } from './raw.js';
import { invalidCases } from './cases.js';
import { rowsOf } from '../catalogue/input-forms.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake();
});
afterAll(() => srv.close());

const call = (op: Operation, params: Record<string, unknown>) => sendJson(srv.url, op, params);

describe('rejections', () => {
  it.each(invalidCases)('%s with %s = %j → 422 naming the field, handler not called', async (_id, name, value, op) => {
    const before = srv.calls.length;
    const res = await call(op, { ...sampleParams(op), [name]: value });
    expect(res.status).toBe(422);
    // One envelope record whose message names this field (or an element of it) alone, and what it must be.
    const named = new RegExp(`^${name}(\\[\\d+\\])?: must be [^;]+$`);
    expect(res.body).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringMatching(named) }]);
    expect(srv.calls.length).toBe(before);
  });

  it.each([
    ['registration.show', 'usuario_cartao', '123', 'usuario_cartao: must be 17 digits'],
    ['registration.cep', 'cep', '01310-100', 'cep: must be 8 to 11 digits'],
    ['schedule.times', 'data_consulta', '2026-02-30', 'data_consulta: must be a real calendar date (yyyy-mm-dd)'],
    ['enrol.payer', 'cpf', '529.982.247-26', 'cpf: must be a CPF with valid check digits'],
    [
      'enrol.beneficiary.document',
      'tipo_documento',
      ['RG', 'ABCD'],
      'tipo_documento[1]: must be a code of 1 to 3 characters',
    ],
  ])('%s with %s = %j → 422 "%s"', async (id, name, value, message) => {
    const op = operation(id);
    const res = await call(op, { ...sampleParams(op), [name]: value });
    expect([res.status, res.body]).toEqual([422, [{ confirma_operacao: 4, mensagem_erro: message }]]);
  });

  it.each(catalogue.map((op) => [op.id, op] as const))('%s refuses a parameter it does not have', async (_id, op) => {
    const res = await call(op, { ...sampleParams(op), nao_existe: '1' });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('nao_existe');
  });

  const withRequired = catalogue.filter((op) => Object.values(op.params).some((f) => f.required));
  it.each(withRequired.map((op) => [op.id, op] as const))(
    '%s: no parameters → 422 naming every required field and its rule',
    async (_id, op) => {
      const before = srv.calls.length;
      const res = await call(op, {});
      expect(res.status).toBe(422);
      const [record] = res.body as Array<{ mensagem_erro: string }>;
      for (const [name, f] of Object.entries(op.params)) {
        if (f.required)
          expect(record?.mensagem_erro).toContain(`${name}: is required (${catalogueWords('en').rule(f.rule)})`);
        else expect(record?.mensagem_erro).not.toMatch(new RegExp(`(^|; )${name}:`));
      }
      expect(srv.calls.length).toBe(before);
    },
  );
});

describe('in the language the request asks for (Accept-Language)', () => {
  const show = operation('registration.show');
  const payer = operation('enrol.payer');

  it.each([
    ['pt-BR', 'usuario_cartao: deve ter 17 dígitos'],
    ['pt', 'usuario_cartao: deve ter 17 dígitos'],
    ['en-GB, pt-BR;q=0.8', 'usuario_cartao: must be 17 digits'],
    ['fr, pt-BR;q=0.9, en;q=0.5', 'usuario_cartao: deve ter 17 dígitos'],
    ['pt-BR;q=0', 'usuario_cartao: must be 17 digits'],
    ['de', 'usuario_cartao: must be 17 digits'],
    ['*', 'usuario_cartao: must be 17 digits'],
  ])('Accept-Language: %s → "%s"', async (lang, message) => {
    const res = await sendJson(srv.url, show, { usuario_cartao: '123' }, { 'accept-language': lang });
    expect([res.status, res.body]).toEqual([422, [{ confirma_operacao: 4, mensagem_erro: message }]]);
  });

  it('several problems in Portuguese, the rule across fields too', async () => {
    const res = await sendJson(
      srv.url,
      payer,
      { contrato_id: 1, cpf: '529.982.247-26' },
      { 'accept-language': 'pt-BR' },
    );
    const [record] = res.body as Array<{ mensagem_erro: string }>;
    expect(res.status).toBe(422);
    expect(record!.mensagem_erro).toMatch(
      /^cpf: deve ser um CPF com dígitos verificadores válidos; nome: é obrigatório \(até 120 caracteres\); /,
    );
    const contact = await sendJson(
      srv.url,
      operation('registration.update-contact'),
      { usuario_cartao: '00010001000001005' },
      { 'accept-language': 'pt-BR' },
    );
    expect(contact.body).toEqual([
      {
        confirma_operacao: 4,
        mensagem_erro: 'nada a atualizar: informe usuario_telefone, usuario_celular, usuario_fax ou usuario_email',
      },
    ]);
  });
});

describe('rules across fields and the day (the catalogue runs them; the server answers 422)', () => {
  const book = operation('schedule.book');
  const booking = (start: string, end: string) => ({ ...sampleParams(book), dt_hr_inicio: start, dt_hr_fim: end });

  it.each([
    [
      'schedule.book',
      booking('2026-12-01 09:00', '2026-12-01 09:00'),
      'dt_hr_fim: must be later than dt_hr_inicio, on the same day',
    ],
    [
      'schedule.book',
      booking('2026-12-01 09:00', '2026-12-02 09:30'),
      'dt_hr_fim: must be later than dt_hr_inicio, on the same day',
    ],
    [
      'registration.update-contact',
      { usuario_cartao: '00010001000001005' },
      'nothing to update: give usuario_telefone, usuario_celular, usuario_fax or usuario_email',
    ],
    ['enrol.contract.set-status', { opcao_id: 2 }, 'what to change: give contrato_id or beneficiario_id'],
  ])('%s with %j → 422 "%s", handler not called', async (id, params, message) => {
    const before = srv.calls.length;
    const res = await call(operation(id), params);
    expect([res.status, res.body]).toEqual([422, [{ confirma_operacao: 4, mensagem_erro: message }]]);
    expect(srv.calls.length).toBe(before);
  });

  it('takes a slot that ends later on its day, and a contact update or status change with one target', async () => {
    const before = srv.calls.length;
    expect((await call(book, booking('2026-12-01 09:00', '2026-12-01 09:01'))).status).toBe(200);
    const contact = operation('registration.update-contact');
    expect((await call(contact, { usuario_cartao: '00010001000001005', usuario_fax: '(11)33334444' })).status).toBe(
      200,
    );
    const status = operation('enrol.contract.set-status');
    expect((await call(status, { beneficiario_id: 3, opcao_id: 2 })).status).toBe(200);
    expect(srv.calls.length).toBe(before + 3);
  });

  it('refuses a birth date later than the server’s today, and takes today’s', async () => {
    // The server's clock: 15 January 2026, 10:00 local time.
    const pinned = await startFake({ now: () => new Date(2026, 0, 15, 10, 0) });
    try {
      for (const id of ['enrol.payer', 'enrol.beneficiary.add']) {
        const op = operation(id);
        const later = await sendJson(pinned.url, op, { ...sampleParams(op), data_nascimento: '16/01/2026' });
        expect([later.status, later.body]).toEqual([
          422,
          [{ confirma_operacao: 4, mensagem_erro: 'data_nascimento: must be a date of birth, not in the future' }],
        ]);
        const today = await sendJson(pinned.url, op, { ...sampleParams(op), data_nascimento: '15/01/2026' });
        expect(today.status).toBe(200);
      }
      expect(pinned.calls.map((c) => c.id)).toEqual(['enrol.payer', 'enrol.beneficiary.add']);
    } finally {
      await pinned.close();
    }
  });
});

/**
 * The server stays strict: every input form that the CLI rewrites (test/catalogue/input-forms.ts) is refused as
 * typed. Left out: forms that are already in the wire format (digits for an int, `01310100`), and open code lists,
 * whose wire rule takes any code within its bounds (`rg` is a code of up to 3 characters).
 */
describe("input forms are the CLI's: the server refuses them", () => {
  const rewritten = catalogue.flatMap((op) =>
    Object.entries(op.params).flatMap(([name, f]) =>
      f.suggestions
        ? []
        : (rowsOf(f) ?? [])
            // A form that is the sent value in other letter case is itself valid wire text where the field is free text
            // (the UF: the spec says "2 characters"), so the server takes it as it comes.
            .filter(
              ([form, sent]) =>
                String(sent) !== form &&
                !(f.kind === 'int' && /^\d+$/.test(form)) &&
                !(f.kind === 'string' && form.toUpperCase() === String(sent)),
            )
            .map(([form]) => [op.id, name, form, op] as const),
    ),
  );

  it('covers the field types', () => {
    expect(new Set(rewritten.map(([, name]) => name)).size).toBeGreaterThan(20);
  });

  it.each(rewritten)('%s with %s = %j → 422 naming the field', async (_id, name, form, op) => {
    const before = srv.calls.length;
    const res = await call(op, { ...sampleParams(op), [name]: form });
    expect(res.status).toBe(422);
    expect(res.body).toEqual([
      { confirma_operacao: 4, mensagem_erro: expect.stringMatching(new RegExp(`^${name}: must be `)) },
    ]);
    expect(srv.calls.length).toBe(before);
  });
});
