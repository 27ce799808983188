/**
 * The booking wizard's last step: the summary and its question, then
 * enviaagendamento. A refusal whose slot is gone from the free times read
 * again (booked by someone else meanwhile: the service answers
 * `confirma_operacao` 4) sends the wizard back to the time, with the other
 * answers kept; any other refusal ends it as the plain command would.
 */
import { phoneAsWritten } from '../../../../catalogue/index.js';
import { maskValue } from '../../../../client/mask.js';
import { ExitCode } from '../../../exit-codes.js';
import { createdId, DECLINED, submit } from '../../../interactive/calls.js';
import { reportAnswer } from '../../../operations/report.js';
import { operationSteps } from '../../pipeline.js';
import type { SummaryLine } from './words.js';
import { formatIsoDate } from '../../../i18n/index.js';
import { type Booking, dayLabel, placeLabel, type Step, text } from './common.js';
import { providerLabel } from './providers.js';
import { takenSlot } from './steps.js';
import { words as bookingWords } from './words.js';

/** `2026-12-01 Tue 09:00–09:30`, `01/12/2026 ter 09:00–09:30`. */
function slotLabel(b: Booking): string {
  const { lang } = b.inv;
  const start = text(b.params['dt_hr_inicio']);
  const date = start.slice(0, 10);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayLabel(lang, date) : formatIsoDate(lang, date);
  return `${day} ${start.slice(11)}–${text(b.params['dt_hr_fim']).slice(11)}`;
}

/** The summary lines before the question (the card masked, as in the confirmation questions: it is on stderr). */
function summaryRows(b: Booking): Array<[SummaryLine, string]> {
  const p = b.params;
  const { m } = b.inv;
  const mobile = `${text(p['nr_ddd_celular'])}${text(p['nr_celular'])}`;
  return [
    ['name', b.person.name],
    ['card', maskValue('usuario_cartao', text(p['usuario_cartao']))],
    ['provider', providerLabel(m, text(p['prest_cod_svc_card']), b.known)],
    ['location', placeLabel(b)],
    ['when', bookingWords[m.common.lang].when(slotLabel(b), m.codes.code('eventTypes', text(p['tp_evento'])))],
    ['email', text(p['ds_email'])],
    ['mobile', phoneAsWritten(mobile) ?? `(${text(p['nr_ddd_celular'])}) ${text(p['nr_celular'])}`],
    ['address', text(p['ds_endereco'])],
  ];
}

/** Shows the summary and asks; false when the user declines. */
async function confirmed(b: Booking): Promise<boolean> {
  const { inv } = b;
  const booking = bookingWords[inv.lang];
  const style = await inv.style('stderr');
  inv.say();
  inv.say(booking.summaryTitle, style.bold);
  const rows = summaryRows(b).map(([line, value]) => [booking.summary(line), value] as const);
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  for (const [label, value] of rows) inv.say(`  ${label.padEnd(width)} ${value}`);
  inv.say();
  if (await inv.prompter.confirm({ message: booking.bookQuestion, default: true })) return true;
  await inv.notice(inv.m.common.nothingSent, 'note');
  return false;
}

/** Confirms and sends; the exit code, or 'time' when the slot was taken meanwhile. */
export async function sendStep(b: Booking): Promise<Step | number> {
  const { inv, spec } = b;
  if (!(await confirmed(b))) return DECLINED;
  const sent = await submit(inv, spec, b.params, operationSteps);
  if (sent.kind === 'stopped') return sent.code;
  if (sent.code === ExitCode.failed && sent.result.kind === 'answer') {
    const taken = await takenSlot(b);
    if (taken) {
      const why = sent.problem ? ` (${sent.problem})` : '';
      await inv.notice(bookingWords[inv.lang].taken(slotLabel(b), why), 'note');
      b.date = taken.date;
      b.fresh = taken.rows;
      return 'time';
    }
  }
  const code = await reportAnswer(inv, spec, sent.result);
  if (code !== ExitCode.ok) return code;
  const id = createdId(sent.records, 'cd_evento');
  const location = placeLabel(b);
  inv.info(bookingWords[inv.lang].booked(id, b.person.name, slotLabel(b), location));
  return code;
}
