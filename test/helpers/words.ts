/** The catalogue's problems in English words, for the messages of failed expectations and for assertions on English text. */
import { catalogueWords, describeProblems, type Problem, type ShapeFault } from '../../src/catalogue/index.js';

const en = catalogueWords('en');

/** The problems in one line, as the embedded server's English 422 says them. */
export function describeErrors(problems: readonly Problem[]): string {
  return describeProblems(en, problems);
}

/** Why an answer is not of the documented shape, in English. */
export function shapeText(fault: ShapeFault): string {
  return en.shape(fault);
}
