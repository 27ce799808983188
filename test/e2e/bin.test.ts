/**
 * The built `bin/coopctl` as a real process (dist/, built by the suite's global setup): help,
 * a read, a validation error, a transport failure, Ctrl-C, and a round trip
 * through `coopctl serve`.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import displayWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from '../cli/argv.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';
import { e2eLang, e2eLocale, inLang } from './locale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'coopctl');
const run = promisify(execFile);

let service: FakeService;
let home: string;
beforeAll(async () => {
  service = await startFakeService();
  home = mkdtempSync(join(tmpdir(), 'coopctl-e2e-'));
});
afterAll(async () => {
  await service.close();
  rmSync(home, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: home,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    COOPCTL_BASE_URL: service.url,
    COOPCTL_TEST_BASE_URL: service.url,
    ...e2eLocale(),
    ...extra,
  };
}

async function coopctl(
  args: readonly string[],
  extra: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: env(extra) });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe(`bin/coopctl (LANG=${process.env['LANG']})`, () => {
  it('runs in the language of the suite’s run', () => {
    expect(e2eLang).toBe(process.env['LANG'] === 'pt_BR.UTF-8' ? 'pt-BR' : 'en');
    expect(['pt_BR.UTF-8', 'C']).toContain(process.env['LANG']);
  });

  it('--help lists the command groups', async () => {
    const r = await coopctl(['--help']);
    expect(r.code).toBe(0);
    for (const name of ['registration', 'record', 'schedule', 'enrol', 'notify', 'config'])
      expect(r.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
  });

  it('reads a registration record: tab-separated without colour or box on a pipe, then JSON', async () => {
    const op = operation('registration.show');
    service.reply({ json: [sampleRecord(op)] });
    const table = await coopctl(commandLine(op, sampleParams(op)), { TERM: 'xterm-256color' });
    expect(table.code, table.stderr).toBe(0);
    const [line, end] = table.stdout.split('\n');
    expect(end).toBe('');
    expect(JSON.parse(line!.split('\t').at(-2)!)).toEqual(sampleRecord(op)['endereco']);
    expect(table.stdout).not.toContain('\u001b[');
    expect(table.stdout).not.toMatch(/[│┌]/);
    const json = await coopctl(['--json', ...commandLine(op, sampleParams(op))]);
    expect(JSON.parse(json.stdout)).toEqual([sampleRecord(op)]);
    expect(service.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`GET ${op.path}`, `GET ${op.path}`]);
  });

  /** The packages the process required, as a preload given by NODE_OPTIONS noted them on stderr at exit. */
  const requiredPackages = (stderr: string): string[] =>
    /^required: (.*)$/m
      .exec(stderr)?.[1]
      ?.split(' ')
      .filter((name) => !name.startsWith('node:')) ?? [];
  function notingRequires(): Record<string, string> {
    const preload = join(home, 'note-requires.cjs');
    writeFileSync(
      preload,
      `const M = require('node:module');
const load = M._load;
const seen = new Set();
M._load = function (request, ...rest) { seen.add(request); return load.call(this, request, ...rest); };
process.on('exit', () => process.stderr.write('required: ' + [...seen].join(' ') + '\\n'));
`,
    );
    return { NODE_OPTIONS: `--require ${preload}` };
  }

  it('a --json read loads no string-width (its Intl.Segmenter costs tens of ms at every start)', async () => {
    const op = operation('record.allergies');
    service.reply({ json: [sampleRecord(op)] });
    const r = await coopctl(['--json', ...commandLine(op, sampleParams(op))], notingRequires());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([sampleRecord(op)]);
    expect(requiredPackages(r.stderr)).not.toContain('string-width');
  });

  it('a table of wide characters and emoji lines up (string-width, loaded apart from the bundle for such text)', async () => {
    const op = operation('record.allergies');
    const wide = { ...sampleRecord(op), descricao: '東京都 🏥', agente: 'Látex' };
    service.reply({ json: [wide] });
    const r = await coopctl(commandLine(op, sampleParams(op)), {
      COOPCTL_FORCE_TTY: '80',
      NO_COLOR: '1',
      ...notingRequires(),
    });
    // The preload sees string-width when it is loaded: its absence above is no blind spot.
    expect(requiredPackages(r.stderr)).toContain('string-width');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.find((l) => l.includes('東京都 🏥'))).toBeDefined();
    // Every line of the box as wide as its top border, in columns as string-width counts them (CJK and emoji two).
    expect(lines[0]).toMatch(/^┌─+/);
    expect(new Set(lines.map((l) => displayWidth(l)))).toEqual(new Set([displayWidth(lines[0]!)]));
  });

  it('a validation error exits 2 with one line, sending nothing', async () => {
    service.reset();
    const r = await coopctl(['registration', 'show', '123']);
    expect(r.code).toBe(2);
    if (e2eLang === 'en')
      expect(r.stderr).toBe(
        'error: usuario_cartao (--usuario-cartao): must be 17 digits; understood 3 digits "123" (see coopctl registration show --help)\n',
      );
    // The rule's own words are the catalogue's field help (its Portuguese is the help's part of the work).
    else
      expect(r.stderr).toMatch(
        /^erro: usuario_cartao \(--usuario-cartao\): .+ \(veja coopctl registration show --help\)\n$/,
      );
    expect(service.requests).toHaveLength(0);
  });

  it('an unreachable service exits 4 with one line and no stack trace', async () => {
    const r = await coopctl(['--retries', '0', 'record', 'allergies', '00010001000001005'], {
      COOPCTL_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      inLang({
        en: 'error: cannot reach GET http://127.0.0.1:9/api/svcmobile/prontuario/buscaalergias: connection refused (ECONNREFUSED); nothing answers there: start the server (coopctl serve, or npm run demo), or point coopctl at yours (the URL comes from COOPCTL_BASE_URL: set COOPCTL_BASE_URL, choose a profile with --profile, or coopctl config set)\n',
        pt: 'erro: não foi possível conectar a GET http://127.0.0.1:9/api/svcmobile/prontuario/buscaalergias: conexão recusada (ECONNREFUSED); nada responde ali: inicie o servidor (coopctl serve, ou npm run demo), ou aponte o coopctl para o seu (o endereço vem de COOPCTL_BASE_URL: defina COOPCTL_BASE_URL, escolha um perfil com --profile, ou use coopctl config set)\n',
      }),
    );
  });

  it('Ctrl-C while waiting for the service exits 130', async () => {
    service.reset();
    service.reply({ delayMs: 10_000, json: [] });
    const child = spawn(process.execPath, [bin, 'record', 'allergies', '00010001000001005'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(service.requests).toHaveLength(1), { timeout: 10_000 });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe(inLang({ en: 'interrupted\n', pt: 'interrompido\n' }));
  });

  it('round trip through coopctl serve: create a contract, then find it', async () => {
    const server = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', ':memory:', '--quiet'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.match(/^(http:\/\/\S+)\n/m);
          if (line) resolve(line[1]!);
        });
        server.on('exit', (code) => reject(new Error(`coopctl serve exited with ${code}`)));
      });
      const hosts = { COOPCTL_BASE_URL: url, COOPCTL_TEST_BASE_URL: url };
      const create = operation('enrol.contract.create');
      const created = await coopctl(['--json', ...commandLine(create, sampleParams(create, false))], hosts);
      expect(created.code, created.stderr).toBe(0);
      const id = (JSON.parse(created.stdout) as Array<{ contrato_id: number }>)[0]!.contrato_id;
      const found = await coopctl(['--json', 'enrol', 'contract', 'search', '--contrato-id', String(id)], hosts);
      expect(found.code, found.stderr).toBe(0);
      expect((JSON.parse(found.stdout) as Array<{ cv_nro: number }>).map((c) => c.cv_nro)).toEqual([id]);
    } finally {
      // Waited for: at its exit the server writes Node's compile cache under the home folder that afterAll removes.
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
    }
  });
});
