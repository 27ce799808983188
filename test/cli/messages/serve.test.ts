/** `coopctl serve`'s banner in Portuguese: the CLI's words for the server's facts. */
import { describe, expect, it } from 'vitest';
import { ptServeWords } from '../../../src/cli/i18n/serve-words.js';
import { banner } from '../../../src/server/banner.js';
import type { RunningServer } from '../../../src/server/start.js';

const running = {
  url: 'http://127.0.0.1:9999',
  store: {
    describeDemo: async () => ({
      cards: ['00010001000001005'],
      providers: [{ prest_cod_svc_card: 9001, cd_local: 101, nm_local: 'Unidade Paulista' }],
    }),
  },
} as unknown as RunningServer;

describe('the serve banner in Portuguese', () => {
  it('says where it listens, the database, and what to try', async () => {
    const text = await banner(running, { db: 'demo.db', loaded: 'demo', token: true, allowPrefer: true }, ptServeWords);
    expect(text).toBe(
      [
        'coopctl serve: escutando em http://127.0.0.1:9999 (caminhos dos hosts base e de teste)',
        'banco de dados: demo.db (novo, dados de demonstração carregados)',
        'toda requisição precisa de Authorization: Bearer <token>',
        'injeção de falhas ativa: Prefer: confirma=3|4, delay=ms, status=5xx',
        'aponte o coopctl para ele: COOPCTL_BASE_URL=http://127.0.0.1:9999 COOPCTL_TEST_BASE_URL=http://127.0.0.1:9999',
        'cartões de demonstração: 00010001000001005',
        'prestador de demonstração 9001 no local 101 (Unidade Paulista)',
        'experimente: coopctl registration show 00010001000001005',
        '             coopctl schedule dates --cd-local 101 --prest-cod-svc-card 9001',
        'Ctrl-C encerra o servidor.',
        '',
      ].join('\n'),
    );
  });
});
