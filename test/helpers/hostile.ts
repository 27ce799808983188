/**
 * A hostile service's data, for the CLI output tests: text holding terminal
 * escape sequences (clear screen, window title, hyperlink, colour), C1
 * controls, BEL, NUL, CR, DEL, TAB and bidi overrides, starting with `=` (a
 * spreadsheet formula), planted in every free-text field of a record that its
 * rule accepts. Each piece comes with the visible form coopctl must show
 * instead, written out by hand here (not computed by the code under test).
 */
import { sampleRecord, type Field, type Operation, type Row } from '../../src/catalogue/index.js';

export interface Piece {
  readonly name: string;
  /** What the service sends. */
  readonly raw: string;
  /** What a person must see instead. */
  readonly shown: string;
}

export const PIECES: readonly Piece[] = [
  { name: 'ESC[2J (clear screen)', raw: '\u001b[2J', shown: '\\x1b[2J' },
  { name: 'OSC 0 (window title)', raw: '\u001b]0;pwned\u0007', shown: '\\x1b]0;pwned\\x07' },
  {
    name: 'OSC 8 (hyperlink)',
    raw: '\u001b]8;;https://evil.example/\u001b\\here\u001b]8;;\u001b\\',
    shown: '\\x1b]8;;https://evil.example/\\x1b\\here\\x1b]8;;\\x1b\\',
  },
  { name: 'C1 CSI U+009B', raw: '\u009b2J', shown: '\\x9b2J' },
  { name: 'BEL', raw: '\u0007', shown: '\\x07' },
  { name: 'NUL', raw: '\u0000', shown: '\\x00' },
  { name: 'CR (overwrites the line)', raw: 'ok\rFAKE', shown: 'ok\\rFAKE' },
  { name: 'DEL', raw: '\u007f', shown: '\\x7f' },
  { name: 'bidi override U+202E', raw: '\u202egpj.exe', shown: '\\u202egpj.exe' },
  { name: 'bidi isolate U+2066', raw: '\u2066x\u2069', shown: '\\u2066x\\u2069' },
  { name: 'TAB', raw: 'a\tb', shown: 'a\\tb' },
  { name: 'CSI colour', raw: '\u001b[31mred\u001b[0m', shown: '\\x1b[31mred\\x1b[0m' },
];

export interface Hostile {
  readonly raw: string;
  readonly shown: string;
}

function join(pieces: readonly Piece[]): Hostile {
  return { raw: `=${pieces.map((p) => p.raw).join(' ')}`, shown: `=${pieces.map((p) => p.shown).join(' ')}` };
}

/** All the pieces in one text (mensagem_erro, long fields). */
export const HOSTILE: Hostile = join(PIECES);

/** The longest hostile text the field's rule accepts (as many pieces as fit, else one alone), or undefined. */
export function hostileFor(field: Field): Hostile | undefined {
  if (field.kind !== 'string') return undefined;
  const ok = (h: Hostile) => field.schema.safeParse(h.raw).success;
  for (let n = PIECES.length; n > 0; n--) {
    const h = join(PIECES.slice(0, n));
    if (ok(h)) return h;
  }
  return PIECES.map((p) => join([p])).find(ok);
}

/** A field holding hostile text: its path (`nome`, `endereco[0].logradouro`) and what it holds. */
export interface Planted extends Hostile {
  readonly path: string;
  /** Top-level field (a CSV column of its own), or inside a group (a JSON cell). */
  readonly group?: string;
}

function plant(
  fields: Readonly<Record<string, Field>>,
  into: Row,
  prefix: string,
  group: string | undefined,
  planted: Planted[],
): void {
  for (const [name, field] of Object.entries(fields)) {
    const h = hostileFor(field);
    if (!h) continue;
    into[name] = h.raw;
    planted.push({ path: `${prefix}${name}`, ...h, ...(group ? { group } : {}) });
  }
}

/** A valid data record of `op` with hostile text in every free-text field (groups too), and where it was planted. */
export function hostileRecord(op: Operation): { record: Row; planted: Planted[] } {
  const record = sampleRecord(op);
  const planted: Planted[] = [];
  plant(op.response.fields, record, '', undefined, planted);
  for (const [name, g] of Object.entries(op.response.groups ?? {})) {
    const rows = (g.many ? record[name] : [record[name]]) as Row[];
    for (const [i, row] of rows.entries()) plant(g.fields, row, g.many ? `${name}[${i}].` : `${name}.`, name, planted);
  }
  return { record, planted };
}

/**
 * Characters that must never reach a terminal raw: C0 controls but the line
 * feed, DEL, C1 controls, the bidi controls, the line and paragraph separators.
 */
export const RAW_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** The first raw control character of `text` and its surroundings, for a failure message; undefined when there is none. */
export function rawControl(text: string): string | undefined {
  const m = RAW_CONTROL.exec(text);
  if (!m) return undefined;
  return `U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${m.index}: ${JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 30))}`;
}
