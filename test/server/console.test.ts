/**
 * The admin console (`serve --admin`, `/_coopctl/`) in a real headless
 * Chromium (Debian's, scripts/test-tools.sh installs it; driven by
 * playwright-core): the page loads under its CSP with no external asset, a
 * request made by the CLI (the built bin/coopctl) appears in its live
 * journal (the server's event stream, no polling), the reset button empties it and the state changes, the
 * failure-injection toggle changes the next answers; in English and in
 * Portuguese. Fails, not skips, when Chromium cannot start.
 */
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { runNode } from '../helpers/process.js';
import { serveProcesses } from '../helpers/serve-process.js';
import { childEnv } from '../robust/helpers.js';
import { rawRequest } from './raw.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;
const CARD = '00010001000001005';
const { serve, home } = serveProcesses('console');
const search = operation('enrol.contract.search');
const create = operation('enrol.contract.create');

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
});

const cli = (url: string, args: readonly string[]) =>
  runNode(
    BIN,
    args,
    childEnv(home(), { COOPCTL_BASE_URL: url, COOPCTL_TEST_BASE_URL: url, XDG_CACHE_HOME: join(home(), 'cache') }),
  );
const contracts = async (url: string) =>
  (JSON.parse((await rawRequest(`${url}${search.path}`)).body) as unknown[]).length;

describe('the admin console in Chromium', () => {
  it('shows the demo cards and a request the CLI makes; reset empties the journal and puts the data back', async () => {
    const srv = await serve(['--db', ':memory:', '--admin', '-q']);
    const page = await browser.newPage({ locale: 'en-US' });
    const external: string[] = [];
    const violations: string[] = [];
    const calls: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(srv.url)) external.push(r.url());
      else calls.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    const res = await page.goto(`${srv.url}/_coopctl/`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.locator('#cards tr').count()).toBeGreaterThan(0);
    expect(await page.locator('#cards').textContent()).toContain(CARD);
    expect(await page.locator('h1').textContent()).toBe('coopctl stand-in console');

    // The live journal is the server's event stream: open before the CLI's request, which then comes through it.
    await page.locator('body[data-live="stream"]').waitFor({ timeout: 10_000 });
    const run = await cli(srv.url, ['registration', 'show', CARD]);
    expect(run.code, run.stderr).toBe(0);
    const row = page.locator('#requests tr[data-operation="registration.show"]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('found');
    // One read of the journal at load, one ticket, one stream: no polling brought the row.
    const journalCalls = calls.filter((u) => u.includes('/_coopctl/requests'));
    expect(journalCalls.map((u) => new URL(u).pathname)).toEqual([
      '/_coopctl/requests',
      '/_coopctl/requests/ticket',
      '/_coopctl/requests/stream',
    ]);

    expect(
      (
        await rawRequest(`${srv.url}${create.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' }),
        })
      ).status,
    ).toBe(200);
    expect(await contracts(srv.url)).toBe(8);
    await page.click('#reset');
    await expect.poll(() => page.locator('#status').textContent()).toContain('the start dataset is back');
    expect(await page.locator('#requests tr').count()).toBe(0);
    expect(await contracts(srv.url)).toBe(7);
    expect(external).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('turns failure injection on for the next requests, in Portuguese', async () => {
    const srv = await serve(['--db', ':memory:', '--admin', '-q']);
    const page = await browser.newPage({ locale: 'pt-BR', extraHTTPHeaders: { 'accept-language': 'pt-BR' } });
    await page.goto(`${srv.url}/_coopctl/`);
    expect(await page.locator('h1').textContent()).toBe('Console do substituto coopctl');
    expect(await page.locator('#reset').textContent()).toBe('Reiniciar com os dados do início');
    await page.check('input[name=prefer][value="confirma=3"]');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Feito');
    const show = operation('registration.show');
    const forced = await rawRequest(`${srv.url}${show.path}?usuario_cartao=${CARD}`);
    expect(JSON.parse(forced.body)).toEqual([
      { confirma_operacao: 3, mensagem_erro: expect.stringContaining('Prefer') },
    ]);
    await page.check('input[name=prefer][value=""]');
    await expect
      .poll(
        async () =>
          JSON.parse((await rawRequest(`${srv.url}${show.path}?usuario_cartao=${CARD}`)).body)[0].confirma_operacao,
      )
      .toBe(2);
    await page.close();
  });

  it('is refused to a page of another origin, and is not there without --admin', async () => {
    const srv = await serve(['--db', ':memory:', '--admin', '-q']);
    const foreign = await rawRequest(`${srv.url}/_coopctl/`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(403);
    const plain = await serve(['--db', ':memory:', '-q']);
    expect((await rawRequest(`${plain.url}/_coopctl/`)).status).toBe(404);
  });
});
