/**
 * Every operation command, through the built `bin/coopctl` as a real
 * process, against the real embedded server (demo data, a real SQLite file):
 * each call succeeds (exit 0), prints records of the documented shape, and
 * answers what the demo data holds (test/helpers/demo-walk/ walks the
 * commands in an order where every write succeeds).
 */
import { describe, expect, it } from 'vitest';
import { catalogue, checkResponse, operation } from '../../src/catalogue/index.js';
import { callArgv } from '../cli/argv.js';
import { shapeText } from '../helpers/words.js';
import { useDemoWorld } from './demo-world.js';
import { expectedOutcome, steps, type WalkState } from '../helpers/demo-walk/index.js';

const world = useDemoWorld('coopctl-e2e-commands-');

/** Runs `coopctl argv --json` as a cron job would: no terminal, both service URLs at the test server. */
function coopctl(argv: readonly string[]) {
  return world.coopctl([...argv, '--json']);
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
        if (!check.ok) throw new Error(`not the documented shape: ${shapeText(check.fault)}`);
        expect(check.outcome).toBe(expectedOutcome(op));
        step.check(check.records, state);
      });
    },
  );
});
