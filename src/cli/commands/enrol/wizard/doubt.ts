/**
 * A step that a draft says was sent without an answer (the process died
 * mid-request, Ctrl-C while waiting, the connection failed, a 5xx): the
 * service may or may not have done it, and the spec has no idempotency key.
 * Before anything else is sent, the resumed wizard settles it by the
 * enrolment engine's decision (enrol/doubt.ts, as `enrol batch` does), with
 * the person at the terminal where the engine cannot decide:
 *
 * - a contract: none of the service's empty contracts can be it → sent
 *   again. Otherwise they are listed, to pick the one it created, or to send
 *   it again.
 * - a beneficiary: its contract's lives against those the draft knows: the
 *   same → sent again; one more → it was created and its id is lost: the
 *   wizard asks for its beneficiario_id. Otherwise (an existing contract, or
 *   others changed it), the person decides.
 * - a contact, document or address: sent again only if the person says so
 *   (it may then be stored twice); otherwise taken as done.
 * - the payer, a declaration answer: sent again (they replace what they replace).
 */
import { operation, typedRecords } from '../../../../catalogue/index.js';
import { type Decision, decideBeneficiaries, decideContract, decideRecord, type Search } from '../../../enrol/doubt.js';
import { draftStore } from '../../../enrol/draft.js';
import { ExitCode } from '../../../exit-codes.js';
import { ruleProblem } from '../../../interactive/fields.js';
import { lookup } from '../../../interactive/calls.js';
import type { Io } from '../../../capabilities.js';
import type { WizardState } from './draft.js';
import type { Step } from './plan.js';
import { idsOf } from './steps.js';
import { words as draftWords } from '../../../enrol/draft-words.js';

/** Go on (the step is settled: sent again, or taken as done), or stop here keeping the draft. */
export type Settled = 'go' | 'quit';

/** contrato/search through the wizard's lookups. */
function searchOf(inv: Io): Search {
  const op = operation('enrol.contract.search');
  return async (contratoId) => {
    const found = await lookup(inv, op, contratoId === undefined ? {} : { contrato_id: contratoId });
    if (!found.ok) return found.code === ExitCode.noResult ? [] : found.problem;
    return typedRecords(op, found.rows);
  };
}

function settle(s: WizardState, step: Step, id?: string): Settled {
  s.progress.done[step.id] = id === undefined ? {} : { id };
  delete s.progress.sending;
  return 'go';
}

function sendAgain(s: WizardState): Settled {
  delete s.progress.sending;
  return 'go';
}

async function contractInDoubt(inv: Io, s: WizardState, step: Step, d: Decision): Promise<Settled> {
  const said = draftWords[inv.lang];
  const registro = String(step.params['registro_ans']);
  if (d.kind === 'send') {
    inv.say(said.noEmptyContract(registro));
    return sendAgain(s);
  }
  const why = d.kind === 'undecided' ? d.why : undefined;
  if (why?.kind === 'search') inv.say(said.cannotCheck(why.problem));
  const candidates = why?.kind === 'candidates' ? why.contracts : [];
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
async function typedId(inv: Io, s: WizardState, step: Step): Promise<Settled> {
  const field = operation('enrol.beneficiary.contact').params['beneficiario_id']!;
  const id = await inv.ctx.prompter.input({
    message: draftWords[inv.lang].typeId(step.label),
    validate: (v) => (v.trim() === '' ? true : (ruleProblem(inv.m, field, v.trim()) ?? true)),
  });
  return id.trim() === '' ? 'quit' : settle(s, step, id.trim());
}

async function beneficiaryInDoubt(inv: Io, s: WizardState, step: Step, d: Decision): Promise<Settled> {
  const said = draftWords[inv.lang];
  if (d.kind === 'send' && d.lives) {
    inv.say(said.sameLives(d.lives.contract, d.lives.lives, step.label));
    return sendAgain(s);
  }
  if (d.kind === 'created') {
    inv.say(said.oneMore(d.lives.contract, step.label));
    return typedId(inv, s, step);
  }
  const why = d.kind === 'undecided' ? d.why : { kind: 'no-parent' as const };
  const now =
    why.kind === 'lives'
      ? said.contractLives(why.contract, why.lives, why.known)
      : why.kind === 'not-found'
        ? said.contractNotFound(why.contract)
        : said.cannotCheckSearch(why.kind === 'search' ? why.problem : said.idUnknown);
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
export async function settleDoubt(inv: Io, s: WizardState, steps: readonly Step[]): Promise<Settled> {
  const sending = s.progress.sending;
  if (!sending) return 'go';
  const step = steps.find((st) => st.id === sending.key);
  // The step is no longer in the plan (its answers were removed): nothing to decide.
  if (!step || s.progress.done[step.id]) return sendAgain(s);
  const said = draftWords[inv.lang];
  inv.say(said.sentNoAnswer(step.label, sending.problem ?? ''));
  const store = draftStore(
    s.progress,
    () => undefined,
    () => undefined,
  );
  const search = searchOf(inv);
  if (step.kind === 'contract') return contractInDoubt(inv, s, step, decideContract(step, await search(), store));
  if (step.kind === 'beneficiary') {
    const contract = idsOf(s.e, s.progress).contract ?? '';
    return beneficiaryInDoubt(inv, s, step, await decideBeneficiaries(contract, store, search));
  }
  if (decideRecord(step).kind === 'send') {
    inv.say(said.sentAgainReplaces);
    return sendAgain(s);
  }
  const again = await inv.ctx.prompter.confirm({ message: said.sendAgainQuestion(step.label), default: true });
  return again ? sendAgain(s) : settle(s, step);
}
