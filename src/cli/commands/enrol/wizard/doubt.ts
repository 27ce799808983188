/**
 * A step that a draft says was sent without an answer (the process died
 * mid-request, Ctrl-C while waiting, or the connection failed): the service
 * may or may not have done it, and the spec has no idempotency key. Before
 * anything else is sent, the resumed wizard decides with the person at the
 * terminal, reading the service as `enrol batch` does (batch/reconcile.ts):
 *
 * - a contract: the service's empty contracts (`proposta`, no lives) with the
 *   same registro_ans. None → it was not created: sent again. Otherwise they
 *   are listed, to pick the one it created, or to send it again.
 * - a beneficiary: its contract's lives (`cv_qtd_vida`) against those the
 *   draft knows (a contract it created): the same → sent again; one more →
 *   it was created and its id is lost: the wizard asks for its beneficiario_id.
 *   Otherwise (an existing contract, or others changed it), the person decides.
 * - a contact, document or address: sent again only if the person says so
 *   (it may then be stored twice); otherwise taken as done.
 * - the payer, a declaration answer: sent again (they replace what they replace).
 */
import { operation, type RecordOf, typedRecords } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import { ruleProblem } from '../../../interactive/fields.js';
import { lookup } from '../../../interactive/calls.js';
import type { Invocation } from '../../../invocation.js';
import { text } from './answers.js';
import type { WizardState } from './draft.js';
import type { Step } from './plan.js';

/** Go on (the step is settled: sent again, or taken as done), or stop here keeping the draft. */
export type Decision = 'go' | 'quit';

type Listed = RecordOf<'enrol.contract.search'>;

/** The contracts the service lists (one, by id), or why it cannot tell. */
async function contracts(inv: Invocation, contratoId?: string): Promise<Listed[] | string> {
  const op = operation('enrol.contract.search');
  const found = await lookup(inv, op, contratoId === undefined ? {} : { contrato_id: contratoId });
  if (!found.ok) return found.code === ExitCode.noResult ? [] : found.problem;
  return typedRecords(op, found.rows);
}

function settle(s: WizardState, step: Step, id?: string): Decision {
  s.progress.done[step.id] = id === undefined ? {} : { id };
  delete s.progress.sending;
  return 'go';
}

function sendAgain(s: WizardState): Decision {
  delete s.progress.sending;
  return 'go';
}

async function contractInDoubt(inv: Invocation, s: WizardState, step: Step): Promise<Decision> {
  const said = inv.m.enrolDrafts;
  const listed = await contracts(inv);
  if (typeof listed === 'string') inv.say(said.cannotCheck(listed));
  const registro = text(s.e.contract['registro_ans']);
  const candidates =
    typeof listed === 'string'
      ? []
      : listed.filter(
          (c) =>
            String(c.plano_nro_reg_ans) === registro &&
            c.cv_qtd_vida === 0 &&
            (c.cv_situacao === undefined || c.cv_situacao === 'proposta'),
        );
  if (typeof listed !== 'string' && candidates.length === 0) {
    inv.say(said.noEmptyContract(registro));
    return sendAgain(s);
  }
  const picked = await inv.ctx.prompter.select({
    message: said.contractCreatedQuestion,
    choices: [
      ...candidates.map((c) => ({
        name: said.itIsContract(String(c.cv_nro), c.cv_situacao, registro),
        value: String(c.cv_nro),
      })),
      { name: said.sendAgain, value: 'again' },
      { name: said.quitCheck, value: 'quit' },
    ],
  });
  if (picked === 'quit') return 'quit';
  return picked === 'again' ? sendAgain(s) : settle(s, step, picked);
}

/** Asks for the id of a beneficiary that was created (Enter: quit, keeping the draft). */
async function typedId(inv: Invocation, s: WizardState, step: Step): Promise<Decision> {
  const field = operation('enrol.beneficiary.contact').params['beneficiario_id']!;
  const id = await inv.ctx.prompter.input({
    message: inv.m.enrolDrafts.typeId(step.label),
    validate: (v) => (v.trim() === '' ? true : (ruleProblem(inv.m, field, v.trim()) ?? true)),
  });
  return id.trim() === '' ? 'quit' : settle(s, step, id.trim());
}

async function beneficiaryInDoubt(inv: Invocation, s: WizardState, step: Step, contract: string): Promise<Decision> {
  const said = inv.m.enrolDrafts;
  const known = s.progress.sending?.lives;
  const listed = await contracts(inv, contract);
  const lives = typeof listed === 'string' ? undefined : listed[0]?.cv_qtd_vida;
  if (known !== undefined && lives === known) {
    inv.say(said.sameLives(contract, lives, step.label));
    return sendAgain(s);
  }
  if (known !== undefined && lives === known + 1) {
    inv.say(said.oneMore(contract, step.label));
    return typedId(inv, s, step);
  }
  const now =
    typeof listed === 'string'
      ? said.cannotCheckSearch(listed)
      : lives === undefined
        ? said.contractNotFound(contract)
        : said.contractLives(contract, lives, known);
  inv.say(said.unknownIfCreated(step.label, now));
  const picked = await inv.ctx.prompter.select({
    message: said.createdQuestion(step.label),
    choices: [
      { name: said.itWas, value: 'id' },
      { name: said.sendAgain, value: 'again' },
      { name: said.quitCheck, value: 'quit' },
    ],
  });
  if (picked === 'quit') return 'quit';
  return picked === 'again' ? sendAgain(s) : typedId(inv, s, step);
}

/** Settles the step the draft sent without an answer, if any, before anything else is sent. */
export async function settleDoubt(
  inv: Invocation,
  s: WizardState,
  steps: readonly Step[],
  contract: string | undefined,
): Promise<Decision> {
  const sending = s.progress.sending;
  if (!sending) return 'go';
  const step = steps.find((st) => st.id === sending.key);
  // The step is no longer in the plan (its answers were removed): nothing to decide.
  if (!step || s.progress.done[step.id]) return sendAgain(s);
  const said = inv.m.enrolDrafts;
  inv.say(said.sentNoAnswer(step.label, sending.problem ?? ''));
  if (step.defines?.kind === 'contract') return contractInDoubt(inv, s, step);
  if (step.defines?.kind === 'beneficiary' && contract !== undefined) return beneficiaryInDoubt(inv, s, step, contract);
  if (!step.creates) {
    inv.say(said.sentAgainReplaces);
    return sendAgain(s);
  }
  const again = await inv.ctx.prompter.confirm({
    message: said.sendAgainQuestion(step.label),
    default: true,
  });
  return again ? sendAgain(s) : settle(s, step);
}
