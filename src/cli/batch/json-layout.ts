/**
 * The JSON layout of `enrol batch` (docs/batch.md): an array of contracts.
 *
 * ```json
 * [{ "key": "acme", "registro_ans": "123456", "coop_id": 1, …,
 *    "payer": { "cpf": "…", … },
 *    "beneficiaries": [{ "cpf": "…", …,
 *      "contact": { … }, "addresses": [{ … }], "documents": [{ … }],
 *      "declaration": [{ "formulario_id": 1, "pergunta_id": 3, "resposta": "N" }] }] }]
 * ```
 *
 * A contract's own fields sit on its object; `key` (optional, default `#n`
 * by position) names it in the journal and the report. `contact`,
 * `addresses` and `documents` take an object or an array (the singular and
 * plural names are both accepted). Errors name the JSON path of the value,
 * e.g. `[3].beneficiaries[1].cpf`.
 */
import type { Params } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import type { RecordKind } from '../enrol/plan.js';
import type { Problem, Source, SourceGroup, SourcePart, SourceRow, SourceSub, Where } from './source.js';
import { words as fileWords } from './file-words.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function part(values: Record<string, unknown>, path: string, leaveOut: readonly string[] = []): SourcePart {
  const out: Params = {};
  for (const [k, v] of Object.entries(values)) if (!leaveOut.includes(k) && v !== null && v !== undefined) out[k] = v;
  return { values: out, locate: (name: string): Where => ({ field: `${path}.${name}` }) };
}

/** Sub-record names in the beneficiary object, singular and plural: the kind and the name of its records. */
const subKeys: Record<string, Exclude<RecordKind, 'declaration'>> = {
  contact: 'contact',
  contacts: 'contact',
  address: 'address',
  addresses: 'address',
  document: 'document',
  documents: 'document',
};
const beneficiaryOwn = [...Object.keys(subKeys), 'declaration'];

/** Line and column of a JSON.parse error position, when the message gives one. */
function jsonError(m: Messages, err: Error, text: string): Problem {
  const pos = /position (\d+)/.exec(err.message);
  let line = 1;
  if (pos) for (let i = 0; i < Number(pos[1]) && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return { line, field: '', message: fileWords[m.common.lang].notJson(err.message.split('\n')[0]!) };
}

/** The document parsed, or the problem that stops it: not JSON, not an array of contracts, an empty one. */
function parseDocument(m: Messages, text: string): unknown[] | Problem {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return jsonError(m, err as Error, text);
  }
  if (!Array.isArray(doc))
    return { field: fileWords[m.common.lang].topLevel, message: fileWords[m.common.lang].notArray };
  if (doc.length === 0)
    return { field: fileWords[m.common.lang].topLevel, message: fileWords[m.common.lang].noContract };
  return doc;
}

export function readJsonSource(m: Messages, text: string, notes: string[]): Source {
  const fatal: Problem[] = [];
  const source: Source = { format: 'json', groups: [], strays: [], fatal, notes };
  const doc = parseDocument(m, text);
  if (!Array.isArray(doc)) {
    fatal.push(doc);
    return source;
  }
  const keys = new Map<string, number>();
  doc.forEach((el, i) => {
    const path = `[${i}]`;
    if (isObject(el)) source.groups.push(readContract(m, el, i, keys));
    else
      source.strays.push({
        path,
        subs: [],
        problems: [{ field: path, message: fileWords[m.common.lang].contractObject }],
      });
  });
  return source;
}

/** The contract's key (`key`, or `#n` by position), each contract's its own. */
function contractKey(
  m: Messages,
  el: Record<string, unknown>,
  i: number,
  keys: Map<string, number>,
  problems: Problem[],
): string {
  const path = `[${i}]`;
  let key = `#${i + 1}`;
  if (el['key'] !== undefined) {
    if ((typeof el['key'] === 'string' && el['key'].trim() !== '') || typeof el['key'] === 'number')
      key = String(el['key']).trim();
    else problems.push({ field: `${path}.key`, message: fileWords[m.common.lang].keyType });
  }
  const earlier = keys.get(key);
  if (earlier !== undefined)
    problems.push({ field: `${path}.key`, message: fileWords[m.common.lang].keyTwice(key, earlier) });
  else keys.set(key, i);
  return key;
}

function readContract(m: Messages, el: Record<string, unknown>, i: number, keys: Map<string, number>): SourceGroup {
  const path = `[${i}]`;
  const problems: Problem[] = [];
  const key = contractKey(m, el, i, keys, problems);
  let payer: SourcePart | undefined;
  if (isObject(el['payer'])) payer = part(el['payer'], `${path}.payer`);
  else if (el['payer'] !== undefined && el['payer'] !== null)
    problems.push({ field: `${path}.payer`, message: fileWords[m.common.lang].payerObject });
  const rows = readBeneficiaries(m, el['beneficiaries'], path, problems);
  // A contract without beneficiaries is still a row of the report.
  if (rows.length === 0) rows.push({ path, subs: [], problems: [] });
  return {
    key,
    path,
    contract: part(el, path, ['key', 'payer', 'beneficiaries']),
    ...(payer ? { payer } : {}),
    rows,
    problems,
  };
}

function readBeneficiaries(m: Messages, list: unknown, path: string, problems: Problem[]): SourceRow[] {
  if (list !== undefined && list !== null && !Array.isArray(list))
    problems.push({ field: `${path}.beneficiaries`, message: fileWords[m.common.lang].beneficiariesArray });
  const beneficiaries: unknown[] = Array.isArray(list) ? list : [];
  return beneficiaries.map((b, j) => {
    const bpath = `${path}.beneficiaries[${j}]`;
    if (isObject(b)) return readBeneficiary(m, b, bpath);
    return { path: bpath, subs: [], problems: [{ field: bpath, message: fileWords[m.common.lang].beneficiaryObject }] };
  });
}

function readBeneficiary(m: Messages, b: Record<string, unknown>, path: string): SourceRow {
  const problems: Problem[] = [];
  const subs = readRecords(m, b, path, problems);
  subs.push(...readDeclaration(m, b['declaration'], path, problems));
  return { path, beneficiary: part(b, path, beneficiaryOwn), subs, problems };
}

/** Contacts, addresses and documents: an object or an array under the singular or plural name, numbered by kind. */
function readRecords(m: Messages, b: Record<string, unknown>, path: string, problems: Problem[]): SourceSub[] {
  const subs: SourceSub[] = [];
  const counts: Record<string, number> = {};
  for (const [name, kind] of Object.entries(subKeys)) {
    const v = b[name];
    if (v === undefined || v === null) continue;
    const items = Array.isArray(v)
      ? v.map((x, k) => [x, `${path}.${name}[${k}]`] as const)
      : [[v, `${path}.${name}`] as const];
    for (const [item, ipath] of items) {
      if (!isObject(item)) {
        problems.push({ field: ipath, message: fileWords[m.common.lang].recordObject(kind) });
        continue;
      }
      const n = (counts[kind] ?? 0) + 1;
      counts[kind] = n;
      subs.push({ kind, name: n === 1 ? kind : `${kind}${n}`, part: part(item, ipath) });
    }
  }
  return subs;
}

/** The declaration's answers (an object or an array), each question answered once. */
function readDeclaration(m: Messages, ds: unknown, path: string, problems: Problem[]): SourceSub[] {
  if (ds === undefined || ds === null) return [];
  const subs: SourceSub[] = [];
  const answers: unknown[] = Array.isArray(ds) ? ds : [ds];
  const names = new Map<string, string>();
  answers.forEach((a, k) => {
    const apath = Array.isArray(ds) ? `${path}.declaration[${k}]` : `${path}.declaration`;
    if (!isObject(a)) {
      problems.push({ field: apath, message: fileWords[m.common.lang].answerObject });
      return;
    }
    // Answering a question again replaces the answer: the question is the record's identity.
    const name = `ds.${String(a['formulario_id'] ?? '?')}.${String(a['pergunta_id'] ?? '?')}`;
    const earlier = names.get(name);
    if (earlier) problems.push({ field: apath, message: fileWords[m.common.lang].answeredTwice(earlier) });
    names.set(name, apath);
    subs.push({ kind: 'declaration', name, part: part(a, apath) });
  });
  return subs;
}
