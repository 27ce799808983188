/**
 * `registration save-address` on a terminal, in-process against the real
 * embedded server (demo data): the CEP typed is looked up, and its street,
 * city, district and state are what the next questions offer; Enter keeps
 * each, and the state is sent in upper case as the spec's UF is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ENTER, fakePrompter } from './fake-prompter.js';
import { readRecords, runOnTerminal } from './run.js';

const CARD = '00010001000001005';
let server: TestServer;
// The server for the file, stopped by the teardown beforeAll returns.
beforeAll(async () => {
  server = await startTestServer();
  return () => server.stop();
});

describe('registration save-address on a terminal', () => {
  it('offers what a known CEP gives; Enter keeps it, and that is what is stored', async () => {
    const prompter = fakePrompter([
      { q: '[tipo_endereco]', a: 'R' },
      { q: '[endereco_cep]', a: '22021-001' },
      { q: '[endereco_logradouro]', a: ENTER },
      { q: '[endereco_numero]', a: '10' },
      { q: '[endereco_complemento]', a: 'apto 3' },
      { q: '[endereco_cidade]', a: ENTER },
      { q: '[endereco_bairro]', a: ENTER },
      { q: '[endereco_estado]', a: 'rj' },
      { q: '[endereco_ponto_referencia]', a: 'em frente à praia' },
      { q: '[endereco_caixa_postal]', a: ENTER },
      { q: '[endereco_ind_correspondencia]', a: 'N' },
      { q: '[endereco_ind_fatura]', a: 'N' },
    ]);
    const r = await runOnTerminal(['registration', 'save-address', CARD], server.url, prompter);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'CEP 22021001: Avenida Atlântica, Copacabana, Rio de Janeiro, RJ (Enter keeps each part, or type another)\n',
    );
    // The header of what is missing once, and each of the 12 questions once.
    expect(r.stderr.match(/coopctl registration save-address: 12 required fields missing/g)).toHaveLength(1);
    expect(prompter.asked).toHaveLength(12);
    const offered = Object.fromEntries(
      prompter.asked.filter((q) => q.default !== undefined).map((q) => [/\[(\w+)\]/.exec(q.message)?.[1], q.default]),
    );
    expect(offered).toMatchObject({
      endereco_logradouro: 'Avenida Atlântica',
      endereco_cidade: 'Rio de Janeiro',
      endereco_bairro: 'Copacabana',
      endereco_estado: 'RJ',
    });
    const [person] = await readRecords(server.url, 'registration.show', { usuario_cartao: CARD });
    expect((person!['endereco'] as Array<Record<string, unknown>>).at(-1)).toMatchObject({
      logradouro: 'Avenida Atlântica',
      numero: '10',
      cidade: 'Rio de Janeiro',
      bairro: 'Copacabana',
      estado: 'RJ',
    });
  });
});
