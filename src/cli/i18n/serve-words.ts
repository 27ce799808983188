/**
 * `coopctl serve`'s banner and stop lines in Brazilian Portuguese. The English
 * words are the server's own (src/server/banner.ts): the server speaks English
 * by itself, and the CLI gives it these words when the run is in Portuguese.
 * (The server's answers, such as `mensagem_erro`, are in the language each request
 * asks for, src/server/words.ts; its start errors carry both languages.)
 */
import type { Loaded, ServeWords } from '../../server/banner.js';

const novo: Readonly<Record<Loaded, string>> = {
  '': '',
  demo: ' (novo, dados de demonstração carregados)',
  fixtures: ' (novo, fixtures carregadas)',
  empty: ' (novo)',
  imported: ' (novo, copiado de um arquivo SQLite)',
};

export const ptServeWords: ServeWords = {
  listening: (url) => `coopctl serve: escutando em ${url} (caminhos dos hosts base e de teste)`,
  database: (db, loaded) => `banco de dados: ${db}${novo[loaded]}`,
  token: 'toda requisição precisa de Authorization: Bearer <token>',
  prefer: 'injeção de falhas ativa: Prefer: confirma=3|4, delay=ms, status=5xx',
  pointAt: (url) => `aponte o coopctl para ele: COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url}`,
  demoCards: (cards) => `cartões de demonstração: ${cards}`,
  demoProvider: (code, location, name) => `prestador de demonstração ${code} no local ${location} (${name})`,
  tryShow: (card) => `experimente: coopctl registration show ${card}`,
  tryDates: (location, provider) =>
    `             coopctl schedule dates --cd-local ${location} --prest-cod-svc-card ${provider}`,
  stop: 'Ctrl-C encerra o servidor.',
  draining: (seconds: number) =>
    `coopctl serve: não está mais pronto (/readyz responde 503), atendendo por mais ${seconds} s antes de encerrar (Ctrl-C de novo para encerrar já)`,
  stopping: 'coopctl serve: encerrando, terminando as requisições em andamento (Ctrl-C de novo para abandoná-las)',
  stopped: 'coopctl serve: encerrado',
};
