/**
 * The text of a dataset document held to the rules of a request's text
 * (src/catalogue/plain-text.ts): every string and every key, at any depth, is
 * one line without control characters, invisible characters or invalid
 * Unicode, and is taken in NFC, so that `--fixtures` cannot store what no
 * request could (a NUL, an ESC, a CR or LF, a right-to-left override).
 */
import { composed, plainTextProblem } from '../../../catalogue/plain-text.js';
import { en } from '../../../catalogue/words/en.js';

/** Deeper than any document of the schema: below it, nothing is looked at (the schema refuses it). */
const DEEPEST = 32;

/** The document with its text in NFC; each text that breaks the rule is reported by its path (`beneficiaries.0.nome`). */
export function plainDocument(value: unknown, problems: string[], path: readonly string[] = []): unknown {
  const at = () => path.join('.') || '(document)';
  if (typeof value === 'string') {
    const problem = plainTextProblem(at(), value);
    if (problem) problems.push(`${at()}: ${en.problem(problem)}`);
    return composed(value);
  }
  if (value === null || typeof value !== 'object' || path.length >= DEEPEST) return value;
  if (Array.isArray(value)) return value.map((v, i) => plainDocument(v, problems, [...path, String(i)]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const problem = plainTextProblem(k, k);
    if (problem) problems.push(`${[...path, '(a key)'].join('.')}: ${en.problem(problem)}`);
    // A key as JSON.parse gives it: `__proto__` stays a plain key.
    Object.defineProperty(out, composed(k), {
      value: plainDocument(v, problems, [...path, k]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
