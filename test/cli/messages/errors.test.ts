/**
 * What stopped a command, in Brazilian Portuguese (English is checked where
 * each failure is tested): usage errors, calls that got no answer (the
 * client's facts, worded by the CLI), Ctrl-C, the settings, `api`, dry runs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { operation, sampleParams } from '../../../src/catalogue/index.js';
import { closedUrl } from '../../helpers/fake-service.js';
import { commandLine } from '../argv.js';
import { startHarness, type Harness } from '../harness.js';

const read = operation('record.allergies');
const readArgv = commandLine(read, sampleParams(read));
const PT = { LANG: 'pt_BR.UTF-8' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

describe('usage errors', () => {
  it('a parameter that breaks its rule: the field, its flag, and where to look', async () => {
    const r = await h.run(['registration', 'show', '123'], { env: PT });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^erro: usuario_cartao \(--usuario-cartao\): .+ \(veja coopctl registration show --help\)\n$/,
    );
  });

  it('--data that is not JSON, a positional given twice', async () => {
    const data = await h.run([...readArgv, '--data', '-'], { env: PT, stdin: 'not json' });
    expect(data.stderr).toBe('erro: --data não contém JSON\n');
    const twice = await h.run([
      '--lang',
      'pt-BR',
      'registration',
      'show',
      '00010001000001005',
      '--usuario-cartao',
      '00010001000001013',
    ]);
    expect(twice.stderr).toBe(
      'erro: usuario_cartao foi informado duas vezes, como argumento e como --usuario-cartao\n',
    );
  });

  it('api: a path that is not one, a header with the token', async () => {
    const path = await h.run(['--lang', 'pt-BR', 'api', 'GET', 'contrato']);
    expect(path.code).toBe(2);
    expect(path.stderr).toBe(
      'erro: caminho contrato: informe um caminho começando com / (o host vem da configuração; escolha-o com --host test|base) (veja coopctl api --help)\n',
    );
    const auth = await h.run(['--lang', 'pt-BR', 'api', 'GET', '/x', '-H', 'Authorization: Bearer x']);
    expect(auth.stderr).toBe(
      'erro: -H authorization: o token vem de $COOPCTL_TOKEN, do perfil ou de --token-file, nunca da linha de comando (veja coopctl api --help)\n',
    );
  });

  it('openapi and record summary refuse csv', async () => {
    expect((await h.run(['-o', 'csv', 'openapi'], { env: PT })).stderr).toBe(
      'erro: o documento OpenAPI é JSON: use -o json (o padrão) ou -o jsonl (veja coopctl openapi --help)\n',
    );
    expect((await h.run(['-o', 'csv', 'record', 'summary', '00010001000001005'], { env: PT })).stderr).toBe(
      'erro: a saída csv contém um só tipo de registro; use coopctl record <seção> -o csv (veja coopctl record summary --help)\n',
    );
  });
});

describe('calls that got no answer (exit 4)', () => {
  it('unreachable', async () => {
    const url = await closedUrl();
    const r = await h.run(['--retries', '0', ...readArgv], { env: { ...PT, COOPCTL_BASE_URL: url } });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `erro: não foi possível conectar a GET ${url}${read.path}: conexão recusada (ECONNREFUSED); nada responde ali: inicie o servidor (coopctl serve, ou npm run demo), ou aponte o coopctl para o seu (o endereço vem de COOPCTL_BASE_URL: defina COOPCTL_BASE_URL, escolha um perfil com --profile, ou use coopctl config set)\n`,
    );
  });

  it('timed out', async () => {
    h.base.reply({ delayMs: 2000, json: [] });
    const r = await h.run(['--retries', '0', '--timeout', '1500', ...readArgv], { env: PT });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `erro: GET ${h.base.url}${read.path} não respondeu em 1.500 ms (--timeout, 1 tentativa); o servidor aceitou a conexão mas não respondeu: tente de novo mais tarde, ou dê mais tempo com --timeout (o tempo de todas as tentativas)\n`,
    );
  });

  it('an answer that is not JSON, one with no content type, one too large', async () => {
    h.base.reply({ raw: '<html>', headers: { 'content-type': 'text/html' } });
    const html = await h.run(readArgv, { env: PT });
    expect(html.stderr).toBe(
      `erro: GET ${h.base.url}${read.path} respondeu HTTP 200 (text/html): o corpo não é JSON\n`,
    );
    h.base.reply({ raw: '' });
    const empty = await h.run(readArgv, { env: PT });
    expect(empty.stderr).toBe(
      `erro: GET ${h.base.url}${read.path} respondeu HTTP 200 (sem tipo de conteúdo): o corpo está vazio\n`,
    );
    h.base.reply({ json: [{ descricao: 'x'.repeat(4000) }] });
    const large = await h.run(['--max-response-size', '1KiB', ...readArgv], { env: PT });
    expect(large.stderr).toBe(
      `erro: a resposta de GET ${h.base.url}${read.path} excede o limite de 1 KiB (--max-response-size)\n`,
    );
  });

  it('Ctrl-C while waiting', async () => {
    h.base.reply({ delayMs: 5000, json: [] });
    const interrupt = new AbortController();
    const pending = h.run(readArgv, { signal: interrupt.signal, env: PT });
    await vi.waitFor(() => expect(h.base.requests).toHaveLength(1));
    interrupt.abort();
    const r = await pending;
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('interrompido\n');
  });
});

describe('settings', () => {
  it('a bad value names the setting and where it comes from', async () => {
    const r = await h.run(readArgv, { env: { ...PT, COOPCTL_BASE_URL: 'ftp://x' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('erro: baseUrl (origem: COOPCTL_BASE_URL) deve ser uma URL http ou https\n');
  });

  it('an unknown setting, a profile that does not exist, a value set', async () => {
    const unknown = await h.run(['config', 'get', 'cor'], { env: PT });
    expect(unknown.stderr).toBe(
      'erro: configuração desconhecida "cor"; as configurações são baseUrl, testBaseUrl, token, maxResponseSize, lang, providers, listStyle, healthQuestions, enrolCodes, sender, mask (veja coopctl config --help)\n',
    );
    const profile = await h.run(['--profile', 'nenhum', 'config', 'list'], { env: PT });
    expect(profile.stderr).toMatch(/^erro: não existe o perfil "nenhum" \(de --profile\): /);
    const set = await h.run(['--profile', 'teste', 'config', 'set', 'maxResponseSize', '2MiB'], { env: PT });
    expect(set.stderr).toBe('maxResponseSize definido no perfil "teste"\n');
    const list = await h.run(['--profile', 'teste', 'config', 'list'], { env: PT });
    expect(list.stderr).toBe('perfil: teste\n');
    // Into a pipe: one line a setting, tab-separated, the source in the run's words.
    expect(list.stdout).toContain('maxResponseSize\t2MiB\to perfil "teste"\n');
    expect(list.stdout).toContain('lang\t\tos padrões\n');
    const json = await h.run(['--profile', 'teste', '--json', 'config', 'list'], { env: PT });
    expect(JSON.parse(json.stdout).settings.maxResponseSize).toEqual({ value: '2MiB', source: 'profile "teste"' });
  });
});

describe('dry run', () => {
  it('says that nothing was sent', async () => {
    const r = await h.run([...readArgv, '--dry-run'], { env: PT });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('simulação: nada foi enviado\n');
    expect(h.base.requests).toHaveLength(0);
  });
});
