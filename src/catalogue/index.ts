export * from './catalogue.js';
export * from './operation.js';
export * from './field.js';
export * from './validate.js';
export * from './response.js';
export type { FieldRule, FieldKind } from './rules.js';
export * from './samples.js';
export * from './openapi.js';
export * from './limits.js';
