/**
 * `schedule book <card>` with missing flags on a TTY: the scheduling wizard.
 * Provider (asked when missing) → location (from buscalocaisatendimento) →
 * date (buscadatasdisponiveis, shown as a calendar) → time
 * (buscahorariosdisponiveis: sets tp_evento, dt_hr_inicio, dt_hr_fim) →
 * contact fields → summary and confirmation → enviaagendamento → cd_evento.
 * Flags already given are kept and their steps skipped.
 */
import { maskValue } from '../../client/mask.js';
import { operation, type Operation, type Params, type Row } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { renderCalendar } from '../output/calendar.js';
import { flagOf } from '../operations/flags.js';
import { reportAnswer } from '../operations/report.js';
import { DECLINED, createdId, lookup, submit } from './calls.js';
import { askField, ruleProblem } from './fields.js';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function weekdayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAY[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Writes to stderr whatever --quiet says: the wizard's screens are its questions' context. */
function say(inv: Invocation, line = '', dress?: (safe: string) => string): void {
  inv.say(line, dress);
}

async function ask(inv: Invocation, op: Operation, params: Params, name: string, fallback?: string): Promise<void> {
  if (params[name] !== undefined) return;
  const answer = await askField(inv.ctx.prompter, name, op.params[name]!, fallback ? { default: fallback } : {});
  if (answer !== undefined) params[name] = answer;
}

async function fail(inv: Invocation, code: number, problem: string): Promise<number> {
  await inv.notice(problem, code === ExitCode.noResult ? 'note' : 'error');
  return code;
}

/** Runs the wizard; `raw` holds what the command line gave. Returns the exit code. */
export async function runScheduleWizard(inv: Invocation, op: Operation, raw: Params): Promise<number> {
  const { prompter } = inv.ctx;
  // What the command line gave is checked before any question (as without the wizard).
  const given = Object.entries(raw).flatMap(([name, value]) => {
    const field = op.params[name];
    const problem = field ? ruleProblem(field, value) : 'is not a parameter of enviaagendamento';
    return problem ? [`${name}${field ? ` (${flagOf(name)})` : ''}: ${problem}`] : [];
  });
  if (given.length) throw new UsageError(given.join('; '), 'coopctl schedule book --help');
  const params: Params = { ...raw };
  say(inv, 'Book an appointment: choose a location, a date and a time from the free slots (Ctrl-C to stop).');
  await ask(inv, op, params, 'usuario_cartao');
  await ask(inv, op, params, 'prest_cod_svc_card');
  const provider = text(params['prest_cod_svc_card']);

  // Location: from the provider's list (also read when --cd-local is given, for its name).
  const locations = await lookup(inv, operation('schedule.locations'), { prest_cod_svc_card: provider });
  let location: Row | undefined;
  if (params['cd_local'] === undefined) {
    if (!locations.ok)
      return fail(inv, locations.code, `provider ${provider} has no service location to choose: ${locations.problem}`);
    const choices = locations.rows.map((r) => ({
      name: `${text(r['nm_local'])} (${text(r['cd_local'])})`,
      value: text(r['cd_local']),
    }));
    if (choices.length === 1) say(inv, `Location: ${choices[0]!.name}, the provider's only one.`);
    params['cd_local'] =
      choices.length === 1
        ? choices[0]!.value
        : await prompter.select({ message: `Location of provider ${provider}`, choices });
  }
  const place = text(params['cd_local']);
  if (locations.ok) location = locations.rows.find((r) => text(r['cd_local']) === place);

  // Date and time: the free slots, unless all three slot flags were given.
  let when: { date: string; start: string; end: string } | undefined;
  if (params['tp_evento'] === undefined || params['dt_hr_inicio'] === undefined || params['dt_hr_fim'] === undefined) {
    const where = { cd_local: place, prest_cod_svc_card: provider };
    const dates = await lookup(inv, operation('schedule.dates'), where);
    if (!dates.ok)
      return fail(inv, dates.code, `no free date at location ${place} of provider ${provider}: ${dates.problem}`);
    const list = [...new Set(dates.rows.map((r) => text(r['data_consulta'])))].sort();
    say(inv);
    inv.ctx.stderr.write(renderCalendar(list, await inv.style('stderr')));
    say(inv);
    const given = text(params['dt_hr_inicio']).slice(0, 10);
    const date = await prompter.select({
      message: 'Date',
      choices: list.map((d) => ({ name: `${d} ${weekdayOf(d)}`, value: d })),
      ...(list.includes(given) ? { default: given } : {}),
    });
    const times = await lookup(inv, operation('schedule.times'), { ...where, data_consulta: date });
    if (!times.ok) return fail(inv, times.code, `no free time on ${date}: ${times.problem}`);
    const wanted = params['tp_evento'] === undefined ? undefined : text(params['tp_evento']);
    const slots = times.rows.filter((r) => wanted === undefined || text(r['tp_evento']) === wanted);
    if (slots.length === 0) return fail(inv, ExitCode.noResult, `no free time of tp_evento ${wanted} on ${date}`);
    const index = await prompter.select({
      message: `Time on ${date}`,
      choices: slots.map((r, i) => ({
        name: `${text(r['hora_inicio'])}–${text(r['hora_fim'])}  event type ${text(r['tp_evento'])}`,
        value: String(i),
      })),
    });
    const slot = slots[Number(index)]!;
    when = { date, start: text(slot['hora_inicio']), end: text(slot['hora_fim']) };
    params['tp_evento'] = text(slot['tp_evento']);
    params['dt_hr_inicio'] = `${date} ${when.start}`;
    params['dt_hr_fim'] = `${date} ${when.end}`;
  }

  // The contact fields; the address defaults to the location's name.
  await ask(inv, op, params, 'ds_email');
  await ask(inv, op, params, 'nr_ddd_celular');
  await ask(inv, op, params, 'nr_celular');
  await ask(inv, op, params, 'ds_endereco', location ? text(location['nm_local']) : undefined);

  const style = await inv.style('stderr');
  const start = text(params['dt_hr_inicio']);
  const rows: Array<[string, string]> = [
    // Masked, as in the confirmation questions (safety/confirm.ts): the summary is on stderr.
    ['card', maskValue('usuario_cartao', text(params['usuario_cartao']))],
    ['provider', provider],
    ['location', location ? `${place} ${text(location['nm_local'])}` : place],
    ['date', `${start.slice(0, 10)} ${/^\d{4}-\d{2}-\d{2}/.test(start) ? weekdayOf(start.slice(0, 10)) : ''}`.trim()],
    ['time', `${start.slice(11)}–${text(params['dt_hr_fim']).slice(11)} (tp_evento ${text(params['tp_evento'])})`],
    ['e-mail', text(params['ds_email'])],
    ['mobile', `(${text(params['nr_ddd_celular'])}) ${text(params['nr_celular'])}`],
    ['address', text(params['ds_endereco'])],
  ];
  say(inv);
  say(inv, 'Appointment to book', style.bold);
  for (const [label, value] of rows) say(inv, `  ${label.padEnd(9)} ${value}`);
  say(inv);
  if (!(await prompter.confirm({ message: 'Book this appointment?', default: true }))) {
    await inv.notice('cancelled: nothing was sent', 'note');
    return DECLINED;
  }

  const sent = await submit(inv, op, params);
  if (sent.kind === 'stopped') return sent.code;
  const code = await reportAnswer(inv, op, sent.result);
  const id = createdId(sent.records, 'cd_evento');
  if (code === ExitCode.ok) {
    const at = when ? `${when.date} ${when.start}–${when.end}` : start;
    inv.info(
      `Booked${id ? ` appointment ${id}` : ''}: ${at} at ${location ? text(location['nm_local']) : `location ${place}`}.${id ? ` To cancel: coopctl schedule cancel ${id}` : ''}`,
    );
  }
  return code;
}
