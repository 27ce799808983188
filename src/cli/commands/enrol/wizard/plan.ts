/**
 * The enrolment wizard's plan: the requests it submits in order, the ids they
 * create, and, when a step fails, what was created and the exact commands
 * that continue from there. Pure functions: no prompts, no network.
 */
import type { Params } from '../../../../catalogue/index.js';
import { type Step as ChainStep, withParent } from '../../../enrol/plan.js';
import type { Messages } from '../../../i18n/index.js';
import { flagOf } from '../../../operations/flags.js';
import { shellQuote } from '../../../output/shell.js';
import { words as draftWords } from '../../../enrol/draft-words.js';

/** Where an id of a later step comes from. */
export type IdRef = { readonly kind: 'contract' } | { readonly kind: 'beneficiary'; readonly index: number };

/** A step of the enrolment (its id in the draft's progress: `contract`, `payer`, `b2.person`, `b2.document.1`). */
export interface Step extends ChainStep {
  /** What the user reads: `contract`, `beneficiary 2 · document 1`. */
  readonly label: string;
  /** Where the id it hangs on (`parent`) comes from. */
  readonly from?: IdRef;
  /** The contract, or the beneficiary (1-based), whose id this step creates. */
  readonly defines?: IdRef;
  /** For documents: the file whose base64 content is `arquivo`. */
  readonly file?: string;
  /** Steps that the summary of what was created counts instead of listing, in these words: `3 declaration answers`. */
  readonly counted?: (n: number) => string;
}

/** Ids known so far: the contract's, and each beneficiary's by number. */
export interface Ids {
  contract?: string;
  readonly beneficiaries: Map<number, string>;
}

/** What happened to a step. */
export interface Done {
  readonly step: Step;
  /** The id it created, when its answer carried one. */
  readonly id?: string;
}

export function idOf(ids: Ids, ref: IdRef): string | undefined {
  return ref.kind === 'contract' ? ids.contract : ids.beneficiaries.get(ref.index);
}

/** The shell variable that stands for an id not created yet. */
export function variableOf(ref: IdRef): string {
  return ref.kind === 'contract' ? 'CONTRATO_ID' : `BENEFICIARIO_ID_${ref.index}`;
}

/** The parameters of a step with its id filled in (undefined while that id is unknown). */
export function paramsOf(step: Step, ids: Ids): Params | undefined {
  const id = step.from && idOf(ids, step.from);
  return step.from && id === undefined ? undefined : withParent(step, id);
}

/**
 * The command that sends a step: `coopctl <globals> enrol … <positional>
 * --flag value…`; an unknown id is its shell variable, and a document's file
 * is read by `base64` at the shell.
 */
export function commandOf(step: Step, ids: Ids, globals: readonly string[] = []): string {
  const { op } = step;
  const words = ['coopctl', ...globals.map(shellQuote), ...op.command];
  const known = paramsOf(step, ids);
  const value = (name: string): unknown => (known ? known[name] : name === step.parent ? undefined : step.params[name]);
  const idWord = step.from ? (idOf(ids, step.from) ?? `"$${variableOf(step.from)}"`) : undefined;
  const wordOf = (name: string, v: unknown) => (name === step.parent ? idWord! : shellQuote(String(v)));
  if (op.positional) {
    const v = value(op.positional);
    if (v !== undefined || op.positional === step.parent) words.push(wordOf(op.positional, v));
  }
  for (const name of Object.keys(op.params)) {
    if (name === op.positional) continue;
    if (name === 'arquivo' && step.file !== undefined) {
      words.push(flagOf(name), `"$(base64 -w0 ${shellQuote(step.file)})"`);
      continue;
    }
    const v = value(name);
    if (v === undefined && name !== step.parent) continue;
    for (const item of Array.isArray(v) ? v : [v]) words.push(flagOf(name), wordOf(name, item));
  }
  return words.join(' ');
}

/**
 * The lines that continue an interrupted enrolment: the failed step and every
 * later one, in order; before a step that creates an id the later ones need, a
 * comment says which variable to set from its output.
 */
export function continuation(m: Messages, rest: readonly Step[], ids: Ids, globals: readonly string[] = []): string[] {
  const lines: string[] = [];
  const needed = new Set(rest.flatMap((s) => (s.from && idOf(ids, s.from) === undefined ? [variableOf(s.from)] : [])));
  for (const step of rest) {
    if (step.defines && needed.has(variableOf(step.defines)) && step.creates) {
      lines.push(draftWords[m.common.lang].setVariable(step.label, variableOf(step.defines), step.creates));
    }
    lines.push(commandOf(step, ids, globals));
  }
  return lines;
}

/** A beneficiary's (or the contract's) part of the summary: its head, what was created under it, and the counts. */
interface Created {
  readonly head: string;
  readonly items: string[];
  readonly counts: Map<(n: number) => string, number>;
}

function createdText(g: Created): string {
  const counts = [...g.counts].map(([words, n]) => words(n));
  const items = [...g.items, ...counts];
  if (!g.head) return items.join(', ');
  return items.length ? `${g.head} (${items.join(', ')})` : g.head;
}

/** One line of what was created: `contract 8 (payer registered); beneficiary 1: beneficiario_id 15 (contato_id 3, …)`. */
export function createdSummary(m: Messages, done: readonly Done[]): string {
  const said = draftWords[m.common.lang];
  if (done.length === 0) return said.nothing;
  const groups: Created[] = [];
  const group = (head: string) => {
    const g: Created = { head, items: [], counts: new Map() };
    groups.push(g);
    return g;
  };
  let current: Created | undefined;
  for (const { step, id } of done) {
    if (step.creates === 'contrato_id') current = group(said.contractCreated(id));
    else if (step.creates === 'beneficiario_id') current = group(said.beneficiaryCreated(step.label, id));
    else {
      current ??= group('');
      if (step.counted) current.counts.set(step.counted, (current.counts.get(step.counted) ?? 0) + 1);
      else
        current.items.push(
          step.creates && id !== undefined ? `${step.creates} ${id}` : said.registered(step.label.split(' · ').pop()!),
        );
    }
  }
  return groups.map(createdText).join('; ');
}
