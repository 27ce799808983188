/** Values built from the rules' examples: valid parameters and records for every operation (tests, docs, dry runs). */
import type { Fields } from './field.js';
import type { Operation } from './operation.js';
import type { Row } from './response.js';

/** A valid value for a field, typed as JSON would carry it. */
function jsonValue(kind: string, example: string): unknown {
  if (kind === 'array') return [example];
  if (kind === 'int') return Number(example);
  return example;
}

/** Valid raw parameters of an operation, as strings (arrays for list fields); `all` adds the optional ones. */
export function sampleParams(op: Operation, all = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(op.params)) {
    if (f.required || all) out[name] = f.kind === 'array' ? [f.example] : f.example;
  }
  return out;
}

function sampleOf(fields: Fields): Row {
  const out: Row = {};
  for (const [name, f] of Object.entries(fields)) out[name] = jsonValue(f.kind, f.example);
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
