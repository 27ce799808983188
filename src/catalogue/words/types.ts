/**
 * The shape of a language's words for the catalogue's data (problems.ts): a
 * rendering of every rule, every problem, what an answer carried and why its
 * shape is wrong. The maps are typed by the codes, so that a code without a
 * rendering in a language does not compile.
 */
import type { Check } from '../checks.js';
import type { Lang } from '../lang.js';
import type { OtherProblem, Problem, Received, Rule, RuleCode, ShapeFault } from '../problems.js';

/** A rendering of each rule, giving `Out` (English a phrase; Portuguese a phrase and its verb). */
export type RuleRenderings<Out> = { readonly [C in RuleCode]: (rule: Extract<Rule, { code: C }>) => Out };

/** A rendering of each problem that is not a broken rule, as the words after the field's name. */
export type ProblemRenderings = {
  readonly [C in OtherProblem['code']]: (problem: Extract<OtherProblem, { code: C }>) => string;
};

/** What a language says of the catalogue's data. */
export interface CatalogueWords {
  readonly lang: Lang;
  /** A rule in words: `17 digits`, `17 dígitos`. */
  rule(rule: Rule): string;
  /** What is wrong, after the field's name: `must be 17 digits; understood 3 digits "123"`. */
  problem(problem: Problem): string;
  /** What an answer carried: `a number (12)`. */
  received(received: Received): string;
  /** Why an answer's body is not of the documented shape. */
  shape(fault: ShapeFault): string;
  /** A rule across fields, as a sentence of the OpenAPI document or of help. */
  check(check: Check): string;
  /** After the problems described: `and 3 more`. */
  more(n: number): string;
}
