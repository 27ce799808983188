/**
 * The catalogue's public face: the operations (as a list and typed by id),
 * their inferred types (types.ts), field rules, validation, response checks,
 * samples and the OpenAPI document.
 */
export * from './catalogue.js';
export type * from './types.js';
export * from './operation.js';
export * from './field.js';
export * from './validate.js';
export * from './input.js';
export * from './response.js';
export type { FieldRule, FieldKind, IntValue, PersonalKind } from './rules.js';
export * from './problems.js';
export * from './lang.js';
export {
  catalogueWords,
  describeProblems,
  problemField,
  problemLine,
  requestWide,
  type CatalogueWords,
} from './words/index.js';
export * from './samples.js';
export * from './openapi.js';
export * from './limits.js';
export * from './personal.js';
