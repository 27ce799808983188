/**
 * The built CLI (`bin/coopctl`, a real process) against servers that fail:
 * nobody listening (connection refused), a server slower than `--timeout`,
 * a server that only answers 5xx, and servers that answer garbage (an HTML
 * page, invalid JSON, JSON of the wrong shape). Every time: the documented
 * exit code (docs/output.md: 1 for HTTP 4xx/5xx, 4 for transport failures and
 * answers not of the documented shape), ONE clear line on stderr, no stack
 * trace, nothing on stdout; reads are retried (`--retries`), writes are not.
 * All of it on both wires (node:http, and undici when a proxy is configured).
 */
import { runNode, type ProcessRun } from '../helpers/process.js';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WIRES } from '../helpers/wires.js';
import { BIN, childEnv } from './helpers.js';

let dir: string;
beforeAll(() => {
  // `npm test` builds first; a lone run of this file builds only when the bundle is missing.
  dir = mkdtempSync(join(tmpdir(), 'coopctl-cli-robust-'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = ProcessRun;

/** The environment that selects the wire under test (describe.each below). */
let wireEnv: Readonly<Record<string, string>> = {};

/** Runs `coopctl args` with both service URLs pointing at `url`; stdin is not a TTY, so nothing prompts. */
function coopctl(url: string, args: readonly string[]): Promise<Run> {
  return runNode(BIN, args, childEnv(dir, { COOPCTL_BASE_URL: url, COOPCTL_TEST_BASE_URL: url, ...wireEnv }));
}

/** One line, not empty, no stack trace, no colour codes. */
function expectOneClearLine(run: Run): string {
  expect(run.stderr, run.stderr).not.toMatch(/^\s+at /m);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what it looks for
  expect(run.stderr).not.toMatch(/\u001b\[/);
  const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr.endsWith('\n')).toBe(true);
  return lines[0]!;
}

// ── Commands: a read and a write on each host ──────────────────────────────────

const CARD = '00010001000001005';
const READ_BASE = ['record', 'allergies', CARD];
const READ_TEST = ['registration', 'show', CARD, '--json'];
const WRITE_BASE = [
  'enrol',
  'contract',
  'create',
  '--registro-ans',
  '123456',
  '--coop-id',
  '1',
  '--produto-tabela-id',
  '10',
  '--origem',
  'WB',
];
const WRITE_TEST = ['registration', 'update-contact', CARD, '--usuario-celular', '(11)912345678', '--json'];
const READS = [
  ['a read (base host)', READ_BASE],
  ['a read (test host, --json)', READ_TEST],
] as const;
const WRITES = [
  ['a write (base host)', WRITE_BASE],
  ['a write (test host, --json)', WRITE_TEST],
] as const;
const COMMANDS = [...READS, ...WRITES];

// ── Tiny misbehaving servers ───────────────────────────────────────────────────

interface Tiny {
  readonly url: string;
  /** Requests received. */
  hits: number;
  close(): Promise<void>;
}

const servers: Tiny[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function tiny(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Tiny> {
  const server = http.createServer((req, res) => {
    t.hits++;
    // Read the request body (if any) before answering, like a real server.
    req.resume();
    req.on('end', () => handler(req, res));
  });
  const t: Tiny = {
    url: '',
    hits: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (t as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(t);
  return t;
}

function answer(status: number, type: string | undefined, body: string) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = { 'content-length': Buffer.byteLength(body) };
    if (type) headers['content-type'] = type;
    res.writeHead(status, headers);
    res.end(body);
  };
}

/** A port nobody listens on: bound by the system, then released. */
async function deadUrl(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

// ── The cases ──────────────────────────────────────────────────────────────────

describe.each(WIRES)('over $wire', ({ env }) => {
  beforeAll(() => {
    wireEnv = env;
  });

  describe('a dead port (connection refused)', () => {
    it.each(COMMANDS)('%s → exit 4, one line', async (_what, args) => {
      const run = await coopctl(await deadUrl(), [...args, '--retries', '1']);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toMatch(/refused|cannot reach|unreachable/i);
    });
  });

  // 1.5 s: long enough for a request to reach this test's server on a loaded machine
  // (a shorter limit can expire before the server has read it), short against the held answer.
  describe('a server slower than --timeout 1500', () => {
    /** Answers only after the client is long gone (the held answers are dropped when the server closes). */
    const slow = () =>
      tiny((_req, res) => {
        const timer = setTimeout(() => answer(200, 'application/json', '[]')(_req, res), 20_000);
        res.on('close', () => clearTimeout(timer));
      });

    it.each(READS)('%s → exit 4 once --timeout (all its attempts) is spent, one line', async (_what, args) => {
      const srv = await slow();
      const run = await coopctl(srv.url, [...args, '--timeout', '1500', '--retries', '2']);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      // The first attempt spends the whole time: no retry starts after it.
      expect(expectOneClearLine(run)).toMatch(/timed out after 1500 ms \(--timeout, 1 attempt\)/i);
      expect(srv.hits).toBe(1);
    });

    it.each(WRITES)('%s → exit 4, sent once (a write is never retried), one line', async (_what, args) => {
      const srv = await slow();
      const run = await coopctl(srv.url, [...args, '--timeout', '1500', '--retries', '2']);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toMatch(/timed out/i);
      expect(srv.hits).toBe(1);
    });

    it('headers at once, then a body that never ends → exit 4, one line', async () => {
      const srv = await tiny((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"confirma_operacao":2,');
      });
      const run = await coopctl(srv.url, [...READ_BASE, '--timeout', '300', '--retries', '0']);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toMatch(/timed out/i);
    });
  });

  describe('a server that only answers 5xx', () => {
    const FIVES = [
      [
        '500 with an error envelope',
        500,
        'application/json',
        '[{"confirma_operacao":4,"mensagem_erro":"internal error"}]',
      ],
      ['502 with an HTML page', 502, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
      ['503 with no body', 503, undefined, ''],
      ['504 with invalid JSON', 504, 'application/json', '{"oops'],
    ] as const;

    it.each(FIVES)('a read, %s → exit 1 after 1 + 2 retries, one line', async (_what, status, type, body) => {
      const srv = await tiny(answer(status, type, body));
      const run = await coopctl(srv.url, [...READ_BASE, '--retries', '2']);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toContain(String(status));
      expect(srv.hits).toBe(3);
    });

    it.each(FIVES)('a write, %s → exit 1, sent once, one line', async (_what, status, type, body) => {
      const srv = await tiny(answer(status, type, body));
      const run = await coopctl(srv.url, [...WRITE_BASE, '--retries', '2']);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toContain(String(status));
      expect(srv.hits).toBe(1);
    });

    it('the test host read with --json and the default retries → exit 1, tried 3 times', async () => {
      const srv = await tiny(
        answer(500, 'application/json', '[{"confirma_operacao":4,"mensagem_erro":"internal error"}]'),
      );
      const run = await coopctl(srv.url, READ_TEST);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toBe('');
      expectOneClearLine(run);
      expect(srv.hits).toBe(3);
    });
  });

  describe('a server that answers garbage with 200', () => {
    const GARBAGE = [
      [
        'an HTML page',
        'text/html; charset=utf-8',
        '<!doctype html><html><head><title>Login</title></head><body>Please log in</body></html>',
      ],
      ['invalid JSON', 'application/json', '[{"confirma_operacao": 2, "mensagem_erro": '],
      ['an empty body', 'application/json', ''],
      ['a JSON object instead of an array', 'application/json', '{"hello":"world"}'],
      ['a JSON string', 'application/json', '"ok"'],
      ['an array of numbers', 'application/json', '[1,2,3]'],
      ['records with a wrong envelope', 'application/json', '[{"confirma_operacao":"yes","mensagem_erro":""}]'],
      // A code that is no int; any int (-1, 99, 2^31) is an answer of no documented meaning (test/answers).
      [
        'records with an outcome code that is not an int',
        'application/json',
        '[{"confirma_operacao":1.5,"mensagem_erro":""}]',
      ],
      ['plain text', 'text/plain', 'OK'],
    ] as const;

    it.each(GARBAGE)('a read, %s → exit 4, one line', async (_what, type, body) => {
      const srv = await tiny(answer(200, type, body));
      const run = await coopctl(srv.url, READ_BASE);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toMatch(/JSON|shape/i);
    });

    it.each(GARBAGE)('a write, %s → exit 4, one line', async (_what, type, body) => {
      const srv = await tiny(answer(200, type, body));
      const run = await coopctl(srv.url, WRITE_TEST);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toMatch(/JSON|shape/i);
    });

    it('a data record that misses its fields → exit 4, one line', async () => {
      const srv = await tiny(
        answer(200, 'application/json', '[{"confirma_operacao":2,"mensagem_erro":"","unexpected":true}]'),
      );
      const run = await coopctl(srv.url, READ_TEST);
      expect(run.code, run.stderr).toBe(4);
      expect(run.stdout).toBe('');
      expect(expectOneClearLine(run)).toMatch(/shape/i);
    });
  });

  describe('a case the generated inputs found', () => {
    // validateParams threw a TypeError for a date field holding text without digits (src/catalogue/rules.ts);
    // the CLI reported an "unexpected failure" with exit 1 instead of a validation error with exit 2.
    it('a date flag of text without digits is a usage error (exit 2): one line naming the flag, nothing sent', async () => {
      const srv = await tiny(
        answer(200, 'application/json', '[{"confirma_operacao":1,"mensagem_erro":"","beneficiario_id":1}]'),
      );
      const run = await coopctl(srv.url, [
        'enrol',
        'beneficiary',
        'add',
        '1',
        '--cpf',
        '529.982.247-25',
        '--data-solicitacao',
        'someday',
        '--grau-dependencia',
        'T',
      ]);
      expect(run.code, run.stderr).toBe(2);
      expect(expectOneClearLine(run)).toMatch(/--data-solicitacao/);
      expect(srv.hits).toBe(0);
    });
  });
});
