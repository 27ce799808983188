/**
 * `-n, --dry-run` (docs/commands.md, "Safety: confirmations and dry runs"): on every operation, validate, print the
 * request as a curl command line on stdout (token as $COOPCTL_TOKEN, never
 * its value), send nothing, exit 0; never ask a confirmation. The printed
 * line, run by a real bash and a real curl, sends exactly the request that
 * coopctl sends itself.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { curlCommand } from '../../src/cli/safety/curl.js';
import { shellQuote } from '../../src/cli/output/shell.js';
import type { HttpRequest } from '../../src/client/types.js';
import {
  catalogue,
  operation,
  sampleParams,
  sampleRecord,
  type Field,
  type Operation,
} from '../../src/catalogue/index.js';
import type { RecordedRequest } from '../helpers/fake-service.js';
import { startHarness, type Harness } from '../cli/harness.js';
import { argvOf, confirmPrompter, runBash } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const TOKEN = 'dry-run-secret-7f3a9c1e';
const TTY = { stdin: true, stdout: true, stderr: true } as const;
const sent = () => h.base.requests.length + h.test.requests.length;

describe.each(catalogue.map((op) => [op.command.join(' '), op] as const))('coopctl %s --dry-run', (_name, op) => {
  it('prints a curl command with $COOPCTL_TOKEN, sends nothing, exits 0', async () => {
    const prompter = confirmPrompter();
    const r = await h.run([...argvOf(op, sampleParams(op)), '--dry-run'], { env: { COOPCTL_TOKEN: TOKEN }, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(sent()).toBe(0);
    expect(r.stdout.startsWith(`curl --request ${op.methods[0]} `)).toBe(true);
    const host = op.host === 'test' ? h.test.url : h.base.url;
    expect(r.stdout).toContain(`${host}${op.path}`);
    expect(r.stdout).toContain('"authorization: Bearer $COOPCTL_TOKEN"');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stderr).toContain('dry run: nothing was sent');
    // Confirmations are not asked on a dry run.
    expect(prompter.asked).toHaveLength(0);
  });

  it('-n is the short form; invalid parameters still exit 2 with nothing printed on stdout', async () => {
    const ok = await h.run([...argvOf(op, sampleParams(op)), '-n']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^curl /);
    // A value the rule refuses that is not one of the field's input forms (the CLI reads those: `01310-100`).
    const refused = (f: Field) => f.invalid.find((v) => !f.forms?.includes(String(v)));
    const [name, field] =
      Object.entries(op.params).find(([, f]) => f.required && refused(f) !== undefined && f.cliDefault === undefined) ??
      [];
    if (name && field) {
      const bad = await h.run([...argvOf(op, { ...sampleParams(op), [name]: String(refused(field)) }), '-n']);
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe('');
    }
    expect(sent()).toBe(0);
  });
});

describe('dry run details', () => {
  it('no token configured: no Authorization header at all', async () => {
    const op = operation('registration.show');
    const r = await h.run([...argvOf(op, sampleParams(op)), '-n']);
    expect(r.stdout).not.toMatch(/authorization/i);
  });

  it('a token from --token-file is not printed; a note says to set $COOPCTL_TOKEN', async () => {
    const op = operation('record.allergies');
    const r = await h.run(['--token-file', '-', ...argvOf(op, sampleParams(op)), '-n'], { stdin: `${TOKEN}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stderr).toContain('note: the token (from --token-file) is not printed: set COOPCTL_TOKEN');
  });

  it('a token from the profile is not printed either', async () => {
    const set = await h.run(['--profile', 'dry', 'config', 'set', 'token'], { stdin: `${TOKEN}\n` });
    expect(set.code, set.stderr).toBe(0);
    // A profile's token goes only to the profile's own URL (config/credentials.ts).
    expect((await h.run(['--profile', 'dry', 'config', 'set', 'baseUrl', h.base.url])).code).toBe(0);
    const op = operation('record.allergies');
    const r = await h.run(['--profile', 'dry', ...argvOf(op, sampleParams(op)), '-n']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"authorization: Bearer $COOPCTL_TOKEN"');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stderr).toContain('note: the token (from profile "dry") is not printed');
  });

  it('-q leaves only the command on stdout and nothing on stderr', async () => {
    const op = operation('schedule.cancel');
    const r = await h.run(['-q', ...argvOf(op, sampleParams(op)), '-n']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^curl --request POST /);
  });

  it('--body form prints the form body and its content type', async () => {
    const op = operation('enrol.beneficiary.document');
    const r = await h.run(['--body', 'form', ...argvOf(op, sampleParams(op)), '-n']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("--header 'content-type: application/x-www-form-urlencoded'");
    expect(r.stdout).toMatch(/--data-raw '?[^'\n]*tipo_documento%5B%5D=/);
  });

  it('on a terminal a dry run of a confirming operation asks nothing', async () => {
    const op = operation('notify.send-all');
    const prompter = confirmPrompter();
    const r = await h.run([...argvOf(op, sampleParams(op)), '--dry-run'], { tty: TTY, prompter });
    expect(r.code).toBe(0);
    expect(prompter.asked).toHaveLength(0);
    expect(sent()).toBe(0);
  });

  it('record summary --dry-run prints one request per read of the record area', async () => {
    const r = await h.run(['record', 'summary', '00010001000001005', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/^curl /gm)).toHaveLength(catalogue.filter((op) => op.area === 'record').length);
    expect(r.stderr.match(/dry run: nothing was sent/g)).toHaveLength(1);
    expect(sent()).toBe(0);
  });
});

describe('shell quoting', () => {
  /** Runs each line with a `curl` that prints its arguments (count first, NUL-separated). */
  async function curlArgs(lines: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string[][]> {
    const script = `curl() { printf '%s\\0' "$#" "$@"; }\n${lines.join('\n')}`;
    const { stdout } = await runBash(script, env);
    const items = stdout.split('\0');
    const out: string[][] = [];
    let i = 0;
    while (i < items.length - 1) {
      const n = Number(items[i]);
      out.push(items.slice(i + 1, i + 1 + n));
      i += 1 + n;
    }
    return out;
  }

  it('shellQuote gives back any string through bash', async () => {
    const strings = fc.sample(
      fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0')),
      { numRuns: 200, seed: 4 },
    );
    strings.push('', "'", "''", '"$HOME"', '`id`', '$(id)', 'a b', '\n', '\\', '!x', '*', '~', '#x', '-n');
    const got = await curlArgs(strings.map((s) => `curl ${shellQuote(s)}`));
    expect(got.map((a) => a[0])).toEqual(strings);
  });

  it('curlCommand: the words are the method, URL, headers and body, exactly; the token comes from the environment', async () => {
    const bodies = fc.sample(
      fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !s.includes('\0')),
      { numRuns: 60, seed: 7 },
    );
    const token = `t$k\`n"'x`;
    const reqs: HttpRequest[] = bodies.map((body, i) => ({
      method: 'POST',
      url: new URL(`http://127.0.0.1:1/p/${i}?q=${encodeURIComponent(body)}&x=1`),
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'x-odd': `it's "${i}"` },
      body,
    }));
    const got = await curlArgs(
      reqs.map((r) => curlCommand(r)),
      { COOPCTL_TOKEN: token },
    );
    expect(got).toEqual(
      reqs.map((r) => [
        '--request',
        'POST',
        r.url.href,
        '--header',
        'accept: application/json',
        '--header',
        `authorization: Bearer ${token}`,
        '--header',
        `x-odd: ${r.headers['x-odd']}`,
        '--data-raw',
        r.body,
      ]),
    );
    for (const r of reqs) expect(curlCommand(r)).not.toContain(token);
  });

  it('HEAD is --head', () => {
    expect(curlCommand({ method: 'HEAD', url: new URL('http://h/x'), headers: {} })).toBe('curl --head http://h/x\n');
  });
});

describe('the printed command, run by bash and curl, sends what coopctl sends', () => {
  const pick = (r: RecordedRequest) => ({
    method: r.method,
    path: r.url.pathname,
    query: r.url.search,
    body: r.body,
    contentType: r.headers['content-type'],
    accept: r.headers['accept'],
    userAgent: r.headers['user-agent'],
    authorization: r.headers['authorization'],
  });
  const hostOf = (op: Operation) => (op.host === 'test' ? h.test : h.base);

  it.each([['json'], ['form']])('every operation, --body %s', async (body) => {
    const env = { COOPCTL_TOKEN: TOKEN };
    const direct = new Map<string, ReturnType<typeof pick>>();
    const lines: string[] = [];
    for (const op of catalogue) {
      h.reset();
      h.base.reply({ json: [sampleRecord(op)] });
      h.test.reply({ json: [sampleRecord(op)] });
      const argv = ['--body', body, ...argvOf(op, sampleParams(op))];
      const real = await h.run([...argv, '--yes'], { env });
      expect(real.code, real.stderr).toBe(0);
      direct.set(op.id, pick(hostOf(op).requests[0]!));
      const dry = await h.run([...argv, '--dry-run'], { env });
      expect(dry.code, dry.stderr).toBe(0);
      lines.push(`${dry.stdout.trimEnd()} --silent --output /dev/null || echo "curl failed: ${op.id}" >&2`);
    }
    h.reset();
    const { stderr } = await runBash(lines.join('\n'), env);
    expect(stderr).toBe('');
    for (const op of catalogue) {
      const viaCurl = hostOf(op).requests.filter((r) => r.url.pathname === op.path);
      expect(viaCurl, op.id).toHaveLength(1);
      expect(pick(viaCurl[0]!), op.id).toEqual(direct.get(op.id));
    }
  });
});
