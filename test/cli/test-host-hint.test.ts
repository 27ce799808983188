/**
 * With only baseUrl set (COOPCTL_BASE_URL), the registration operations still
 * go to testBaseUrl, at its default: when that host cannot be reached, the
 * error says which setting the registration area uses. The default address
 * (127.0.0.1:8787) is never touched: the runs go through an HTTP proxy on a
 * port where nothing listens, so the connection is refused wherever the tests
 * run, as it is when nothing serves the default address.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { callArgv } from './argv.js';
import { useHarness } from './harness.js';

const run = useHarness('coopctl-test-host-');

/** A loopback port where nothing listens (taken from the system, then freed). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const show = operation('registration.show');
const allergies = operation('record.allergies');

describe('a registration operation whose host cannot be reached', () => {
  it.each([
    [
      'en',
      "the registration operations go to testBaseUrl (COOPCTL_TEST_BASE_URL; the spec's test_base_url), not to baseUrl: it is not set, so it is the default http://127.0.0.1:8787, while baseUrl comes from COOPCTL_BASE_URL",
    ],
    [
      'pt-BR',
      'as operações de atualização cadastral vão para testBaseUrl (COOPCTL_TEST_BASE_URL; o test_base_url da especificação), não para baseUrl: ela não está configurada, então é o padrão http://127.0.0.1:8787, enquanto baseUrl vem de COOPCTL_BASE_URL',
    ],
  ])('%s: with only COOPCTL_BASE_URL set, exit 4 naming the setting the registration area uses', async (lang, hint) => {
    const proxy = `http://127.0.0.1:${await deadPort()}`;
    const r = await run.h.run(['--lang', lang, '--retries', '0', ...callArgv(show, sampleParams(show))], {
      env: { COOPCTL_TEST_BASE_URL: undefined, HTTP_PROXY: proxy },
    });
    expect(r.code).toBe(4);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^(error|erro): .*http:\/\/127\.0\.0\.1:8787\/api\/svcmobile\/atualizacaocadastral\/buscadadosusuario/,
    );
    // The setting's hint, then what to try (test/cli/transport.test.ts).
    expect(lines[0]!.includes(`; ${hint}; `), lines[0]).toBe(true);
  });

  it('the same read of the base host says nothing more: its setting is the one given', async () => {
    const proxy = `http://127.0.0.1:${await deadPort()}`;
    run.h.base.reply({ json: [sampleRecord(allergies)] });
    const r = await run.h.run(['--retries', '0', ...callArgv(allergies, sampleParams(allergies))], {
      env: { COOPCTL_BASE_URL: 'http://127.0.0.1:8787', COOPCTL_TEST_BASE_URL: undefined, HTTP_PROXY: proxy },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).not.toContain('testBaseUrl');
  });

  it('with testBaseUrl set too, or with neither set, the error is the plain one', async () => {
    const proxy = `http://127.0.0.1:${await deadPort()}`;
    const argv = ['--retries', '0', ...callArgv(show, sampleParams(show))];
    const both = await run.h.run(argv, {
      env: { COOPCTL_TEST_BASE_URL: 'http://127.0.0.1:8787', HTTP_PROXY: proxy },
    });
    expect(both.code).toBe(4);
    expect(both.stderr).not.toContain('testBaseUrl');
    const neither = await run.h.run(argv, {
      env: { COOPCTL_BASE_URL: undefined, COOPCTL_TEST_BASE_URL: undefined, HTTP_PROXY: proxy },
    });
    expect(neither.code).toBe(4);
    expect(neither.stderr).not.toContain('testBaseUrl');
  });
});
