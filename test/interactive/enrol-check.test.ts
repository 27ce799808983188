/**
 * The enrolment wizard checks the whole plan before its first request: a
 * resumed draft (edited by hand, or saved by an older coopctl) with problems
 * in several steps gets them all listed at once, each with its step and
 * field, under the review screen shown again; nothing is sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../cli/harness.js';
import { review } from './enrol-script.js';
import { enrolService, wizard } from './enrol-service.js';

/** The harness (`t.h`) and each test's state folder (`t.home`, XDG_STATE_HOME). */
const t = useHarness('coopctl-state-');

describe('the whole plan is checked before the first request', () => {
  const payer = {
    cpf: '529.982.247-25',
    nome: 'Ana Souza',
    nome_mae: 'Maria Souza',
    data_nascimento: '15/03/1985',
    sexo: 'F',
    grau_parentesco: 'TIT',
    estado_civil: 'C',
    telefone_principal: '11987654321',
    cep: '1310100',
    logradouro: 'Avenida Paulista',
    logradouro_numero: '1578',
    bairro: 'Bela Vista',
    inicio_vigencia: '01/01/2027',
    fatura_email: 'S',
  };
  const address = {
    finalidade: ['RES'],
    tipo_endereco: 'R',
    cep: '1310100',
    logradouro: 'Avenida Paulista',
    logradouro_numero: '1578',
    bairro: 'Bela Vista',
  };

  it('every problem of a resumed draft is listed at once, with its step and field; back to the review, nothing sent', async () => {
    enrolService(t.h);
    const draft = {
      draft: 'enrol-wizard',
      format: 1,
      saved: '2026-05-02T14:03:00.000Z',
      coopctl: '0.0.9',
      data: {
        service: t.h.base.url,
        enrolment: {
          contract: { registro_ans: '123456', coop_id: 'abc', produto_tabela_id: '10', origem: 'WB' },
          payer,
          beneficiaries: [
            {
              id: 1,
              person: {
                nome: 'Pedro Souza',
                cpf: '529.982.247-24',
                data_solicitacao: '01/02/2026',
                grau_dependencia: 'T',
              },
              contact: { nome: 'Pedro Souza', telefone_principal: '123', email: 'p@example.com' },
              documents: [
                { params: { tipo_documento: ['RG'], numero: '1', tipo_arquivo: 'pdf' }, file: '/nonexistent/rg.pdf' },
              ],
              address,
              declaration: [],
            },
          ],
        },
        progress: { done: {} },
      },
    };
    const path = join(t.home, 'coopctl', 'drafts', 'enrol-wizard-20260502T140300000Z-abcdef.json');
    // A draft file as docs/decisions.md describes it, written by hand.
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(draft));
    const r = await wizard(t, [review('submit'), review('quit')], ['--resume']);
    expect(r.code).toBe(5);
    expect(r.prompter.remaining()).toBe(0);
    const lines = r.stderr.split('\n');
    const from = lines.indexOf('error: the enrolment cannot be sent yet: 5 problems (nothing was sent)');
    expect(from, r.stderr).toBeGreaterThan(0);
    // The problems come last, under the review shown again (not before it, where its lines would scroll them away).
    const reviews = lines.flatMap((l, i) => (l === 'Review the enrolment (nothing is sent before Submit)' ? [i] : []));
    expect(reviews).toHaveLength(2);
    expect(from).toBeGreaterThan(reviews[1]!);
    expect(lines.slice(from + 1, from + 7)).toEqual([
      expect.stringMatching(/^ {2}contract · coop_id: .*integer/),
      expect.stringMatching(/^ {2}payer · email: is required/),
      expect.stringMatching(/^ {2}beneficiary 1 \(Pedro Souza\) · cpf: .*check digit/),
      expect.stringMatching(/^ {2}beneficiary 1 · contact · telefone_principal: /),
      '  beneficiary 1 · document 1 · arquivo: cannot read /nonexistent/rg.pdf (there is no such file)',
      'Edit the sections to fix them.',
    ]);
    expect(t.h.base.requests).toHaveLength(0);
  });
});
