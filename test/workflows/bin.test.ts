/**
 * The workflows through a real `bin/coopctl` process (built from the
 * current sources by test/setup/build.ts) against the real embedded server: a refusal without a
 * terminal leaves the data as it was, --yes deletes, a dry run's curl line
 * gets the same answer as coopctl, the recipients of send-all are reported,
 * `api`, `completion bash` and `openapi`.
 */
import { runNode, type ProcessRun } from '../helpers/process.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, operation, sampleParams } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { BIN as bin } from '../helpers/built.js';
import { argvOf, runBash } from './helpers.js';

const DEMO = '00010001000001005';

let server: TestServer;
let home: string;
beforeAll(async () => {
  server = await startTestServer();
  home = mkdtempSync(join(tmpdir(), 'coopctl-workflows-home-'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

type Run = ProcessRun;

/** Runs coopctl with stdin, stdout and stderr not terminals (as in cron). */
function coopctl(args: readonly string[], extra: Record<string, string> = {}): Promise<Run> {
  return runNode(bin, args, {
    PATH: process.env['PATH'],
    HOME: home,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    COOPCTL_BASE_URL: server.url,
    COOPCTL_TEST_BASE_URL: server.url,
    ...extra,
  });
}

async function addresses(): Promise<number[]> {
  const r = await coopctl(['--json', 'registration', 'show', DEMO]);
  expect(r.code, r.stderr).toBe(0);
  // An address's code (`codigo`) is the endereco_ind that updates or deletes it.
  const [record] = JSON.parse(r.stdout) as Array<{ endereco: Array<{ codigo: number | string }> }>;
  return record!.endereco.map((e) => Number(e.codigo));
}

describe('bin/coopctl workflows', () => {
  it('delete-address without a terminal: exit 2 naming --yes, the address stays; with --yes it goes', async () => {
    const before = await addresses();
    expect(before.length).toBeGreaterThan(0);
    const ind = String(before.at(-1));
    const refused = await coopctl(['registration', 'delete-address', DEMO, '--endereco-ind', ind]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(refused.stdout).toBe('');
    expect(await addresses()).toEqual(before);
    const done = await coopctl(['registration', 'delete-address', DEMO, '--endereco-ind', ind, '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(await addresses()).toEqual(before.slice(0, -1));
  });

  it('notify send-all needs --yes; with it, the answer reports the number of recipients', async () => {
    const op = operation('notify.send-all');
    const refused = await coopctl(argvOf(op, sampleParams(op)));
    expect(refused.code).toBe(2);
    const sent = await coopctl(['--json', ...argvOf(op, sampleParams(op)), '--yes']);
    expect(sent.code, sent.stderr).toBe(0);
    const [record] = JSON.parse(sent.stdout) as Array<{ recipients: number | string }>;
    expect(Number(record!.recipients)).toBeGreaterThan(0);
  });

  it('the dry run of a read, run by bash and curl, gets the answer coopctl gets', async () => {
    const dry = await coopctl(['registration', 'show', DEMO, '--dry-run'], { COOPCTL_TOKEN: 'not-needed-here' });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).not.toContain('not-needed-here');
    const { stdout } = await runBash(`${dry.stdout.trimEnd()} --silent`, { COOPCTL_TOKEN: 'not-needed-here' });
    const direct = await coopctl(['--json', 'registration', 'show', DEMO]);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(direct.stdout));
  });

  it('api GET of a catalogue path: exit 0 and the JSON body; an unknown path: exit 1', async () => {
    const show = operation('registration.show');
    const r = await coopctl(['api', 'GET', show.path, '-f', `usuario_cartao=${DEMO}`]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ confirma_operacao: number }>)[0]!.confirma_operacao).toBe(2);
    const missing = await coopctl(['api', 'GET', '/api/nothing/here']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('HTTP 404');
  });

  it('completion bash, sourced in bash, completes coopctl reg', async () => {
    const r = await coopctl(['completion', 'bash']);
    expect(r.code, r.stderr).toBe(0);
    const file = join(home, 'coopctl.bash');
    writeFileSync(file, r.stdout);
    const { stdout } = await runBash(
      `source ${file}; COMP_WORDS=(coopctl reg); COMP_CWORD=1; _coopctl; echo "\${COMPREPLY[*]}"`,
    );
    expect(stdout.trim()).toBe('registration');
  });

  it('openapi prints the document with the configured host', async () => {
    const r = await coopctl(['openapi']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { servers: Array<{ url: string }>; paths: object };
    expect(doc.servers[0]!.url).toBe(server.url);
    expect(Object.keys(doc.paths).sort()).toEqual(catalogue.map((op) => op.path).sort());
  });
});
