/**
 * The demo's medical items, made for every kind of the catalogue's `record`
 * area from the kind's response fields: a field takes its value from the
 * vocabulary (medical-words.ts) when it names the field, else from the
 * field's rule (a past date or date-time, one of its choices, a number, a
 * text from its help). A new kind in the catalogue gets items with no change
 * here. Each person and kind draws from a generator of its own, so a new
 * kind changes no other demo data.
 */
import { capitalised, type Field, type Fields, type Row } from '../../../../catalogue/index.js';
import { addDays, minutesOf, timeOf } from '../../../../catalogue/dates.js';
import { dateISO, dateTime } from '../../../../catalogue/rules.js';
import { medicalKinds } from '../../medical.js';
import { seeded, seedOf, type Random } from '../prng.js';
import { fieldWords, kindWords } from './medical-words.js';
import type { Person } from './people.js';

/** The kinds the holder's spouse of the example card has (docs/decisions.md: its `record allergies` answers 3). */
const SPOUSE_KINDS: readonly string[] = ['medications', 'problems'];
/** Items of each kind of the example card. */
const EXAMPLE_ITEMS = 3;

/** What the items of one kind of one person are made from. */
interface Making {
  readonly kind: string;
  readonly fields: Fields;
  readonly person: Person;
  readonly today: string;
  readonly r: Random;
}

const isDateTime = (f: Field): boolean => f.layout === dateTime.layout;
const isDate = (f: Field): boolean => isDateTime(f) || f.layout === dateISO.layout;

/** Whether a person has items of a kind: the example card every kind, its spouse SPOUSE_KINDS, children none, others some. */
function holds(p: Person, kind: string, r: Random): boolean {
  if (p.id === 1) return true;
  if (p.id === 2) return SPOUSE_KINDS.includes(kind);
  return !p.child && r.chance(0.55);
}

/** A date-time in the past; after `start` (the item's earlier date-time), the end of what started then. */
function dateTimeValue(m: Making, start: string | undefined): string {
  if (start) {
    const end = minutesOf(start.slice(11)) + m.r.int(2, 8) * 10;
    return `${start.slice(0, 10)} ${timeOf(end)}`;
  }
  return `${addDays(m.today, -m.r.int(3, 900))} ${timeOf(m.r.int(7, 17) * 60 + m.r.pick([0, 15, 30, 45]))}`;
}

/** A value of a field the vocabulary does not name, from its rule. */
function ruled(m: Making, name: string, f: Field, index: number, start: string | undefined): unknown {
  if (name.startsWith('url_')) return `https://prontuario.coop.example/${m.kind}/${m.person.id}-${index + 1}.pdf`;
  if (isDateTime(f)) return dateTimeValue(m, start);
  if (isDate(f)) return addDays(m.today, -m.r.int(3, 900));
  if (f.choices) return m.r.pick(f.choices);
  if (f.kind === 'int') return m.r.int(1, 9);
  const text = `${capitalised(f.words.help.en)} ${index + 1}`;
  return f.schema.safeParse(text).success ? text : f.example;
}

/** One item: the fields `part` gives, the others drawn in the catalogue's order. */
function itemOf(m: Making, part: Row, index: number): Row {
  const item: Row = {};
  let start: string | undefined;
  for (const [name, f] of Object.entries(m.fields)) {
    const listed = kindWords[m.kind]?.fields?.[name] ?? fieldWords[name];
    const value = name in part ? part[name] : listed ? m.r.pick(listed) : ruled(m, name, f, index, start);
    if (isDateTime(f)) start ??= String(value);
    item[name] = value;
  }
  return item;
}

/** A person's items of one kind, newest first (by the kind's first date field, when it has one). */
function itemsOf(m: Making): Row[] {
  const count = m.person.id === 1 ? EXAMPLE_ITEMS : m.r.int(1, 3);
  const parts = kindWords[m.kind]?.items;
  const drawn = parts ? m.r.sample(parts, count) : Array.from({ length: count }, (): Row => ({}));
  const items = drawn.map((part, i) => itemOf(m, part, i));
  const when = Object.keys(m.fields).find((name) => isDate(m.fields[name]!));
  return when ? items.sort((a, b) => String(b[when]).localeCompare(String(a[when]))) : items;
}

/**
 * A person's items of a kind with these response fields, for a dataset of
 * "today" (`yyyy-mm-dd`) and `seed`; undefined when the person has none of
 * the kind. Drawn from a generator of the person and kind alone.
 */
export function kindItems(
  kind: string,
  fields: Fields,
  person: Person,
  today: string,
  seed: number,
): Row[] | undefined {
  const r = seeded(seedOf(`${seed}/${person.id}/${kind}`));
  return holds(person, kind, r) ? itemsOf({ kind, fields, person, today, r }) : undefined;
}

/** A person's medical items of every kind of the catalogue (the kinds it has), as a fixtures beneficiary lists them. */
export function medicalItems(person: Person, today: string, seed: number): Row {
  const out: Row = {};
  for (const { kind, fields } of medicalKinds) {
    const items = kindItems(kind, fields, person, today, seed);
    if (items) out[kind] = items;
  }
  return out;
}
