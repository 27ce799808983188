/**
 * Lists in form bodies and query strings: `tipo_documento[]=RG` (brackets,
 * PHP's convention, the default) or `tipo_documento=RG&tipo_documento=CC`
 * (repeat, as OpenAPI's form style), chosen by --list-style, the listStyle
 * setting or COOPCTL_LIST_STYLE. A strict repeated-key parser (written here:
 * every key a parameter's bare name, a single-valued one once) takes the
 * repeat style and refuses the brackets; the embedded server takes both.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, type Operation, type Params, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import type { CannedReply, RecordedRequest } from '../helpers/fake-service.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { callArgv } from '../cli/argv.js';
import { useHarness } from '../cli/harness.js';

const run = useHarness('coopctl-list-style-');

/** The operations with a list parameter (the catalogue's own: the tests follow it). */
const withLists = catalogue.filter((op) => Object.values(op.params).some((f) => f.kind === 'array'));

const listsOf = (op: Operation) =>
  Object.entries(op.params)
    .filter(([, f]) => f.kind === 'array')
    .map(([name]) => name);

/** Two codes of each list field. */
const TWO = ['RG', 'CPF'];

/**
 * A strict `application/x-www-form-urlencoded` reader as a server built from
 * an OpenAPI document (form style, explode) reads a body: every key is a
 * parameter's bare name, a list's name may repeat, any other name once.
 */
function strictRepeated(op: Operation, body: string): Params | string {
  const form = new URLSearchParams(body);
  const out: Params = {};
  for (const key of new Set(form.keys())) {
    const field = op.params[key];
    if (!field) return `unknown parameter ${key}`;
    const values = form.getAll(key);
    if (field.kind === 'array') out[key] = values;
    else if (values.length > 1) return `${key} given ${values.length} times`;
    else out[key] = values[0];
  }
  return out;
}

/** The stub: 200 with a record when the strict reader takes the body, else 422 naming why. */
const strictService =
  (op: Operation) =>
  (req: RecordedRequest): CannedReply => {
    const read = strictRepeated(op, req.body);
    if (typeof read === 'string') return { status: 422, json: [{ confirma_operacao: 4, mensagem_erro: read }] };
    return { json: [sampleRecord(op)] };
  };

function argvWithTwo(op: Operation): string[] {
  const params = sampleParams(op);
  for (const name of listsOf(op)) params[name] = TWO;
  return callArgv(op, params);
}

describe.each(withLists.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  it('has list parameters (the catalogue declares them)', () => {
    expect(listsOf(op).length).toBeGreaterThan(0);
  });

  it('--list-style repeat: a strict repeated-key parser takes the body, each list whole', async () => {
    run.h.base.reply(strictService(op));
    const r = await run.h.run(['--body', 'form', '--list-style', 'repeat', ...argvWithTwo(op)]);
    expect(r.code, r.stderr).toBe(0);
    const sent = run.h.base.requests.at(-1)!;
    const read = strictRepeated(op, sent.body) as Params;
    for (const name of listsOf(op)) expect(read[name]).toEqual(TWO);
    expect(sent.body).toContain(`${listsOf(op)[0]}=RG&${listsOf(op)[0]}=CPF`);
  });

  it('the default (brackets) is what it was: name[] for each element, which the strict parser refuses', async () => {
    run.h.base.reply(strictService(op));
    const r = await run.h.run(['--body', 'form', ...argvWithTwo(op)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`unknown parameter ${listsOf(op)[0]}[]`);
    expect(run.h.base.requests.at(-1)!.body).toContain(
      `${encodeURIComponent(`${listsOf(op)[0]}[]`)}=RG&${encodeURIComponent(`${listsOf(op)[0]}[]`)}=CPF`,
    );
  });

  it('COOPCTL_LIST_STYLE=repeat and the profile setting listStyle choose it too; the flag wins', async () => {
    run.h.base.reply(strictService(op));
    const byEnv = await run.h.run(['--body', 'form', ...argvWithTwo(op)], { env: { COOPCTL_LIST_STYLE: 'repeat' } });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    expect((await run.h.run(['config', 'set', 'listStyle', 'repeat'])).code).toBe(0);
    const byProfile = await run.h.run(['--body', 'form', ...argvWithTwo(op)]);
    expect(byProfile.code, byProfile.stderr).toBe(0);
    const byFlag = await run.h.run(['--body', 'form', '--list-style', 'brackets', ...argvWithTwo(op)]);
    expect(byFlag.code).toBe(1);
    expect((await run.h.run(['config', 'unset', 'listStyle'])).code).toBe(0);
  });
});

describe('the list style setting', () => {
  it('a value other than brackets or repeat: exit 2 naming where it came from, nothing sent', async () => {
    const op = withLists[0]!;
    const r = await run.h.run(['--body', 'form', ...argvWithTwo(op)], { env: { COOPCTL_LIST_STYLE: 'php' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('listStyle from COOPCTL_LIST_STYLE must be brackets or repeat');
    expect(run.h.base.requests).toEqual([]);
  });

  it('a --list-style other than the two: exit 2', async () => {
    const r = await run.h.run(['--list-style', 'php', 'config', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--list-style');
  });

  it('is listed by config list, with its default', async () => {
    const r = await run.h.run(['config', 'list', '--json']);
    expect(JSON.parse(r.stdout).settings.listStyle).toEqual({ value: 'brackets', source: 'the defaults' });
  });

  it('lists in a dry run’s curl line follow the style', async () => {
    const op = withLists[0]!;
    const r = await run.h.run(['--body', 'form', '--list-style', 'repeat', ...argvWithTwo(op), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${listsOf(op)[0]}=RG&${listsOf(op)[0]}=CPF`);
  });
});

describe('the embedded server takes both styles', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** The list fields the server stored with the latest enrolment record (the request's fields, as JSON). */
  function stored(): Params {
    const db = new Database(server.db, { readonly: true });
    try {
      const row = db.prepare('SELECT body FROM enrolment_record ORDER BY id DESC LIMIT 1').get() as { body: string };
      return JSON.parse(row.body) as Params;
    } finally {
      db.close();
    }
  }

  const document = catalogue.find((op) => op.id === 'enrol.beneficiary.document')!;
  it.each(['brackets', 'repeat'])('%s: the document of beneficiary 1 is created with both types', async (style) => {
    const params = { beneficiario_id: '1', tipo_documento: TWO, numero: `123-${style}`, tipo_arquivo: 'pdf' };
    const r = await run.h.run(['--body', 'form', '--list-style', style, ...callArgv(document, params)], {
      env: { COOPCTL_BASE_URL: server.url, COOPCTL_TEST_BASE_URL: server.url },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(stored()).toMatchObject({ tipo_documento: TWO, numero: `123-${style}` });
  });
});
