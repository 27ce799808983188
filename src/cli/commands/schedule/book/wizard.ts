/**
 * `schedule book <card>` with missing flags on a TTY: the booking wizard.
 * Card checked, beneficiary named (beneficiary.ts) → provider by name
 * (providers.ts) → location → date → time (steps.ts) → e-mail, mobile and
 * address pre-filled → summary and confirmation → enviaagendamento (send.ts).
 * An unknown card or provider is asked again, a location with no free date
 * goes back to the location, a slot taken meanwhile back to the time.
 * Flags given are kept and their steps skipped.
 */
import type { Operation, Params } from '../../../../catalogue/index.js';
import { UsageError } from '../../../exit-codes.js';
import { ruleProblem } from '../../../interactive/fields.js';
import type { Asking, GivenFlags, Output, Service, Settings, Words } from '../../../capabilities.js';
import { flagOf } from '../../../operations/flags.js';
import type { CommandSpec } from '../../../operations/spec.js';
import { askContact, checkCard } from './beneficiary.js';
import { type Booking, locationOf, type Step, text } from './common.js';
import { chooseProvider, knownProviders } from './providers.js';
import { sendStep } from './send.js';
import { dateStep, locationStep, timeStep } from './steps.js';
import { words as bookingWords } from './words.js';

/** What the command line gave is checked before any question (as without the wizard). */
function checkGiven(inv: Words, op: Operation, raw: Params): void {
  const command = `coopctl ${op.command.join(' ')}`;
  const given = Object.entries(raw).flatMap(([name, value]) => {
    const field = op.params[name];
    const problem = field ? ruleProblem(inv.m, field, value) : bookingWords[inv.lang].notAnOption(command);
    return problem ? [`${name}${field ? ` (${flagOf(name)})` : ''}: ${problem}`] : [];
  });
  if (given.length) throw new UsageError(given.join('; '), `${command} --help`);
}

const steps: Readonly<Record<Step, (b: Booking) => Promise<Step | number>>> = {
  provider: async (b) => {
    await chooseProvider(b.inv, b.op, b.params, b.known);
    return 'location';
  },
  location: locationStep,
  date: dateStep,
  time: timeStep,
  contact: async (b) => {
    const location = locationOf(b);
    await askContact(b.inv, b.op, b.params, b.person, location ? text(location['nm_local']) : undefined);
    return 'send';
  },
  send: sendStep,
};

/** Runs the wizard; `raw` holds what the command line gave. Returns the exit code. */
export async function runScheduleWizard(
  inv: Output & Asking & Service & Settings & GivenFlags,
  spec: CommandSpec,
  raw: Params,
): Promise<number> {
  const { op } = spec;
  checkGiven(inv, op, raw);
  const params: Params = { ...raw };
  inv.say(bookingWords[inv.lang].intro);
  const person = await checkCard(inv, op, params);
  if (typeof person === 'number') return person;
  const known = await knownProviders(inv, text(params['usuario_cartao']));
  const booking: Booking = { inv, spec, op, given: { ...raw }, params, person, known, locations: [] };
  let step: Step | number = 'provider';
  while (typeof step !== 'number') step = await steps[step](booking);
  return step;
}
