/**
 * `coopctl api <METHOD> <path> [-f key=value]...` (docs/commands.md, "Raw calls"): the host
 * from the catalogue (test for section 4.1) or base, `--host` to override;
 * the token; fields in the query (GET/HEAD) or a JSON body (POST); the body
 * printed; the exit code by outcome.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleRecord } from '../../src/catalogue/index.js';
import { closedUrl } from '../helpers/fake-service.js';
import { startHarness, type Harness } from '../cli/harness.js';

let h: Harness;
let deadUrl: string;
beforeAll(async () => {
  [h, deadUrl] = await Promise.all([startHarness(), closedUrl()]);
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const CARD = '00010001000001005';
const show = operation('registration.show');
const allergies = operation('record.allergies');
const contract = operation('enrol.contract.create');
const sent = () => h.base.requests.length + h.test.requests.length;

describe('a catalogue path', () => {
  it('GET of a section 4.1 path goes to the test host, fields in the query, the token sent; pretty JSON out', async () => {
    const record = sampleRecord(show);
    h.test.reply({ json: [record] });
    const r = await h.run(['api', 'GET', show.path, '-f', `usuario_cartao=${CARD}`], {
      env: { COOPCTL_TOKEN: 'tok-1' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests).toHaveLength(0);
    const [req] = h.test.requests;
    expect(req!.method).toBe('GET');
    expect(req!.url.pathname).toBe(show.path);
    expect(Object.fromEntries(req!.url.searchParams)).toEqual({ usuario_cartao: CARD });
    expect(req!.headers['authorization']).toBe('Bearer tok-1');
    expect(req!.headers['accept']).toBe('application/json');
    expect(r.stdout).toBe(`${JSON.stringify([record], null, 2)}\n`);
  });

  it('GET of another path goes to the base host; the method may be lower case', async () => {
    h.base.reply({ json: [sampleRecord(allergies)] });
    const r = await h.run(['api', 'get', allergies.path, '-f', `usuario_cartao=${CARD}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests).toHaveLength(1);
    expect(h.test.requests).toHaveLength(0);
  });

  it('--host overrides the catalogue', async () => {
    h.base.reply({ json: [sampleRecord(show)] });
    const r = await h.run(['api', 'GET', show.path, '-f', `usuario_cartao=${CARD}`, '--host', 'base']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests).toHaveLength(1);
    expect(h.test.requests).toHaveLength(0);
  });

  it('a query string in the path is kept, fields are added to it', async () => {
    h.base.reply({ json: [sampleRecord(allergies)] });
    await h.run(['api', 'GET', `${allergies.path}?usuario_cartao=${CARD}`, '-f', 'extra=1']);
    expect(h.base.requests[0]!.url.search).toBe(`?usuario_cartao=${CARD}&extra=1`);
  });

  it.each([
    [2, 0],
    [1, 0],
    [3, 3],
    [4, 1],
  ])('confirma_operacao %i exits %i, as the command would', async (confirma, code) => {
    h.test.reply({
      json: [confirma <= 2 ? sampleRecord(show, confirma) : { confirma_operacao: confirma, mensagem_erro: 'nope' }],
    });
    const r = await h.run(['api', 'GET', show.path, '-f', `usuario_cartao=${CARD}`]);
    expect(r.code, r.stderr).toBe(code);
    expect(JSON.parse(r.stdout)).toBeInstanceOf(Array);
  });

  it('a 2xx answer that is not the documented shape: printed, exit 4', async () => {
    h.test.reply({ json: [{ confirma_operacao: 2, mensagem_erro: '' }] });
    const r = await h.run(['api', 'GET', show.path, '-f', `usuario_cartao=${CARD}`]);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('confirma_operacao');
    expect(r.stderr).toMatch(/not the documented shape/);
  });

  it('HTTP 422: the body on stdout, exit 1 with the mensagem_erro', async () => {
    h.base.reply({ status: 422, json: [{ confirma_operacao: 4, mensagem_erro: 'usuario_cartao: must be 17 digits' }] });
    const r = await h.run(['api', 'POST', contract.path, '-f', 'origem=XX']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('must be 17 digits');
    expect(r.stderr).toContain('(HTTP 422); the service said: "usuario_cartao: must be 17 digits"');
  });

  it('POST: a JSON body; -f strings, -F typed values, key[] lists', async () => {
    h.base.reply({ json: [sampleRecord(contract)] });
    const r = await h.run([
      'api',
      'POST',
      contract.path,
      '-f',
      'registro_ans=123456',
      '-F',
      'coop_id=7',
      '-F',
      'flag=true',
      '-F',
      'none=null',
      '-F',
      'card=00010001000001005',
      '-f',
      'tags[]=a',
      '-f',
      'tags[]=b',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [req] = h.base.requests;
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({
      registro_ans: '123456',
      coop_id: 7,
      flag: true,
      none: null,
      card: '00010001000001005',
      tags: ['a', 'b'],
    });
  });

  it('POST with --body form: a form body, lists as name[]', async () => {
    h.base.reply({ json: [sampleRecord(contract)] });
    const r = await h.run([
      '--body',
      'form',
      'api',
      'POST',
      contract.path,
      '-f',
      'a=1 2',
      '-f',
      'l[]=x',
      '-f',
      'l[]=y',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(h.base.requests[0]!.body).toBe('a=1+2&l%5B%5D=x&l%5B%5D=y');
  });

  it('-F key=@- reads the value from stdin', async () => {
    h.base.reply({ json: [sampleRecord(contract)] });
    const r = await h.run(['api', 'POST', contract.path, '-F', 'arquivo=@-'], { stdin: 'QUJD' });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(h.base.requests[0]!.body)).toEqual({ arquivo: 'QUJD' });
  });

  it("-H adds a header (the server's Prefer failure injection)", async () => {
    h.test.reply({ json: [sampleRecord(show)] });
    await h.run(['api', 'GET', show.path, '-H', 'Prefer: confirma=3']);
    expect(h.test.requests[0]!.headers['prefer']).toBe('confirma=3');
  });

  it('HEAD prints nothing', async () => {
    h.test.reply({ json: [sampleRecord(show)] });
    const r = await h.run(['api', 'HEAD', show.path, '-f', `usuario_cartao=${CARD}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.test.requests[0]!.method).toBe('HEAD');
    expect(r.stdout).toBe('');
  });
});

describe('a path outside the catalogue', () => {
  it('2xx: exit 0, JSON pretty-printed, on the base host', async () => {
    h.base.reply({ json: { ok: true, n: [1, 2] } });
    const r = await h.run(['api', 'GET', '/health']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('{\n  "ok": true,\n  "n": [\n    1,\n    2\n  ]\n}\n');
    expect(h.base.requests[0]!.url.pathname).toBe('/health');
  });

  it('a body that is not JSON is printed as received', async () => {
    h.base.reply({ raw: 'plain <b>text</b>', headers: { 'content-type': 'text/html' } });
    const r = await h.run(['api', 'GET', '/page']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('plain <b>text</b>');
  });

  it('404: exit 1, the status on stderr', async () => {
    h.base.reply({ status: 404, raw: 'no such path', headers: { 'content-type': 'text/plain' } });
    const r = await h.run(['api', 'POST', '/nowhere', '-f', 'a=1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('no such path');
    expect(r.stderr).toContain(`POST ${h.base.url}/nowhere answered HTTP 404 Not Found`);
  });

  it('500 on a POST: exit 1, sent once', async () => {
    h.base.reply({ status: 500, json: [] });
    const r = await h.run(['api', 'POST', '/x']);
    expect(r.code).toBe(1);
    expect(h.base.requests).toHaveLength(1);
  });

  it('a catalogue path with a method it does not take is treated as unknown (the 405 exits 1)', async () => {
    h.test.reply({
      status: 405,
      headers: { allow: 'GET, HEAD' },
      json: [{ confirma_operacao: 4, mensagem_erro: 'method' }],
    });
    const r = await h.run(['api', 'POST', show.path]);
    expect(r.code).toBe(1);
    expect(h.test.requests).toHaveLength(1);
  });

  it('a redirect: exit 4', async () => {
    h.base.reply({ status: 302, headers: { location: '/elsewhere' }, raw: '' });
    const r = await h.run(['api', 'GET', '/moved']);
    expect(r.code).toBe(4);
  });
});

describe('failures before sending, and transport', () => {
  it.each([
    ['a method the service does not use', ['api', 'DELETE', '/x']],
    ['a full URL instead of a path', ['api', 'GET', 'http://evil.example/x']],
    ['a protocol-relative path', ['api', 'GET', '//evil.example/x']],
    ['a field without =', ['api', 'GET', '/x', '-f', 'novalue']],
    ['a field with an empty key', ['api', 'GET', '/x', '-f', '=v']],
    ['a plain key given twice in a body', ['api', 'POST', '/x', '-f', 'a=1', '-f', 'a=2']],
    ['a header without a colon', ['api', 'GET', '/x', '-H', 'nocolon']],
    ['an Authorization header on the command line', ['api', 'GET', '/x', '-H', 'Authorization: Bearer x']],
    ['an unknown --host', ['api', 'GET', '/x', '--host', 'prod']],
    ['no path', ['api', 'GET']],
  ])('%s: exit 2, nothing sent', async (_what, argv) => {
    const r = await h.run(argv);
    expect(r.code, r.stderr).toBe(2);
    expect(sent()).toBe(0);
  });

  it('unreachable: exit 4 (a GET is retried)', async () => {
    const r = await h.run(['api', 'GET', '/x'], { env: { COOPCTL_BASE_URL: deadUrl } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/connection refused/);
    expect(h.sleeps).toHaveLength(2);
  });

  it('--dry-run prints the curl command, sends nothing, hides the token', async () => {
    const r = await h.run(['api', 'POST', contract.path, '-F', 'coop_id=7', '-n'], {
      env: { COOPCTL_TOKEN: 'tok-secret-9' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(sent()).toBe(0);
    expect(r.stdout).toBe(
      [
        `curl --request POST ${h.base.url}${contract.path} \\`,
        "  --header 'accept: application/json' \\",
        "  --header 'accept-language: en' \\",
        `  --header 'user-agent: coopctl/${(await import('../../src/cli/version.js')).version}' \\`,
        '  --header "authorization: Bearer $COOPCTL_TOKEN" \\',
        "  --header 'content-type: application/json' \\",
        `  --data-raw '{"coop_id":7}'`,
        '',
      ].join('\n'),
    );
    expect(r.stdout + r.stderr).not.toContain('tok-secret-9');
  });

  it('--help shows examples', async () => {
    const r = await h.run(['api', '--help']);
    expect(r.code).toBe(0);
    // Examples longer than the width go on with ` \` on the next line.
    expect(r.stdout.replace(/ \\\n +/g, ' ')).toContain(
      'coopctl api GET /api/svcmobile/atualizacaocadastral/buscadadosusuario -f usuario_cartao=',
    );
  });
});
