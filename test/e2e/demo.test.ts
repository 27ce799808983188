/**
 * `npm run demo` (scripts/demo.mjs) on a busy port: it says so, its server
 * takes a free port, and its commands go there, never to the program that
 * holds the port (a loopback HTTP server here, which must see no request).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../helpers/process.js';
import { declare, said, STOP } from '../cli/languages.js';
import { e2eLang, e2eLocale, inLang } from './locale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

let other: Server;
let port: number;
let seen = 0;
let home: string;
beforeAll(async () => {
  // Another program on the port, answering anything: the demo must not take it for its server.
  other = createServer((_req, res) => {
    seen++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  port = (other.address() as AddressInfo).port;
  home = mkdtempSync(join(tmpdir(), 'coopctl-demo-test-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => other.close(() => resolve()));
  rmSync(home, { recursive: true, force: true });
});

describe('npm run demo', () => {
  it('on a busy port: says so, serves on a free one, and runs its commands there', async () => {
    const r = await runNode(join(root, 'scripts', 'demo.mjs'), [], {
      PATH: process.env['PATH'],
      HOME: home,
      TMPDIR: home,
      COOPCTL_DEMO_PORT: String(port),
      COOPCTL_DEMO_ONCE: '1',
      ...e2eLocale(),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      inLang({
        en: `Port ${port} is busy (another program listens there): the demo server takes a free port instead.\n`,
        pt: `A porta ${port} está ocupada (outro programa escuta nela): o servidor de demonstração usa uma porta livre.\n`,
      }),
    );
    const url = new RegExp(
      `${inLang({ en: 'The server keeps running at', pt: 'O servidor continua rodando em' })} (http://127\\.0\\.0\\.1:(\\d+))\\.`,
    ).exec(r.stderr);
    expect(url, r.stderr).not.toBeNull();
    expect(Number(url![2])).not.toBe(port);
    expect(r.stderr).toContain(`export COOPCTL_BASE_URL=${url![1]} COOPCTL_TEST_BASE_URL=${url![1]}`);
    // The commands answered from the demo data: the demo card's registration and the provider's locations.
    expect(r.stderr).toContain('$ coopctl registration show 00010001000001005\n');
    expect(r.stdout).toContain('Ana Beatriz Souza');
    expect(r.stdout).toContain('Unidade Paulista');
    expect(seen).toBe(0);
    // Said once, with how to run coopctl from the checkout.
    expect(r.stderr.match(/export COOPCTL_BASE_URL/g)).toHaveLength(1);
    expect(r.stderr).toContain('node bin/coopctl --help');
    // The demo's health-declaration questions and codes: how to have them in the enrolment wizard of another terminal.
    expect(r.stderr).toContain(
      "export COOPCTL_PROVIDERS='9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia; 9003=Dra. Juliana Castro Lima — Pediatria; 9004=Laboratório Coop Diagnósticos' COOPCTL_HEALTH_QUESTIONS='1.1=Tem alguma doença crônica (diabetes, hipertensão, asma)?; 1.2=Fez alguma cirurgia nos últimos 5 anos?; 1.3=Está em tratamento médico ou toma medicamento de uso contínuo?' COOPCTL_ENROL_CODES='origem.WB=",
    );
    expect(r.stderr).toContain(inLang({ en: 'estado_civil.C=Married; ', pt: 'estado_civil.C=Casado(a); ' }));
    // Every line in the run's language: the demo's own, the server's banner, the commands' output.
    await declare();
    const other = STOP[e2eLang];
    for (const line of `${r.stderr}\n${r.stdout}`.split('\n'))
      expect(said(line), `a word of the other language in: ${line}`).not.toMatch(other);
  });
});
