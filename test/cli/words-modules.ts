/**
 * Every words module of the CLI, found on disk rather than listed by hand: a
 * file of src/cli named `words.ts` or `…-words.ts` that exports
 * `words: Words<typeof en>` (its English and its Portuguese). The shared
 * catalogue's modules sit in src/cli/i18n/messages/; a command group's own sit
 * in the group's folder (docs/architecture.md, "What a command loads").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A words module's name: `words.ts`, `draft-words.ts`; messages/ names its modules for what they hold. */
const NAMED = /(?:^|[/-])words\.ts$|^src\/cli\/i18n\/messages\/[^/]+\.ts$/;
/** What every words module exports. */
const EXPORTS = /^export const words: Words<typeof en> = \{ en, 'pt-BR': ptBR \};$/m;

/** Every file of src/cli that exports `words: Words<typeof en>`, by its path from the repository's root, sorted. */
export function exportingWords(): string[] {
  return readdirSync(join(ROOT, 'src', 'cli'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `src/cli/${f.split(sep).join('/')}`)
    .filter((path) => EXPORTS.test(readFileSync(join(ROOT, path), 'utf8')))
    .sort();
}

/** Whether `path` (from the repository's root) is named as a words module is. */
export const namedAsWords = (path: string): boolean => NAMED.test(path);

/** The words modules that are a command group's own (not the shared catalogue's, src/cli/i18n/messages/). */
export function groupWordsModules(): string[] {
  return exportingWords().filter((path) => !path.startsWith('src/cli/i18n/'));
}

/** A words module's words in each language, loaded. */
export async function wordsOf(path: string): Promise<{ en: object; 'pt-BR': object }> {
  const mod = (await import(join(ROOT, path))) as { words: { en: object; 'pt-BR': object } };
  return mod.words;
}
