/** Why a store's schema keeps it from serving. */
import type { Said } from '../../catalogue/lang.js';
import { readiness } from '../words.js';

/** Why a store's schema keeps it from serving, in words for an operator (readiness, start-up), or undefined when it is this coopctl's. */
export function schemaProblem(version: number, current: number): Said | undefined {
  if (version === current) return undefined;
  return version < current ? readiness.behind(version, current) : readiness.ahead(version, current);
}
