/**
 * `schedule book <card>` with missing flags on a TTY: the booking wizard.
 * Provider (asked when missing) → location → date → time (steps.ts) →
 * contact fields → summary and confirmation → enviaagendamento → cd_evento.
 * Flags already given are kept and their steps skipped.
 */
import { maskValue } from '../../../../client/mask.js';
import type { Operation, Params, Row } from '../../../../catalogue/index.js';
import { ExitCode, UsageError } from '../../../exit-codes.js';
import { DECLINED, createdId, submit } from '../../../interactive/calls.js';
import { ruleProblem } from '../../../interactive/fields.js';
import type { Invocation } from '../../../invocation.js';
import { flagOf } from '../../../operations/flags.js';
import { reportAnswer } from '../../../operations/report.js';
import type { CommandSpec } from '../../../operations/spec.js';
import { ask, chooseLocation, chooseSlot, text, weekdayOf, type When } from './steps.js';

/** What the command line gave is checked before any question (as without the wizard). */
function checkGiven(op: Operation, raw: Params): void {
  const given = Object.entries(raw).flatMap(([name, value]) => {
    const field = op.params[name];
    const problem = field ? ruleProblem(field, value) : `is not a parameter of ${op.name}`;
    return problem ? [`${name}${field ? ` (${flagOf(name)})` : ''}: ${problem}`] : [];
  });
  if (given.length) throw new UsageError(given.join('; '), `coopctl ${op.command.join(' ')} --help`);
}

/** The summary lines before the question (the card masked, as in the confirmation questions: it is on stderr). */
function summaryRows(params: Params, location: Row | undefined): Array<[string, string]> {
  const start = text(params['dt_hr_inicio']);
  const place = text(params['cd_local']);
  const day = /^\d{4}-\d{2}-\d{2}/.test(start) ? weekdayOf(start.slice(0, 10)) : '';
  return [
    ['card', maskValue('usuario_cartao', text(params['usuario_cartao']))],
    ['provider', text(params['prest_cod_svc_card'])],
    ['location', location ? `${place} ${text(location['nm_local'])}` : place],
    ['date', `${start.slice(0, 10)} ${day}`.trim()],
    ['time', `${start.slice(11)}–${text(params['dt_hr_fim']).slice(11)} (tp_evento ${text(params['tp_evento'])})`],
    ['e-mail', text(params['ds_email'])],
    ['mobile', `(${text(params['nr_ddd_celular'])}) ${text(params['nr_celular'])}`],
    ['address', text(params['ds_endereco'])],
  ];
}

/** Shows the summary and asks; false when the user declines. */
async function confirmed(inv: Invocation, params: Params, location: Row | undefined): Promise<boolean> {
  const style = await inv.style('stderr');
  inv.say();
  inv.say('Appointment to book', style.bold);
  for (const [label, value] of summaryRows(params, location)) inv.say(`  ${label.padEnd(9)} ${value}`);
  inv.say();
  if (await inv.ctx.prompter.confirm({ message: 'Book this appointment?', default: true })) return true;
  await inv.notice('cancelled: nothing was sent', 'note');
  return false;
}

/** Sends the booking and reports it, with the appointment's id and how to cancel it. */
async function bookIt(
  inv: Invocation,
  spec: CommandSpec,
  params: Params,
  when: When | undefined,
  location: Row | undefined,
): Promise<number> {
  const sent = await submit(inv, spec, params);
  if (sent.kind === 'stopped') return sent.code;
  const code = await reportAnswer(inv, spec, sent.result);
  const id = createdId(sent.records, 'cd_evento');
  if (code !== ExitCode.ok) return code;
  const at = when ? `${when.date} ${when.start}–${when.end}` : text(params['dt_hr_inicio']);
  const where = location ? text(location['nm_local']) : `location ${text(params['cd_local'])}`;
  inv.info(
    `Booked${id ? ` appointment ${id}` : ''}: ${at} at ${where}.${id ? ` To cancel: coopctl schedule cancel ${id}` : ''}`,
  );
  return code;
}

const slotGiven = (params: Params) =>
  params['tp_evento'] !== undefined && params['dt_hr_inicio'] !== undefined && params['dt_hr_fim'] !== undefined;

/** Runs the wizard; `raw` holds what the command line gave. Returns the exit code. */
export async function runScheduleWizard(inv: Invocation, spec: CommandSpec, raw: Params): Promise<number> {
  const { op } = spec;
  checkGiven(op, raw);
  const params: Params = { ...raw };
  inv.say('Book an appointment: choose a location, a date and a time from the free slots (Ctrl-C to stop).');
  await ask(inv, op, params, 'usuario_cartao');
  await ask(inv, op, params, 'prest_cod_svc_card');
  const provider = text(params['prest_cod_svc_card']);
  const chosen = await chooseLocation(inv, params, provider);
  if (typeof chosen === 'number') return chosen;
  const { location } = chosen;
  let when: When | undefined;
  if (!slotGiven(params)) {
    const slot = await chooseSlot(inv, params, { cd_local: text(params['cd_local']), prest_cod_svc_card: provider });
    if (typeof slot === 'number') return slot;
    when = slot;
  }
  // The contact fields; the address defaults to the location's name.
  for (const name of ['ds_email', 'nr_ddd_celular', 'nr_celular']) await ask(inv, op, params, name);
  await ask(inv, op, params, 'ds_endereco', location ? text(location['nm_local']) : undefined);
  if (!(await confirmed(inv, params, location))) return DECLINED;
  return bookIt(inv, spec, params, when, location);
}
