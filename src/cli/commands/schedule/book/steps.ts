/**
 * The booking wizard's choices: the location (from buscalocaisatendimento),
 * then the date (buscadatasdisponiveis, shown as a calendar) and the time
 * (buscahorariosdisponiveis: sets tp_evento, dt_hr_inicio, dt_hr_fim).
 * Each returns what was chosen, or an exit code when there is nothing to choose.
 */
import { weekday } from '../../../../catalogue/dates.js';
import { operation, type Operation, type Params, type Row } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import { lookup, type Lookup } from '../../../interactive/calls.js';
import { askField } from '../../../interactive/fields.js';
import type { Invocation } from '../../../invocation.js';
import { inputOptions } from '../../../operations/input.js';
import { renderCalendar } from '../../../output/calendar.js';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function weekdayOf(date: string): string {
  return WEEKDAY[weekday(date)]!;
}

export const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Asks for `name` unless the command line gave it. */
export async function ask(inv: Invocation, op: Operation, params: Params, name: string, fallback?: string) {
  if (params[name] !== undefined) return;
  const input = inputOptions(inv);
  const answer = await askField(
    inv.ctx.prompter,
    name,
    op.params[name]!,
    fallback ? { ...input, default: fallback } : input,
  );
  if (answer !== undefined) params[name] = answer;
}

/** Says why the wizard stops; returns the exit code. */
export async function fail(inv: Invocation, code: number, problem: string): Promise<number> {
  await inv.notice(problem, code === ExitCode.noResult ? 'note' : 'error');
  return code;
}

/** The free slot chosen: its date and times. */
export interface When {
  readonly date: string;
  readonly start: string;
  readonly end: string;
}

/** The location: chosen from the provider's list unless --cd-local was given (read anyway, for its name). */
export async function chooseLocation(
  inv: Invocation,
  params: Params,
  provider: string,
): Promise<{ readonly location: Row | undefined } | number> {
  const locations = await lookup(inv, operation('schedule.locations'), { prest_cod_svc_card: provider });
  if (params['cd_local'] === undefined) {
    if (!locations.ok)
      return fail(inv, locations.code, `provider ${provider} has no service location to choose: ${locations.problem}`);
    params['cd_local'] = await pickLocation(inv, locations.rows, provider);
  }
  const place = text(params['cd_local']);
  return { location: locations.ok ? locations.rows.find((r) => text(r['cd_local']) === place) : undefined };
}

async function pickLocation(inv: Invocation, rows: readonly Row[], provider: string): Promise<string> {
  const choices = rows.map((r) => ({
    name: `${text(r['nm_local'])} (${text(r['cd_local'])})`,
    value: text(r['cd_local']),
  }));
  if (choices.length !== 1) return inv.ctx.prompter.select({ message: `Location of provider ${provider}`, choices });
  inv.say(`Location: ${choices[0]!.name}, the provider's only one.`);
  return choices[0]!.value;
}

/** Date and time from the free slots; sets the three slot parameters. */
export async function chooseSlot(inv: Invocation, params: Params, where: Params): Promise<When | number> {
  const dates = await lookup(inv, operation('schedule.dates'), where);
  if (!dates.ok)
    return fail(
      inv,
      dates.code,
      `no free date at location ${text(where['cd_local'])} of provider ${text(where['prest_cod_svc_card'])}: ${dates.problem}`,
    );
  const date = await pickDate(inv, dates, text(params['dt_hr_inicio']).slice(0, 10));
  const times = await lookup(inv, operation('schedule.times'), { ...where, data_consulta: date });
  if (!times.ok) return fail(inv, times.code, `no free time on ${date}: ${times.problem}`);
  const wanted = params['tp_evento'] === undefined ? undefined : text(params['tp_evento']);
  const slots = times.rows.filter((r) => wanted === undefined || text(r['tp_evento']) === wanted);
  if (slots.length === 0) return fail(inv, ExitCode.noResult, `no free time of tp_evento ${wanted} on ${date}`);
  const slot = await pickTime(inv, slots, date);
  const when = { date, start: text(slot['hora_inicio']), end: text(slot['hora_fim']) };
  params['tp_evento'] = text(slot['tp_evento']);
  params['dt_hr_inicio'] = `${date} ${when.start}`;
  params['dt_hr_fim'] = `${date} ${when.end}`;
  return when;
}

/** The calendar of free dates, then the choice (the date of --dt-hr-inicio preselected when free). */
async function pickDate(inv: Invocation, dates: Lookup & { ok: true }, given: string): Promise<string> {
  const list = [...new Set(dates.rows.map((r) => text(r['data_consulta'])))].sort();
  inv.say();
  inv.ctx.stderr.write(renderCalendar(list, await inv.style('stderr')));
  inv.say();
  return inv.ctx.prompter.select({
    message: 'Date',
    choices: list.map((d) => ({ name: `${d} ${weekdayOf(d)}`, value: d })),
    ...(list.includes(given) ? { default: given } : {}),
  });
}

async function pickTime(inv: Invocation, slots: readonly Row[], date: string): Promise<Row> {
  const index = await inv.ctx.prompter.select({
    message: `Time on ${date}`,
    choices: slots.map((r, i) => ({
      name: `${text(r['hora_inicio'])}–${text(r['hora_fim'])}  event type ${text(r['tp_evento'])}`,
      value: String(i),
    })),
  });
  return slots[Number(index)]!;
}
