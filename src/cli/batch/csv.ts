/**
 * Reading a CSV file as a spreadsheet writes it: RFC 4180 quoting (quoted
 * cells may hold delimiters, quotes as "" and line breaks) read by csv-parse,
 * the delimiter guessed from the header (`,`; `;` as Excel writes it where
 * the comma is the decimal separator, as in pt-BR; or a tab), a UTF-8
 * byte-order mark skipped, and text that is not UTF-8 read as Windows-1252
 * (Excel's "CSV (separado por vírgulas)") or UTF-16 (Excel's "Unicode text").
 * Each record keeps the line number it starts on, for error messages.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { Messages } from '../i18n/index.js';
import type { Encoding } from './dialect.js';
import { words as fileWords } from './file-words.js';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  readonly line: number;
  readonly cells: string[];
}

export interface CsvProblem {
  readonly line: number;
  readonly message: string;
}

export interface CsvFile {
  readonly records: CsvRecord[];
  readonly delimiter: string;
  readonly problems: CsvProblem[];
}

/** A file's text: its encoding, whether it started with a byte-order mark, and a note when it was not UTF-8. */
export interface Decoded {
  readonly text: string;
  readonly encoding: Encoding;
  readonly bom: boolean;
  readonly note?: string;
}

/**
 * The text of a file's bytes. A byte-order mark is looked for first and taken
 * off before the rest is decoded: a UTF-8 mark on bytes that are not UTF-8
 * (a spreadsheet's Windows-1252 file that an editor marked) does not become
 * `ï»¿` in the first column's name.
 */
export function decodeText(m: Messages, bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', bom: true };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const rest = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(rest), encoding: 'utf-8', bom };
  } catch {
    const text = new TextDecoder('windows-1252', { ignoreBOM: true }).decode(rest);
    return { text, encoding: 'windows-1252', bom: false, note: fileWords[m.common.lang].notUtf8 };
  }
}

/** The delimiter that splits the header line into the most cells (outside quotes): `,` unless `;` or a tab wins. */
export function guessDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  let best = ',';
  for (const d of [';', '\t']) if (counts[d]! > counts[best]!) best = d;
  return best;
}

/** What to tell of csv-parse's errors, by code. */
function csvMessage(m: Messages, err: unknown): string {
  const said = fileWords[m.common.lang];
  const code = err instanceof CsvError ? err.code : '';
  if (code === 'CSV_QUOTE_NOT_CLOSED') return said.quoteNotClosed;
  if (code === 'CSV_INVALID_CLOSING_QUOTE') return said.closingQuote;
  if (code === 'INVALID_OPENING_QUOTE') return said.openingQuote;
  return said.notCsv(err instanceof Error ? err.message : String(err));
}

/**
 * Where records start and errors are, in lines of the file. csv-parse's
 * `lines` is the line a record ends on, and it counts a CRLF inside a quoted
 * cell as two lines; so each record's first line is counted on from where
 * the one before it ended, past the blank lines skipped since.
 */
class LineCounter {
  /** The line the last record ended on. */
  #end = 0;
  /** Blank lines skipped up to there (csv-parse's `empty_lines`). */
  #blank = 0;
  /** csv-parse's `lines` there, less `#end`. */
  #drift = 0;

  /** The first line of a record that csv-parse has just read. */
  record(cells: readonly string[], info: { readonly lines: number; readonly empty_lines: number }): number {
    const line = this.#end + 1 + info.empty_lines - this.#blank;
    this.#end = line + cells.reduce((n, cell) => n + cell.split(/\r\n|\r|\n/).length - 1, 0);
    this.#blank = info.empty_lines;
    this.#drift = info.lines - this.#end;
    return line;
  }

  /**
   * The line of an error: an unclosed quote is placed where its record
   * starts; other errors at the line csv-parse was on, less the CRLFs in
   * quoted cells before them in their record (the raw text after the blank
   * lines).
   */
  error(e: CsvError | undefined): number {
    const start = this.#end + 1 + Number(e?.['empty_lines'] ?? this.#blank) - this.#blank;
    if (e?.code === 'CSV_QUOTE_NOT_CLOSED' || typeof e?.['lines'] !== 'number') return start;
    const crlf =
      String(e['raw'] ?? '')
        .replace(/^[\r\n]+/, '')
        .split('\r\n').length - 1;
    return e['lines'] - this.#drift - crlf;
  }
}

/**
 * Parses CSV text into records. Lines with no text in any cell (blank lines,
 * or only delimiters, as spreadsheets export trailing rows) are left out.
 * A syntax error ends the reading: it becomes a problem, and the records
 * before it are kept.
 */
export function parseCsv(m: Messages, text: string, delimiter = guessDelimiter(text)): CsvFile {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const lines = new LineCounter();
  try {
    parse(text, {
      delimiter,
      // Any line break, even mixed in one file; csv-parse would keep only the first kind it meets.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true, // csv-layout.ts says which row has too many cells
      skip_empty_lines: true,
      bom: true,
      raw: true, // records come as { record, raw }: an error's raw text tells the CRLFs before it
      on_record: (rec, info) => {
        const cells = (rec as unknown as { record: string[] }).record;
        const line = lines.record(cells, info);
        // Rows of empty cells are left out here, not by skip_records_with_empty_values: their lines count.
        if (cells.some((cell) => cell.trim() !== '')) records.push({ line, cells });
        return null;
      },
    });
  } catch (err) {
    const e = err instanceof CsvError ? err : undefined;
    problems.push({ line: lines.error(e), message: csvMessage(m, err) });
  }
  return { records, delimiter, problems };
}
