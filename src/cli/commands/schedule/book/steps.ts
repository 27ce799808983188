/**
 * The booking wizard's choices from the live lists: the location
 * (buscalocaisatendimento), the date (buscadatasdisponiveis, shown as a
 * calendar) and the time (buscahorariosdisponiveis: sets tp_evento,
 * dt_hr_inicio, dt_hr_fim). Each returns the next step, which may be an
 * earlier one (a provider with no location, a location with no free date, a
 * date with no free time left), or an exit code when there is nothing to go
 * back to.
 */
import { operation, type Params, type Row } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import { lookup } from '../../../interactive/calls.js';
import { renderCalendar } from '../../../output/calendar.js';
import type { Choice } from '../../../prompter.js';
import { type Booking, dayLabel, fail, forget, isGiven, placeLabel, type Step, text } from './common.js';
import { matchesTerm, providerLabel } from './providers.js';
import { words as bookingWords } from './words.js';

/** Above this many locations, the list is searched as the user types. */
const SEARCH_ABOVE = 10;
const SLOT = ['tp_evento', 'dt_hr_inicio', 'dt_hr_fim'] as const;
/** The location list's way back to the provider, the time list's to the dates (never a code: codes are digits). */
const OTHER_PROVIDER = 'other-provider';
const OTHER_DATE = 'other-date';

const providerOf = (b: Booking) => providerLabel(b.inv.m, text(b.params['prest_cod_svc_card']), b.known);
const where = (b: Booking): Params => ({
  cd_local: text(b.params['cd_local']),
  prest_cod_svc_card: text(b.params['prest_cod_svc_card']),
});

/** The provider's locations; the one chosen unless given. A provider with none is asked again. */
export async function locationStep(b: Booking): Promise<Step | number> {
  const { inv } = b;
  const provider = text(b.params['prest_cod_svc_card']);
  const read = await lookup(inv, operation('schedule.locations'), { prest_cod_svc_card: provider });
  if (!read.ok) {
    if (read.code !== ExitCode.noResult)
      return fail(inv, read.code, bookingWords[inv.lang].cannotReadLocations(providerOf(b), read.problem));
    await inv.notice(bookingWords[inv.lang].noLocation(providerOf(b), read.problem), 'note');
    forget(b, ['prest_cod_svc_card'], true);
    forget(b, ['cd_local']);
    return 'provider';
  }
  b.locations = read.rows;
  if (b.params['cd_local'] === undefined) {
    const picked = await pickLocation(b, read.rows);
    if (picked === OTHER_PROVIDER) {
      forget(b, ['prest_cod_svc_card']);
      return 'provider';
    }
    b.params['cd_local'] = picked;
  }
  return SLOT.every((name) => isGiven(b, name)) ? 'contact' : 'date';
}

/** The location's code, or OTHER_PROVIDER (offered unless the command line gave the provider). */
async function pickLocation(b: Booking, rows: readonly Row[]): Promise<string> {
  const choices: Choice<string>[] = rows.map((r) => ({
    name: `${text(r['nm_local'])} (${text(r['cd_local'])})`,
    value: text(r['cd_local']),
  }));
  const { inv } = b;
  const booking = bookingWords[inv.lang];
  const message = booking.locationQuestion(providerOf(b));
  if (choices.length === 1) {
    inv.say(booking.onlyLocation(choices[0]!.name));
    return choices[0]!.value;
  }
  const back = isGiven(b, 'prest_cod_svc_card') ? [] : [{ name: booking.anotherProvider, value: OTHER_PROVIDER }];
  if (choices.length <= SEARCH_ABOVE) return inv.prompter.select({ message, choices: [...choices, ...back] });
  return inv.prompter.search({
    message: booking.typeToFilter(message),
    source: (term) => [...choices.filter((c) => matchesTerm(term.trim(), c.name)), ...back],
    pageSize: SEARCH_ABOVE,
  });
}

/** Where to go back to when this location has no free date: another location, else another provider. */
function backFromNoDate(b: Booking): 'location' | 'provider' | undefined {
  if (!isGiven(b, 'cd_local') && b.locations.length > 1) return 'location';
  if (!isGiven(b, 'prest_cod_svc_card') && !isGiven(b, 'cd_local')) return 'provider';
  return undefined;
}

/** The calendar of free dates, then the choice (the last date chosen, or the date of --dt-hr-inicio, preselected). */
export async function dateStep(b: Booking): Promise<Step | number> {
  const { inv } = b;
  const read = await lookup(inv, operation('schedule.dates'), where(b));
  if (!read.ok) {
    const back = read.code === ExitCode.noResult ? backFromNoDate(b) : undefined;
    const problem = bookingWords[inv.lang].noFreeDate(placeLabel(b), providerOf(b), read.problem);
    if (back === undefined) return fail(inv, read.code, problem);
    await inv.notice(bookingWords[inv.lang].noFreeDateBack(placeLabel(b), read.problem, back), 'note');
    forget(b, back === 'provider' ? ['prest_cod_svc_card', 'cd_local'] : ['cd_local']);
    return back;
  }
  const list = [...new Set(read.rows.map((r) => text(r['data_consulta'])))].sort();
  const wanted = b.date ?? text(b.given['dt_hr_inicio']).slice(0, 10);
  inv.say();
  inv.stderr.write(renderCalendar(list, await inv.style('stderr'), inv.lang));
  inv.say();
  b.date = await inv.prompter.select({
    message: bookingWords[inv.lang].dateQuestion,
    choices: list.map((d) => ({ name: dayLabel(inv.lang, d), value: d })),
    ...(list.includes(wanted) ? { default: wanted } : {}),
  });
  return 'time';
}

/** The free times of the chosen date (of the --tp-evento given), or back to the dates. */
export async function timeStep(b: Booking): Promise<Step | number> {
  const { inv } = b;
  const date = b.date!;
  let rows = b.fresh;
  b.fresh = undefined;
  if (rows === undefined) {
    const read = await lookup(inv, operation('schedule.times'), { ...where(b), data_consulta: date });
    if (!read.ok && read.code !== ExitCode.noResult)
      return fail(inv, read.code, bookingWords[inv.lang].cannotReadTimes(dayLabel(inv.lang, date), read.problem));
    rows = read.ok ? read.rows : [];
  }
  const wanted = isGiven(b, 'tp_evento') ? text(b.given['tp_evento']) : undefined;
  const slots = rows.filter((r) => wanted === undefined || text(r['tp_evento']) === wanted);
  const booking = bookingWords[inv.lang];
  if (slots.length === 0) {
    await inv.notice(booking.noFreeTime(dayLabel(inv.lang, date), wanted), 'note');
    return 'date';
  }
  const choices: Choice<string>[] = slots.map((r, i) => ({
    name: booking.timeChoice(
      text(r['hora_inicio']),
      text(r['hora_fim']),
      inv.m.codes.code('eventTypes', text(r['tp_evento'])),
    ),
    value: String(i),
  }));
  choices.push({ name: booking.anotherDate, value: OTHER_DATE });
  const picked = await inv.prompter.select({ message: booking.timeQuestion(dayLabel(inv.lang, date)), choices });
  if (picked === OTHER_DATE) return 'date';
  const slot = slots[Number(picked)]!;
  b.params['tp_evento'] = text(slot['tp_evento']);
  b.params['dt_hr_inicio'] = `${date} ${text(slot['hora_inicio'])}`;
  b.params['dt_hr_fim'] = `${date} ${text(slot['hora_fim'])}`;
  return 'contact';
}

/**
 * After a refused booking: the free times of the slot's date read again.
 * `taken` when the slot is no longer among them (its rows are kept for the
 * time step to offer); undefined when it is still free (the refusal had
 * another reason) or the times cannot be read.
 */
export async function takenSlot(b: Booking): Promise<{ readonly date: string; readonly rows: Row[] } | undefined> {
  const start = text(b.params['dt_hr_inicio']);
  const date = start.slice(0, 10);
  const read = await lookup(b.inv, operation('schedule.times'), { ...where(b), data_consulta: date });
  if (!read.ok && read.code !== ExitCode.noResult) return undefined;
  const rows = read.ok ? read.rows : [];
  const free = rows.some(
    (r) =>
      text(r['tp_evento']) === text(b.params['tp_evento']) &&
      text(r['hora_inicio']) === start.slice(11) &&
      text(r['hora_fim']) === text(b.params['dt_hr_fim']).slice(11),
  );
  return free ? undefined : { date, rows };
}
