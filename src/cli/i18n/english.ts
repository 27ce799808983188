/**
 * The English message catalogue, for code that needs English words without
 * importing the catalogue (exit-codes.ts: the English `message` of a usage
 * error given as a wording). The catalogue hands itself over when it loads
 * (messages.ts); so what needs only the exit codes and UsageError (the stored
 * help, bin/coopctl's first bundle) loads no message. This module imports
 * nothing, so that neither imports the other.
 */
let english: unknown;

export function useEnglish(m: unknown): void {
  english = m;
}

/** The English catalogue once loaded, else undefined (the caller says what its type is). */
export function englishMessages(): unknown {
  return english;
}
