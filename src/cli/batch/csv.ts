/**
 * Reading a CSV file as a spreadsheet writes it: RFC 4180 quoting (quoted
 * cells may hold delimiters, quotes as "" and line breaks), the delimiter
 * guessed from the header (`,`; `;` as Excel writes it where the comma is the
 * decimal separator, as in pt-BR; or a tab), a UTF-8 byte-order mark
 * skipped, and text that is not UTF-8 read as Windows-1252 (Excel's
 * "CSV (separado por vírgulas)") or UTF-16 (Excel's "Unicode text").
 * Each record keeps the line number it starts on, for error messages.
 */

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

/** The text of a file's bytes, and a note when it was not UTF-8. */
export function decodeText(bytes: Uint8Array): { text: string; note?: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  try {
    // TextDecoder drops a UTF-8 byte-order mark by itself.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), note: 'the file is not UTF-8; read it as Windows-1252 (Latin-1)' };
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

/**
 * Parses CSV text into records. Lines with no text in any cell (blank lines,
 * or only delimiters, as spreadsheets export trailing rows) are left out.
 */
export function parseCsv(text: string, delimiter = guessDelimiter(text)): CsvFile {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let ended = false;
    while (!ended) {
      let cell = '';
      if (text[i] === '"') {
        // A quoted cell: up to the closing quote; "" is one quote.
        i++;
        let closed = false;
        while (i < n) {
          const q = text.indexOf('"', i);
          if (q < 0) break;
          const chunk = text.slice(i, q);
          line += countBreaks(chunk);
          cell += chunk;
          if (text[q + 1] === '"') {
            cell += '"';
            i = q + 2;
            continue;
          }
          i = q + 1;
          closed = true;
          break;
        }
        if (!closed) {
          problems.push({ line: start, message: 'a quoted cell is never closed (a " is missing)' });
          line += countBreaks(text.slice(i));
          cell += text.slice(i);
          i = n;
        } else if (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') {
          // Text after the closing quote: keep it, as spreadsheets do, but say so.
          problems.push({ line, message: 'text after a closing quote; quote the whole cell and write a quote inside it as ""' });
          while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
        }
      } else {
        while (i < n) {
          const ch = text[i]!;
          if (ch === delimiter || ch === '\n' || ch === '\r') break;
          cell += ch;
          i++;
        }
      }
      cells.push(cell);
      if (i >= n) ended = true;
      else if (text[i] === delimiter) i++;
      else {
        // A line break ends the record: \r\n, \n or \r.
        if (text[i] === '\r' && text[i + 1] === '\n') i++;
        i++;
        line++;
        ended = true;
      }
    }
    if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
  }
  return { records, delimiter, problems };
}

function countBreaks(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch === 10) count++;
    else if (ch === 13 && s.charCodeAt(i + 1) !== 10) count++;
  }
  return count;
}
