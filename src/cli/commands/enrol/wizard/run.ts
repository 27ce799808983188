/**
 * `enrol wizard`: contract → payer → one or more beneficiaries, each with
 * contact, documents, address and health-declaration answers (collect.ts) →
 * summary → submit step by step (submit.ts). Nothing is sent before the
 * summary is confirmed.
 */
import { statSync } from 'node:fs';
import { operation } from '../../../../catalogue/index.js';
import { ExitCode, UsageError } from '../../../exit-codes.js';
import { DECLINED } from '../../../interactive/calls.js';
import type { Invocation } from '../../../invocation.js';
import { text } from './ask.js';
import { collect, type Collected, type EnrolWizardOptions } from './collect.js';
import type { Ids, Step } from './plan.js';
import { submitAll } from './submit.js';

const HINT = 'coopctl enrol wizard --help';

/** A step's parameters in one line (a document's file by path and size instead of its base64). */
function describe(step: Step): string {
  return Object.entries(step.params)
    .map(([k, v]) => {
      if (k === 'arquivo' && step.file) return `arquivo=<${step.file}, ${statSync(step.file).size} bytes>`;
      return `${k}=${text(v)}`;
    })
    .join(' ');
}

const beneficiariesText = (n: number) => `${n} beneficiar${n === 1 ? 'y' : 'ies'}`;

/** It asks on a terminal only; --contrato-id must be a contract id. */
function checkStart(inv: Invocation, options: EnrolWizardOptions): void {
  if (!inv.interactive) {
    throw new UsageError(
      'enrol wizard asks its questions on a terminal: stdin and stdout must be TTYs, without --no-input (use the enrol commands, or enrol batch, in scripts)',
      HINT,
    );
  }
  if (options.contratoId === undefined) return;
  const problem = operation('enrol.payer').params['contrato_id']!.schema.safeParse(options.contratoId);
  if (!problem.success)
    throw new UsageError(`--contrato-id: ${problem.error.issues[0]?.message ?? 'is not valid'}`, HINT);
}

/** Shows every request to submit and asks; false when the user declines. */
async function confirmed(inv: Invocation, options: EnrolWizardOptions, collected: Collected): Promise<boolean> {
  const { steps, beneficiaries } = collected;
  const style = await inv.style('stderr');
  inv.say();
  inv.say(`Enrolment to submit: ${steps.length} requests`, style.bold);
  const width = Math.max(...steps.map((s) => s.label.length));
  for (const step of steps) inv.say(`  ${step.label.padEnd(width)}  ${describe(step)}`);
  inv.say();
  const contract = options.contratoId === undefined ? 'the contract and ' : '';
  const message = `Submit ${contract}${beneficiariesText(beneficiaries)}?`;
  if (await inv.ctx.prompter.confirm({ message, default: true })) return true;
  await inv.notice('cancelled: nothing was sent', 'note');
  return false;
}

export async function runEnrolWizard(inv: Invocation, options: EnrolWizardOptions = {}): Promise<number> {
  checkStart(inv, options);
  inv.say(
    'Enrolment: contract → payer → beneficiaries (contact, documents, address, health declaration). Nothing is sent before the summary; Ctrl-C to stop.',
  );
  inv.say();
  const collected = await collect(inv, options);
  if (!(await confirmed(inv, options, collected))) return DECLINED;
  const ids: Ids = { beneficiaries: new Map() };
  if (options.contratoId !== undefined) ids.contract = options.contratoId;
  const code = await submitAll(inv, collected.steps, ids);
  if (code === ExitCode.ok)
    inv.info(`Enrolled ${beneficiariesText(collected.beneficiaries)} on contract ${ids.contract}.`);
  return code;
}
