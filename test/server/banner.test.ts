/** The start-up banner prints card numbers (personal data) only for the demo dataset. */
import { describe, expect, it } from 'vitest';
import { banner } from '../../src/server/banner.js';
import type { RunningServer } from '../../src/server/start.js';

function running(cards: string[]): RunningServer {
  const describeDemo = async () => ({
    cards,
    providers: [{ prest_cod_svc_card: 9001, cd_local: 101, nm_local: 'Unidade' }],
  });
  return { url: 'http://127.0.0.1:8787', store: { describeDemo } } as unknown as RunningServer;
}

const facts = { db: 'x.db', loaded: '' as const, token: false, allowPrefer: false };
/** The demo's first card, the spec examples' card (docs/decisions.md). */
const DEMO_CARD = '00010001000001005';

describe('serve banner', () => {
  it('lists the cards of the demo dataset to try', async () => {
    const text = await banner(running([DEMO_CARD, '00010001000001013']), facts);
    expect(text).toContain(`demo cards: ${DEMO_CARD}, 00010001000001013`);
    expect(text).toContain(`try: coopctl registration show ${DEMO_CARD}`);
  });

  it('prints no card of a database that does not hold the demo dataset', async () => {
    const text = await banner(running(['12345678901234567', '76543210987654321']), facts);
    expect(text).not.toMatch(/\d{17}/);
    expect(text).toContain('demo provider 9001 at location 101');
  });
});
