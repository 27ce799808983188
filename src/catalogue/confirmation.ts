/**
 * `confirma_operacao` as coopctl reads it in an answer. Section 2.1 types it
 * `int` and bounds it nowhere; section 7 gives the meanings of 1 to 4 (and
 * closes the set for the registration operations, and says scheduling and
 * notifications send one digit). A reader cannot act on a code it does not
 * know, but it is still the service's answer: any int, of any sign or size
 * (-1, 0, 99, 2^31, a number of 40 digits), is read as a code, and a code
 * other than 1 to 4 is an outcome without a documented meaning (exit 1 with
 * the service's message), never a malformed answer. What the spec states
 * per area stays in the records' own rules (records.ts `envelopeOf`), which
 * the OpenAPI document and the embedded server follow.
 */
import * as z from 'zod';

/**
 * confirma_operacao 1 request OK, 2 record found, 3 no result, 4 request
 * failed (spec §7); `undocumented`: any other code (0, -1, 5, 99, 2^31).
 */
export type Outcome = 'ok' | 'found' | 'no-result' | 'failed' | 'undocumented';

/** The problem's code (validate.ts `issueProblem`): each language words it. */
const integer = { error: 'integer' };

/** A JSON integer (a number, or a bigint past a double's exact range) or its digits as text, with an optional minus. */
export const codeSchema: z.ZodType = z.union(
  [z.number(integer).refine(Number.isInteger, integer), z.bigint(integer), z.string(integer).regex(/^-?\d+$/, integer)],
  integer,
);

/** A code as text, the way it is compared and shown: `7`, `-1`, `2147483648`; leading zeros dropped (`007` is 7). */
export function codeText(code: unknown): string {
  if (typeof code === 'bigint') return code.toString();
  if (typeof code === 'number') return Number.isSafeInteger(code) ? String(code + 0) : String(code);
  const text = String(code);
  const m = /^(-?)0*(\d+)$/.exec(text);
  if (!m) return text;
  return m[2] === '0' ? '0' : `${m[1]}${m[2]}`;
}

const OUTCOMES: Readonly<Record<string, Outcome>> = { 1: 'ok', 2: 'found', 3: 'no-result', 4: 'failed' };

/** The outcome a code means: one of section 7's four, else `undocumented`. */
export function outcomeOfCode(code: unknown): Outcome {
  return OUTCOMES[codeText(code)] ?? 'undocumented';
}
