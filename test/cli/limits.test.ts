/**
 * Unbounded answers through the CLI in-process: the response limit (default
 * 64 MiB; --max-response-size > COOPCTL_MAX_RESPONSE_SIZE > the profile's
 * maxResponseSize), an endless answer, a deeply nested one: each ends with
 * exit 4 and one line, never a crash; on both wires (node:http, and undici
 * when a proxy is configured).
 */
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { WIRES } from '../helpers/wires.js';
import { useHarness, type RunOptions, type RunResult } from './harness.js';

const read = operation('record.allergies');
const readArgv = commandLine(read, sampleParams(read));
/** A valid answer of a little over 2 KiB. */
const bigAnswer = [{ ...sampleRecord(read), mensagem_erro: 'x'.repeat(2100) }];

function expectOneLine(r: RunResult, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(4);
  expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(pattern)]);
  expect(r.stdout).toBe('');
}

describe.each(WIRES)('over $wire', ({ env: wireEnv }) => {
  const setup = useHarness('coopctl-limits-', wireEnv);
  const run = (argv: string[], options: RunOptions = {}) =>
    setup.h.run(argv, { ...options, env: { XDG_CONFIG_HOME: setup.home, ...options.env } });

  describe('response limit', () => {
    it('an endless answer stops at the default 64 MiB: exit 4, one line naming the request and the flag', async () => {
      setup.h.base.reply({
        headers: { 'content-type': 'application/json' },
        stream: { chunk: `${JSON.stringify(sampleRecord(read))},`.repeat(200) },
      });
      const r = await run(readArgv);
      expectOneLine(
        r,
        new RegExp(
          `^error: answer of GET ${setup.h.base.url}${read.path} exceeds the 64 MiB response limit \\(--max-response-size\\)$`,
        ),
      );
      expect(setup.h.base.requests).toHaveLength(1);
    });

    it.each<{ from: string; flags: string[]; env: Record<string, string>; profile?: string; code: number }>([
      { from: 'the flag', flags: ['--max-response-size', '1KiB'], env: {}, code: 4 },
      { from: 'COOPCTL_MAX_RESPONSE_SIZE', flags: [], env: { COOPCTL_MAX_RESPONSE_SIZE: '1024' }, code: 4 },
      { from: 'the profile', flags: [], env: {}, profile: '1KiB', code: 4 },
      {
        from: 'the flag over the environment',
        flags: ['--max-response-size', '8KiB'],
        env: { COOPCTL_MAX_RESPONSE_SIZE: '1KiB' },
        code: 0,
      },
      {
        from: 'the environment over the profile',
        flags: [],
        env: { COOPCTL_MAX_RESPONSE_SIZE: '8KiB' },
        profile: '1KiB',
        code: 0,
      },
      { from: 'the default (64 MiB)', flags: [], env: {}, code: 0 },
    ])('a 2 KiB answer with the limit from $from: exit $code', async ({ flags, env, profile, code }) => {
      if (profile) expect((await run(['config', 'set', 'maxResponseSize', profile])).code).toBe(0);
      setup.h.base.reply({ json: bigAnswer });
      const r = await run([...flags, ...readArgv], { env });
      expect(r.code, r.stderr).toBe(code);
      if (code === 4)
        expect(r.stderr).toBe(
          `error: answer of GET ${setup.h.base.url}${read.path} exceeds the 1 KiB response limit (--max-response-size)\n`,
        );
    });

    it('-v traces the dropped answer', async () => {
      setup.h.base.reply({ json: bigAnswer });
      const r = await run(['-v', '--max-response-size', '1KiB', ...readArgv]);
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('< 200 OK (application/json, over 1 KiB, dropped) in ');
    });

    it.each([
      [['--max-response-size', '0'], {}, 'maxResponseSize from the command line must be from 1 byte to 256 MiB'],
      [
        ['--max-response-size', '64MB'],
        {},
        'maxResponseSize from the command line must be a size in bytes, or with a KiB, MiB or GiB suffix (e.g. 64MiB)',
      ],
      [['--max-response-size', '1GiB'], {}, 'maxResponseSize from the command line must be from 1 byte to 256 MiB'],
      [
        [],
        { COOPCTL_MAX_RESPONSE_SIZE: 'lots' },
        'maxResponseSize from COOPCTL_MAX_RESPONSE_SIZE must be a size in bytes, or with a KiB, MiB or GiB suffix (e.g. 64MiB)',
      ],
    ])('%j %j: exit 2 naming where the size came from, nothing sent', async (flags, env, message) => {
      const r = await run([...flags, ...readArgv], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`error: ${message}\n`);
      expect(setup.h.base.requests).toHaveLength(0);
    });

    it('config set refuses a size that is not one', async () => {
      const r = await run(['config', 'set', 'maxResponseSize', '12 parsecs']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/maxResponseSize from the command line must be a size/);
    });
  });

  describe('deep nesting', () => {
    it('a record with a [[[…]]] of a few MB in an extra field: exit 4, one line, no stack overflow', async () => {
      const n = 1_000_000;
      const record = JSON.stringify(sampleRecord(read));
      const raw = `[${record.slice(0, -1)},"extra":${'['.repeat(n)}${']'.repeat(n)}}]`;
      setup.h.base.reply({ raw, headers: { 'content-type': 'application/json' } });
      const r = await run(['--json', ...readArgv]);
      expectOneLine(
        r,
        new RegExp(
          `^error: GET ${setup.h.base.url}${read.path} answered HTTP 200 \\(application/json\\): the JSON nests deeper than 64 levels$`,
        ),
      );
    });
  });
});
