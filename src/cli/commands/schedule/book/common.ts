/** What the booking wizard's steps share: the booking being built, and small helpers. */
import { weekday } from '../../../../catalogue/dates.js';
import type { Operation, Params, Row } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import { formatIsoDate, type Lang, weekdayNames } from '../../../i18n/index.js';
import { askField } from '../../../interactive/fields.js';
import { inputOptions } from '../../../operations/input.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../../../capabilities.js';
import type { CommandSpec } from '../../../operations/spec.js';
import { words as bookingWords } from './words.js';

/** The beneficiary of the card, from the registration record (buscadadosusuario). */
export interface Beneficiary {
  readonly name: string;
  /** `[contato]email`, when it is an e-mail address that ds_email can carry. */
  readonly email?: string;
  /** `[contato]celular`, `(11)987654321`, when it is a valid phone. */
  readonly mobile?: string;
}

/** A provider the wizard offers: from the `providers` setting, the beneficiary's past appointments, or both. */
export interface Provider {
  readonly code: string;
  readonly name?: string;
  /** The beneficiary's appointments with this provider, and the date of the latest. */
  readonly appointments: number;
  readonly last?: string;
}

/** The steps, in order; a step may send the wizard back to an earlier one. */
export type Step = 'provider' | 'location' | 'date' | 'time' | 'contact' | 'send';

/** The booking being built. */
export interface Booking {
  /** What the steps use: questions, reads, the `providers` setting, and the booking sent through the pipeline. */
  readonly inv: Output & Asking & Service & Settings & GivenFlags;
  readonly spec: CommandSpec;
  readonly op: Operation;
  /** What the command line gave (kept, except a card or provider the service does not know: dropped from here too). */
  readonly given: Params;
  /** What will be sent: the command line's values and the answers. */
  readonly params: Params;
  readonly person: Beneficiary;
  /** The providers offered by name. */
  readonly known: readonly Provider[];
  /** The provider's service locations (buscalocaisatendimento). */
  locations: readonly Row[];
  /** The chosen date (preselected when the date step is asked again). */
  date?: string;
  /** Free times already read again (after a taken slot), for the time step to offer. */
  fresh?: readonly Row[];
}

export const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A day as the language writes it, with its weekday: `2026-12-01 Tue`, `01/12/2026 ter`. */
export function dayLabel(lang: Lang, date: string): string {
  return `${formatIsoDate(lang, date)} ${weekdayNames(lang)[weekday(date)]!}`;
}

/** Asks for `name` unless it has a value; `fallback` is the pre-filled answer. */
export async function ask(inv: Output & Asking, op: Operation, params: Params, name: string, fallback?: string) {
  if (params[name] !== undefined) return;
  const input = inputOptions(inv);
  const answer = await askField(inv, name, op.params[name]!, fallback ? { ...input, default: fallback } : input);
  if (answer !== undefined) params[name] = answer;
}

/** Says why the wizard stops; returns the exit code. */
export async function fail(inv: Output, code: number, problem: string): Promise<number> {
  await inv.notice(problem, code === ExitCode.noResult ? 'note' : 'error');
  return code;
}

/** Drops the answers for `names`, to ask them again; values the command line gave stay unless `evenGiven`. */
export function forget(b: Booking, names: readonly string[], evenGiven = false): void {
  for (const name of names) {
    if (evenGiven) delete b.given[name];
    if (b.given[name] === undefined) delete b.params[name];
    else b.params[name] = b.given[name];
  }
}

/** Whether the command line gave this field. */
export const isGiven = (b: Booking, name: string) => b.given[name] !== undefined;

/** The chosen location's record, when the provider's list has it. */
export function locationOf(b: Booking): Row | undefined {
  const place = text(b.params['cd_local']);
  return b.locations.find((r) => text(r['cd_local']) === place);
}

/** `Clínica Coop Saúde — Unidade Paulista (101)`, or `location 101`. */
export function placeLabel(b: Booking): string {
  const row = locationOf(b);
  const code = text(b.params['cd_local']);
  return row ? `${text(row['nm_local'])} (${code})` : bookingWords[b.inv.lang].location(code);
}
