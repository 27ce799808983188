/**
 * Every word a person reads comes in the run's language. Generated from the
 * catalogue and the command tree, so that a new operation or command is
 * covered without editing this file: in a pt-BR run, and again in an English
 * run,
 * - every command of the tree, its help and a usage error;
 * - every operation with each invalid value the catalogue generates for each
 *   rule, each required field missing, each rule across fields broken, a
 *   `--data` key that is no parameter;
 * - every operation's question and its choices, and the prompt's problem of
 *   each invalid value;
 * - every operation against the real embedded server with the demo data:
 *   what it answers to the demo walk (codes 1 and 2), to ids and cards it does
 *   not know (3 and 4), to a forced code (`Prefer`), a refusal (422, 401), and
 *   a service out of reach;
 * - the other commands' own errors (config, serve, record summary, api…);
 * and fails on any word of the other language's stop-list in what is said
 * to the person (stderr, help). Values written in the spec's or the demo
 * data's words (codes such as `cancelado`, names, field names) are the same
 * in both runs and are not in the stop-lists.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, issueProblem, operation, sampleParams, type Field } from '../../src/catalogue/index.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { fieldChoices, fieldMessage, ruleProblem } from '../../src/cli/interactive/fields.js';
import { renderCalendar } from '../../src/cli/output/calendar.js';
import { loadStyle } from '../../src/cli/output/style.js';
import { DEMO_NOW, steps, type WalkState } from '../helpers/demo-walk/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { callArgv, flaggable } from './argv.js';
import { argvOf, breaking, commandPaths, declare, foreign, home, run, unknownOf } from './languages.js';

afterAll(() => rmSync(home, { recursive: true, force: true }));

let free: number;
let server: TestServer;
let guarded: TestServer;
beforeAll(async () => {
  await declare();
  server = await startTestServer({ now: () => DEMO_NOW, allowPrefer: true });
  guarded = await startTestServer({ now: () => DEMO_NOW, token: 'a-token-of-the-guarded-server' });
  // A port nobody listens on: a service out of reach.
  free = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await guarded?.stop();
});

describe.each(['pt-BR', 'en'] as const)('a run in %s says nothing in the other language', (lang) => {
  it('every command of the tree: its help and a usage error', async () => {
    const found: string[] = [];
    const paths = await commandPaths();
    expect(paths.length).toBeGreaterThan(45);
    for (const words of paths) {
      const help = await run(lang, [...words, '--help'], server.url);
      found.push(...foreign(lang, `${words.join(' ')} --help`, help.stdout));
      const wrong = await run(lang, [...words, '--no-such-option'], server.url);
      expect(wrong.code, words.join(' ')).toBe(2);
      found.push(...foreign(lang, `${words.join(' ')} --no-such-option`, wrong.stderr));
    }
    expect(found).toEqual([]);
  }, 300_000);

  it('every operation: each invalid value of each rule, each required field missing, each rule across fields broken, a made-up --data key', async () => {
    const found: string[] = [];
    let runs = 0;
    for (const op of catalogue) {
      const cases: Array<{ what: string; argv: string[] }> = [];
      for (const [name, f] of Object.entries(op.params)) {
        // A value the wire refuses but the CLI reads as one of the field's input forms is no invalid value here.
        for (const value of f.invalid.filter((v) => !f.forms?.includes(v as string))) {
          const params = sampleParams(op);
          delete params[name];
          const data = flaggable(value) ? {} : { [name]: value };
          cases.push({
            what: `${op.id} ${name}=${JSON.stringify(value)}`,
            ...argvOf(op, flaggable(value) ? { ...params, [name]: value } : params, data),
          });
        }
        if (f.required && f.cliDefault === undefined) {
          const params = sampleParams(op);
          delete params[name];
          cases.push({ what: `${op.id} without ${name}`, ...argvOf(op, params) });
        }
      }
      for (const params of breaking(op)) cases.push({ what: `${op.id} breaking a check`, ...argvOf(op, params) });
      cases.push({ what: `${op.id} with a made-up key`, ...argvOf(op, sampleParams(op), { not_a_field: 1 }) });
      if (Object.values(op.params).some((f) => f.required && f.cliDefault === undefined))
        cases.push({
          what: `${op.id} with every field missing`,
          argv: [...op.command, ...(op.confirm ? ['--yes'] : [])],
        });
      for (const c of cases) {
        const r = await run(lang, c.argv, server.url);
        runs++;
        expect(r.code, `${c.what}: ${r.stderr}`).toBe(2);
        found.push(...foreign(lang, c.what, r.stderr));
      }
    }
    expect(runs).toBeGreaterThan(600);
    expect(found).toEqual([]);
  }, 600_000);

  it('every operation’s questions, choices and the problem of each invalid answer', () => {
    const m = messagesFor(lang);
    const found: string[] = [];
    for (const op of catalogue)
      for (const [name, f] of Object.entries(op.params)) {
        const where = `${op.id} ${name}`;
        found.push(...foreign(lang, where, fieldMessage(m, name, f, { optional: !f.required, prefix: '' })));
        for (const choice of fieldChoices(m, f, !f.required)) found.push(...foreign(lang, where, choice.name));
        for (const value of f.invalid) found.push(...foreign(lang, where, ruleProblem(m, f, value) ?? ''));
        found.push(...foreign(lang, where, m.rules.line({ code: 'required', field: name, rule: f.rule })));
        for (const issue of issuesOf(f))
          found.push(...foreign(lang, where, m.rules.problem(issueProblem(issue, name, f.rule))));
      }
    expect(found).toEqual([]);
  });

  it('every operation against the demo server: the walk (codes 1 and 2), ids and cards it does not know (3 and 4)', async () => {
    // A fresh database per language: the walk's writes are made once.
    const fresh = await startTestServer({ now: () => DEMO_NOW });
    const found: string[] = [];
    const codes = new Set<number>();
    try {
      const state: WalkState = {};
      for (const step of steps) {
        const op = operation(step.op);
        const params = step.params(state);
        const done = await run(lang, [...callArgv(op, params), '--json'], fresh.url);
        expect(done.code, `${step.title}: ${done.stderr}`).toBe(0);
        // The walk's later steps act on what the earlier ones created.
        step.check(JSON.parse(done.stdout) as never, state);
        found.push(...foreign(lang, step.title, done.stderr));
        const plain = await run(lang, callArgv(op, unknownOf(op, params)), fresh.url);
        codes.add(plain.code);
        found.push(...foreign(lang, `${step.op} (unknown)`, plain.stderr));
      }
    } finally {
      await fresh.stop();
    }
    // Nothing found (3) and refused (1) both came back, besides the walk's successes.
    expect([...codes].sort()).toEqual(expect.arrayContaining([1, 3]));
    expect(found).toEqual([]);
  }, 300_000);

  it('the service’s answers: a forced code of each kind, its refusals, and a service out of reach', async () => {
    const found: string[] = [];
    const allergies = operation('record.allergies');
    const read = callArgv(allergies, sampleParams(allergies));
    for (const prefer of ['confirma=3', 'confirma=4', 'status=503']) {
      const r = await run(
        lang,
        ['api', 'GET', `${allergies.path}?usuario_cartao=00010001000001005`, '-H', `Prefer: ${prefer}`],
        server.url,
      );
      found.push(...foreign(lang, `Prefer: ${prefer}`, r.stderr));
    }
    // The server's 422 (the CLI checks nothing with api).
    const invalid = await run(lang, ['api', 'GET', `${allergies.path}?usuario_cartao=123`], server.url);
    expect(invalid.code).toBe(1);
    found.push(...foreign(lang, '422', invalid.stderr));
    // 401 without the token, 404 of no operation.
    const unauthorized = await run(lang, read, guarded.url);
    expect(unauthorized.code).toBe(1);
    found.push(...foreign(lang, '401', unauthorized.stderr));
    const missing = await run(lang, ['api', 'GET', '/api/no/such/path'], server.url);
    found.push(...foreign(lang, '404', missing.stderr));
    // Out of reach, with the -v trace.
    const unreachable = await run(lang, ['-v', ...read], `http://127.0.0.1:${free}`);
    expect(unreachable.code).toBe(4);
    found.push(...foreign(lang, 'unreachable', unreachable.stderr));
    expect(found).toEqual([]);
  });

  it('the other commands’ own errors', async () => {
    const found: string[] = [];
    const newer = join(home, `newer-${lang}.db`);
    const db = new Database(newer);
    db.pragma('user_version = 999');
    db.close();
    const token = 'a-server-token-of-20-chars';
    const cases: Array<[argv: string[], env?: Record<string, string>]> = [
      [['record', 'summary', '123']],
      [['enrol', 'batch', join(home, 'no-such-file.csv')]],
      [['config', 'set', 'lang', 'xx']],
      [['config', 'set', 'lang', ' ']],
      [['config', 'set', 'listStyle', 'commas']],
      [['config', 'set', 'healthQuestions', 'first question']],
      [['config', 'get', 'colour']],
      [['openapi', '-o', 'csv']],
      [['api', 'PUT', '/x']],
      [['api', 'GET', 'x']],
      [['completion', 'ksh']],
      // schedule cancel's check of whose appointment it is (nothing is sent), and --force past a check that failed.
      [['schedule', 'cancel', '880044', '--usuario-cartao', '00010001000001013', '--yes']],
      [['schedule', 'cancel', '880001', '--usuario-cartao', '00010001000001005', '--yes']],
      [['schedule', 'cancel', '880001', '--usuario-cartao', '00010001000001005', '--yes', '--force']],
      [['serve', '--port', '70000']],
      [['serve', '--demo', '--fixtures', 'x.json']],
      [['serve', '--host', '0.0.0.0', '--port', '0']],
      [['serve', '--log-format', 'xml']],
      [['serve', '--port', '0', '--db', ':memory:'], { COOPCTL_LOG_FORMAT: 'xml' }],
      [['serve', '--no-metrics', '--metrics-token-file', 'x']],
      [['serve', '--private-probes', '--port', '0', '--db', ':memory:']],
      [['serve', '--token-file', '-', '--metrics-token-file', '-']],
      [['serve', '--port', '0', '--db', ':memory:'], { COOPCTL_SERVER_TOKEN: '' }],
      [['serve', '--port', '0', '--db', ':memory:'], { COOPCTL_SERVER_TOKEN: 'short' }],
      [['serve', '--port', '0', '--db', ':memory:'], { COOPCTL_SERVER_TOKEN: `${token} ${token}` }],
      [['serve', '--port', '0', '--db', ':memory:'], { COOPCTL_SERVER_TOKEN: `a:${token}\na:${token}x` }],
      [['serve', '--port', '0', '--db', ':memory:'], { COOPCTL_SERVER_TOKEN: `a:${token}\nb:${token}` }],
      [['serve', '--port', '0', '--db', newer]],
    ];
    for (const [argv, env] of cases) {
      const r = await run(lang, argv, server.url, env);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).not.toBe(0);
      found.push(...foreign(lang, argv.join(' '), r.stderr));
    }
    // The registration host at its default while baseUrl is set, out of reach (an HTTP proxy where nothing listens).
    const show = operation('registration.show');
    const hinted = await run(lang, ['--retries', '0', ...callArgv(show, sampleParams(show))], server.url, {
      COOPCTL_TEST_BASE_URL: '',
      HTTP_PROXY: `http://127.0.0.1:${free}`,
    });
    expect(hinted.code).toBe(4);
    expect(hinted.stderr).toContain('testBaseUrl');
    found.push(...foreign(lang, 'the registration host out of reach', hinted.stderr));
    // A table for a person: config list on a terminal.
    const list = await run(lang, ['config', 'list'], server.url, { NO_COLOR: '1' }, true);
    expect(list.code).toBe(0);
    found.push(...foreign(lang, 'config list', `${list.stderr}\n${list.stdout}`));
    // A port taken by another server.
    const port = new URL(server.url).port;
    const busy = await run(lang, ['serve', '--port', port, '--db', join(home, 'busy.db')], server.url);
    expect(busy.code).toBe(1);
    found.push(...foreign(lang, 'serve on a busy port', busy.stderr));
    expect(found).toEqual([]);
  });

  it('what the demo server cannot be made to answer: codes of no documented meaning, a calendar over years', async () => {
    const m = messagesFor(lang);
    const found: string[] = [];
    for (const text of [m.outcomes.undocumented('7', ''), m.outcomes.undocumented('-1, 99', '')])
      found.push(...foreign(lang, 'undocumented code', text));
    const style = await loadStyle(false);
    const dates = ['1026-03-15', '2026-12-01', '2026-12-09', '2027-01-05', '2027-03-01', '2028-07-04', '9999-12-31'];
    const calendar = renderCalendar(dates, style, lang, { today: '2026-11-28', width: 80 });
    expect(calendar.split('\n').length).toBeGreaterThan(10);
    found.push(...foreign(lang, 'a calendar of dates far apart', calendar));
    expect(found).toEqual([]);
  });
});

/** The zod issues of a field's invalid values, as validation sees them. */
function issuesOf(f: Field) {
  return f.invalid.flatMap((value) => {
    const checked = f.schema.safeParse(value);
    return checked.success ? [] : checked.error.issues;
  });
}
