/**
 * What `coopctl serve` prints on stderr when it starts and stops: where it
 * listens, and demo data to try. The words are the stand-in server's English
 * unless the caller gives its own (the CLI gives them in the run's language).
 */
import type { RunningServer } from './start.js';
import { demoExamples } from './store/datasets/demo.js';

/** What was put in a new database: nothing new (''), the demo dataset, fixtures, or nothing. */
export type Loaded = '' | 'demo' | 'fixtures' | 'empty' | 'imported';

export interface BannerFacts {
  readonly db: string;
  readonly loaded: Loaded;
  readonly token: boolean;
  readonly allowPrefer: boolean;
}

/** The server's words for people. */
export interface ServeWords {
  listening(url: string): string;
  database(db: string, loaded: Loaded): string;
  token: string;
  prefer: string;
  pointAt(url: string): string;
  demoCards(cards: string): string;
  demoProvider(code: string, location: string, name: string): string;
  tryShow(card: string): string;
  tryDates(location: string, provider: string): string;
  stop: string;
  draining(seconds: number): string;
  stopping: string;
  stopped: string;
}

const newly: Readonly<Record<Loaded, string>> = {
  '': '',
  demo: ' (new, demo data loaded)',
  fixtures: ' (new, fixtures loaded)',
  empty: ' (new)',
  imported: ' (new, copied from a SQLite file)',
};

export const englishWords: ServeWords = {
  listening: (url) => `coopctl serve: listening on ${url} (base and test host paths)`,
  database: (db, loaded) => `database: ${db}${newly[loaded]}`,
  token: 'every request needs Authorization: Bearer <token>',
  prefer: 'failure injection on: Prefer: confirma=3|4, delay=ms, status=5xx',
  pointAt: (url) => `point coopctl at it: COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url}`,
  demoCards: (cards) => `demo cards: ${cards}`,
  demoProvider: (code, location, name) => `demo provider ${code} at location ${location} (${name})`,
  tryShow: (card) => `try: coopctl registration show ${card}`,
  tryDates: (location, provider) =>
    `     coopctl schedule dates --cd-local ${location} --prest-cod-svc-card ${provider}`,
  stop: 'Ctrl-C stops the server.',
  draining: (seconds: number) =>
    `coopctl serve: not ready (/readyz answers 503), serving on for ${seconds} s before stopping (Ctrl-C again to stop now)`,
  stopping: 'coopctl serve: stopping, finishing requests in flight (Ctrl-C again to drop them)',
  stopped: 'coopctl serve: stopped',
};

/** The client's default address: no configuration needed to reach a server there. */
const DEFAULT_URLS = ['http://127.0.0.1:8787', 'http://localhost:8787'];

export async function banner(running: RunningServer, facts: BannerFacts, words = englishWords): Promise<string> {
  const demo = await running.store.describeDemo();
  const lines = [words.listening(running.url), words.database(facts.db, facts.loaded)];
  if (facts.token) lines.push(words.token);
  if (facts.allowPrefer) lines.push(words.prefer);
  if (!DEFAULT_URLS.includes(running.url)) lines.push(words.pointAt(running.url));
  // Card numbers are personal data: they are printed only when the database holds the demo dataset
  // (it has the catalogue's example card), never the cards of a database loaded from real fixtures.
  const cards = demo.cards.includes(demoExamples.card) ? demo.cards : [];
  const card = cards[0];
  const provider = demo.providers[0];
  if (card) lines.push(words.demoCards(cards.join(', ')));
  for (const p of demo.providers.slice(0, 3))
    lines.push(words.demoProvider(String(p.prest_cod_svc_card), String(p.cd_local), p.nm_local));
  if (card) lines.push(words.tryShow(card));
  if (provider) lines.push(words.tryDates(String(provider.cd_local), String(provider.prest_cod_svc_card)));
  lines.push(words.stop);
  return `${lines.join('\n')}\n`;
}
