/** Values built from the rules' examples: valid parameters and records for every operation (tests, docs, dry runs). */
import type { Field, Fields } from './field.js';
import type { Operation } from './operation.js';
import type { Row } from './response.js';

/** A valid value for a field, typed as JSON carries it: an int as a number, a list field as an array. */
export function sampleValue(f: Field): unknown {
  if (f.kind === 'array') return [f.example];
  if (f.kind === 'int') return Number(f.example);
  return f.example;
}

/**
 * The operation's parameters (the required ones, and the optional ones too
 * when `all`), each valued by `value`; without `all`, also the first of the
 * names of each `at-least-one` check (checks.ts), so that they stay valid.
 */
function pick(op: Operation, all: boolean, value: (f: Field) => unknown): Record<string, unknown> {
  const needed = new Set((op.checks ?? []).flatMap((c) => (c.kind === 'at-least-one' ? c.names.slice(0, 1) : [])));
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(op.params)) if (f.required || all || needed.has(name)) out[name] = value(f);
  return out;
}

/** Valid raw parameters of an operation, as strings (arrays for list fields); `all` adds the optional ones. */
export function sampleParams(op: Operation, all = true): Record<string, unknown> {
  return pick(op, all, (f) => (f.kind === 'array' ? [f.example] : f.example));
}

/** Valid parameters of an operation typed as a JSON body carries them (ints as numbers); `all` adds the optional ones. */
export function sampleBody(op: Operation, all = true): Record<string, unknown> {
  return pick(op, all, sampleValue);
}

function sampleOf(fields: Fields): Row {
  const out: Row = {};
  for (const [name, f] of Object.entries(fields)) out[name] = sampleValue(f);
  return out;
}

/** A valid data-bearing response record of an operation (outcome `confirma` when it has an envelope). */
export function sampleRecord(op: Operation, confirma = op.hasData ? 2 : 1): Row {
  const rec = sampleOf(op.response.fields);
  for (const [name, g] of Object.entries(op.response.groups ?? {}))
    rec[name] = g.many ? [sampleOf(g.fields)] : sampleOf(g.fields);
  if (op.response.envelope !== 'none') Object.assign(rec, { confirma_operacao: confirma, mensagem_erro: '' });
  return rec;
}
