/**
 * Each of the 30 operation commands once, through the built `bin/coopctl` as
 * a real process, against the real embedded server (demo data, a real SQLite
 * file): the command reaches the service and prints records of the
 * documented shape, and its exit code is the outcome's (GUIDE §4).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkResponse, outcomeExitCode, sampleParams } from '../../src/catalogue/index.js';
import { commandLine } from '../cli/argv.js';
import { runNode } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'coopctl');

let server: TestServer;
let home: string;
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'main.js')))
    await promisify(execFile)(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root });
  server = await startTestServer();
  home = mkdtempSync(join(tmpdir(), 'coopctl-e2e-commands-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(home, { recursive: true, force: true });
});

describe.each(catalogue.map((op) => [op.command.join(' '), op] as const))('coopctl %s', (_name, op) => {
  it('answers through the built CLI with records of the documented shape and the exit code of their outcome', async () => {
    const args = [...commandLine(op, sampleParams(op)), '--json', ...(op.confirm ? ['--yes'] : [])];
    const env = {
      PATH: process.env['PATH'],
      HOME: home,
      XDG_CONFIG_HOME: home,
      COOPCTL_BASE_URL: server.url,
      COOPCTL_TEST_BASE_URL: server.url,
    };
    const run = await runNode(bin, args, env);
    const check = checkResponse(op, JSON.parse(run.stdout));
    expect(check.ok, run.stderr).toBe(true);
    if (check.ok) expect(run.code, run.stderr).toBe(outcomeExitCode(check.outcome));
  });
});
