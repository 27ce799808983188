/**
 * What people type reaches the service in the wire form (the rest of
 * input-forms.test.ts): a CSV batch row, and the sender setting. Warnings (a wrong card check digit, an undocumented code) are said on
 * stderr and change nothing: the request is sent, the exit code is the
 * answer's. Expected bodies are written from the spec's wire formats.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import type { RecordedRequest } from '../helpers/fake-service.js';
import { startHarness, type Harness } from './harness.js';
import { flagWords } from './argv.js';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'coopctl-forms-'));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => h.reset());

const bodyOf = (req: RecordedRequest | undefined) => JSON.parse(req?.body ?? 'null') as unknown;
const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning: '));

describe('a CSV batch', () => {
  const ids: Record<string, Record<string, number>> = {
    '/api/svcweb/contrato': { contrato_id: 7 },
    '/api/svcweb/beneficiario': { beneficiario_id: 8 },
    '/api/svcweb/beneficiario/contato': { contato_id: 9 },
    '/api/svcweb/beneficiario/endereco': { endereco_id: 10 },
  };
  const csv = [
    'contract,contract.registro_ans,contract.coop_id,contract.produto_tabela_id,contract.origem,cpf,data_solicitacao,grau_dependencia,contact.nome,contact.telefone_principal,contact.email,address.finalidade,address.tipo_endereco,address.cep,address.logradouro,address.logradouro_numero,address.bairro',
    'ACME,123456,1,10,WB,52998224725,2026-01-10,t,Pedro Souza,(11) 98765-4321,pedro@example.com,res,R,01310-100,Rua A,10,Centro',
    'ACME,,,,,111 444 777 35,10/1/2026,X,,,,,,,,,',
    'ACME,,,,,987.654.321-00,10.01.2026,X,,,,,,,,,',
  ].join('\n');

  it('rows in Brazilian forms are sent in the wire forms; an undocumented code is one warning counting its rows', async () => {
    h.base.reply((req) => ({ json: [{ confirma_operacao: 1, mensagem_erro: '', ...ids[req.url.pathname] }] }));
    const file = join(dir, 'members.csv');
    writeFileSync(file, `${csv}\n`);
    const r = await h.run(['enrol', 'batch', file]);
    expect(r.code, r.stderr).toBe(0);
    const sent = (path: string) => h.base.requests.filter((q) => q.url.pathname === path).map(bodyOf);
    expect(sent('/api/svcweb/beneficiario')).toEqual([
      { contrato_id: 7, cpf: '529.982.247-25', data_solicitacao: '10/01/2026', grau_dependencia: 'T' },
      { contrato_id: 7, cpf: '111.444.777-35', data_solicitacao: '10/01/2026', grau_dependencia: 'X' },
      { contrato_id: 7, cpf: '987.654.321-00', data_solicitacao: '10/01/2026', grau_dependencia: 'X' },
    ]);
    expect(sent('/api/svcweb/beneficiario/contato')).toEqual([
      { beneficiario_id: 8, nome: 'Pedro Souza', telefone_principal: 11987654321, email: 'pedro@example.com' },
    ]);
    expect(sent('/api/svcweb/beneficiario/endereco')).toEqual([
      {
        beneficiario_id: 8,
        finalidade: ['RES'],
        tipo_endereco: 'R',
        cep: 1310100,
        logradouro: 'Rua A',
        logradouro_numero: '10',
        bairro: 'Centro',
      },
    ]);
    expect(warnings(r.stderr)).toEqual([
      'warning: grau_dependencia: X is not a documented code (T holder (titular), C spouse or partner (cônjuge), F child (filho or filha), D other dependent, A aggregate (agregado)) (2 rows: row 3, row 4)',
    ]);
  });
});

describe('the sender setting', () => {
  const op = operation('notify.send-all');
  const { usuario_envio: _sender, ...rest } = sampleParams(op);
  const argv = [...op.command, ...flagWords(rest), '--yes'];

  it('gives usuario_envio when no flag does (COOPCTL_SENDER, or the profile); a flag wins', async () => {
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '', recipients: 3, id: 'n1' }] });
    const r = await h.run(argv, { env: { COOPCTL_SENDER: '4321' } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(h.base.requests[0]!.body)).toMatchObject({ usuario_envio: 4321 });
    h.reset();
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '', recipients: 3, id: 'n1' }] });
    const flagged = await h.run([...argv, '--usuario-envio', '7'], { env: { COOPCTL_SENDER: '4321' } });
    expect(flagged.code, flagged.stderr).toBe(0);
    expect(JSON.parse(h.base.requests[0]!.body)).toMatchObject({ usuario_envio: 7 });
  });

  it('without it, usuario_envio is still required (exit 2, nothing sent)', async () => {
    const r = await h.run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--usuario-envio');
    expect(h.base.requests).toHaveLength(0);
  });
});
