/** What `coopctl serve` prints on stderr when it starts: where it listens, and demo data to try. */
import type { RunningServer } from './start.js';
import { demoExamples } from './store/demo.js';

export interface BannerFacts {
  /** The database path, and what happened to it: ' (new, demo data loaded)' or ''. */
  readonly db: string;
  readonly loaded: string;
  readonly token: boolean;
  readonly allowPrefer: boolean;
}

/** The client's default address: no configuration needed to reach a server there. */
const DEFAULT_URLS = ['http://127.0.0.1:8787', 'http://localhost:8787'];

export async function banner(running: RunningServer, facts: BannerFacts): Promise<string> {
  const demo = await running.store.describeDemo();
  const lines = [
    `coopctl serve: listening on ${running.url} (base and test host paths)`,
    `database: ${facts.db}${facts.loaded}`,
  ];
  if (facts.token) lines.push('every request needs Authorization: Bearer <token>');
  if (facts.allowPrefer) lines.push('failure injection on: Prefer: confirma=3|4, delay=ms, status=5xx');
  if (!DEFAULT_URLS.includes(running.url)) {
    lines.push(`point coopctl at it: COOPCTL_BASE_URL=${running.url} COOPCTL_TEST_BASE_URL=${running.url}`);
  }
  // Card numbers are personal data: they are printed only when the database holds the demo dataset
  // (it has the catalogue's example card), never the cards of a database loaded from real fixtures.
  const cards = demo.cards.includes(demoExamples.card) ? demo.cards : [];
  const card = cards[0];
  const provider = demo.providers[0];
  if (card) lines.push(`demo cards: ${cards.join(', ')}`);
  for (const p of demo.providers.slice(0, 3))
    lines.push(`demo provider ${p.prest_cod_svc_card} at location ${p.cd_local} (${p.nm_local})`);
  if (card) lines.push(`try: coopctl registration show ${card}`);
  if (provider)
    lines.push(
      `     coopctl schedule dates --cd-local ${provider.cd_local} --prest-cod-svc-card ${provider.prest_cod_svc_card}`,
    );
  lines.push('Ctrl-C stops the server.');
  return `${lines.join('\n')}\n`;
}
