/**
 * Every operation command, through the built `bin/coopctl` as a real
 * process, against the real embedded server (demo data, a real SQLite file):
 * each call succeeds (exit 0), prints records of the documented shape, and
 * answers what the demo data holds (test/helpers/demo-walk/ walks the
 * commands in an order where every write succeeds).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkResponse, operation } from '../../src/catalogue/index.js';
import { callArgv } from '../cli/argv.js';
import { runNode } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DEMO_NOW, expectedOutcome, steps, type WalkState } from '../helpers/demo-walk/index.js';
import { e2eLocale } from './locale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'coopctl');

let server: TestServer;
let home: string;
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'main.js')))
    await promisify(execFile)(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root });
  server = await startTestServer({ now: () => DEMO_NOW });
  home = mkdtempSync(join(tmpdir(), 'coopctl-e2e-commands-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Runs `coopctl argv --json` as a cron job would: no terminal, both service URLs at the test server. */
function coopctl(argv: readonly string[]) {
  return runNode(bin, [...argv, '--json'], {
    PATH: process.env['PATH'],
    HOME: home,
    XDG_CONFIG_HOME: home,
    COOPCTL_BASE_URL: server.url,
    COOPCTL_TEST_BASE_URL: server.url,
    ...e2eLocale(),
  });
}

describe(`the ${catalogue.length} operation commands against the demo data`, () => {
  it('the walk calls every operation of the catalogue', () => {
    expect(new Set(steps.map((s) => s.op))).toEqual(new Set(catalogue.map((op) => op.id)));
  });

  const state: WalkState = {};
  describe.each(steps.map((step) => [`coopctl ${operation(step.op).command.join(' ')}`, step] as const))(
    '%s',
    (_name, step) => {
      it(step.title, async () => {
        const op = operation(step.op);
        const run = await coopctl(callArgv(op, step.params(state)));
        expect(run.code, run.stderr).toBe(0);
        const check = checkResponse(op, JSON.parse(run.stdout));
        if (!check.ok) throw new Error(`not the documented shape: ${check.problem}`);
        expect(check.outcome).toBe(expectedOutcome(op));
        step.check(check.records, state);
      });
    },
  );
});
