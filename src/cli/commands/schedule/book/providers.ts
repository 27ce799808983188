/**
 * The provider, chosen by name. The interface has no operation that lists
 * providers (docs/decisions.md), so the wizard offers those it knows: the
 * beneficiary's own past providers (buscaagendamentos), newest first, named
 * from the `providers` setting when it names them, then the rest of that
 * setting's directory. Typing filters by name or code (accents and case
 * ignored); any other code may be typed in. With nothing to offer, the code is
 * asked as a plain field.
 */
import { operation, type Operation, type Params } from '../../../../catalogue/index.js';
import { parseProviders, providerCode, type ProviderDirectory } from '../../../config/providers.js';
import { lookup } from '../../../interactive/calls.js';
import { formatIsoDate, type Messages } from '../../../i18n/index.js';
import { breaksRule } from '../../../interactive/fields.js';
import type { Asking, Output, Service, Settings, Words } from '../../../capabilities.js';
import type { Choice } from '../../../prompter.js';
import { ask, text, type Provider } from './common.js';
import { words as bookingWords } from './words.js';

async function directoryOf(inv: Settings): Promise<ProviderDirectory> {
  const value = (await inv.settings()).providers.value;
  const parsed = value === undefined ? undefined : parseProviders(value);
  return parsed?.ok ? parsed.directory : new Map();
}

/** The providers to offer: the card's past ones (newest first), then the directory's others by name. */
export async function knownProviders(inv: Output & Service & Settings, card: string): Promise<Provider[]> {
  const directory = await directoryOf(inv);
  // Any failure only leaves the past providers out: the questions that follow read the service anyway.
  const past = await lookup(inv, operation('schedule.list'), { usuario_cartao: card, ind_apenas_concluidas: 'N' });
  const seen = new Map<string, { appointments: number; last: string }>();
  for (const row of past.ok ? past.rows : []) {
    const code = providerCode(text(row['prest_cod_svc_card']));
    if (code === '') continue;
    const date = text(row['data_consulta']);
    const was = seen.get(code);
    seen.set(code, { appointments: (was?.appointments ?? 0) + 1, last: was && was.last > date ? was.last : date });
  }
  const named = (code: string) => {
    const name = directory.get(code);
    return name === undefined ? {} : { name };
  };
  const mine = [...seen]
    .sort(([, a], [, b]) => b.last.localeCompare(a.last))
    .map(([code, s]): Provider => ({ code, ...named(code), appointments: s.appointments, last: s.last }));
  const others = [...directory]
    .filter(([code]) => !seen.has(code))
    .sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'))
    .map(([code, name]): Provider => ({ code, name, appointments: 0 }));
  return [...mine, ...others];
}

/** `Clínica Geral (9001)`, or `provider 9001`. */
export function providerLabel(m: Messages, code: string, known: readonly Provider[]): string {
  const name = known.find((p) => p.code === providerCode(code))?.name;
  return name === undefined ? bookingWords[m.common.lang].provider(code) : `${name} (${code})`;
}

function choiceName(inv: Words, p: Provider): string {
  const booking = bookingWords[inv.lang];
  const who = p.name === undefined ? booking.providerChoice(p.code) : `${p.name} (${p.code})`;
  if (p.appointments === 0) return who;
  return booking.pastAppointments(who, p.appointments, formatIsoDate(inv.lang, p.last ?? ''));
}

/** Lower case without accents: `Clínica` and `clinica` match. */
export function folded(words: string): string {
  return words
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether every word of `term` is in `haystack` (accents and case ignored). */
export function matchesTerm(term: string, haystack: string): boolean {
  const hay = folded(haystack);
  return folded(term)
    .split(/\s+/)
    .every((word) => hay.includes(word));
}

/** The search's source: the known providers whose name or code has every word typed, then the typed code itself. */
export function providerSource(
  inv: Words,
  op: Operation,
  known: readonly Provider[],
): (term: string) => Choice<string>[] {
  return (term) => {
    const words = term.trim();
    const hits = known.filter((p) => matchesTerm(words, `${p.code} ${p.name ?? ''}`));
    const choices = hits.map((p) => ({ name: choiceName(inv, p), value: p.code }));
    const typed = /^\d+$/.test(words) && !breaksRule(op.params['prest_cod_svc_card']!, words);
    if (typed && !known.some((p) => p.code === providerCode(words)))
      choices.push({ name: bookingWords[inv.lang].typedCode(words), value: words });
    return choices;
  };
}

/** Asks for the provider unless it has one: by name from the known ones, or its code. */
export async function chooseProvider(
  inv: Output & Asking,
  op: Operation,
  params: Params,
  known: readonly Provider[],
): Promise<void> {
  if (params['prest_cod_svc_card'] !== undefined) return;
  const example = "coopctl config set providers '9001=Clínica Geral; 9002=Cardiologia'";
  if (known.length === 0) {
    inv.say(bookingWords[inv.lang].noProviderNames(example));
    await ask(inv, op, params, 'prest_cod_svc_card');
    return;
  }
  // Without a name among them, the question does not promise a search by name.
  const named = known.some((p) => p.name !== undefined);
  if (!named) inv.say(bookingWords[inv.lang].pastByCode(example));
  params['prest_cod_svc_card'] = await inv.prompter.search({
    message: named ? bookingWords[inv.lang].providerQuestion : bookingWords[inv.lang].providerCodeQuestion,
    source: providerSource(inv, op, known),
    pageSize: 10,
  });
}
