/** A batch part's name in the file (`address2`, `ds.1.3`, `payer`) as the run's language says it (batchFile.part). */
import type { Messages } from '../i18n/index.js';
import type { PartKind } from './file-words.js';
import { words as fileWords } from './file-words.js';

const NAMED = /^(contract|payer|beneficiary|contact|address|document)(\d*)$/;

export function partWords(m: Messages, name: string): string {
  if (name.startsWith('ds.')) return fileWords[m.common.lang].part('declaration', name.slice(3));
  const named = NAMED.exec(name);
  return named ? fileWords[m.common.lang].part(named[1] as PartKind, named[2] || undefined) : name;
}
