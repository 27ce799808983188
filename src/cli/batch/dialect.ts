/**
 * The dialect of a CSV file as a spreadsheet wrote it: its delimiter, its
 * encoding and whether it starts with a byte-order mark. The batch reads the
 * input's (csv.ts) and writes its report file in the same one, so that the
 * spreadsheet that wrote the input opens the report as it is (Excel in
 * pt-BR: `;`, Windows-1252 or UTF-8 with a BOM). Windows-1252 is written by
 * the reverse of Node's own decoder; a character it lacks becomes `?`.
 */
export type Encoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface CsvDialect {
  readonly delimiter: string;
  readonly encoding: Encoding;
  readonly bom: boolean;
}

/** What a file without one is written as: UTF-8, commas, no BOM. */
export const plainDialect: CsvDialect = { delimiter: ',', encoding: 'utf-8', bom: false };

/** Windows-1252's characters above U+00FF (the bytes 0x80–0x9F): character → byte. */
let upper: Map<string, number> | undefined;
function windows1252(text: string): Uint8Array {
  if (!upper) {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    const chars = [...new TextDecoder('windows-1252').decode(bytes)];
    upper = new Map(chars.map((c, i) => [c, 0x80 + i]));
  }
  const out: number[] = [];
  for (const c of text) {
    const code = c.codePointAt(0)!;
    out.push(code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (upper.get(c) ?? 0x3f));
  }
  return Uint8Array.from(out);
}

/** The bytes of `text` in the dialect's encoding, with its byte-order mark if it has one. */
export function encodeText(text: string, dialect: CsvDialect): Uint8Array {
  switch (dialect.encoding) {
    case 'windows-1252':
      return windows1252(text);
    case 'utf-16le':
      return Buffer.from(`\ufeff${text}`, 'utf16le');
    case 'utf-16be':
      return Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
    case 'utf-8':
      return Buffer.from(dialect.bom ? `\ufeff${text}` : text, 'utf8');
  }
}
