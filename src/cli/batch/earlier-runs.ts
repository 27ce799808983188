/**
 * What the journal of earlier runs says of this file before anything is
 * sent: where they sent (another service's ids mean nothing here), whether
 * the file changed, steps edited after being sent (refused), and done steps
 * the file no longer has (left as they are).
 */
import { createHash } from 'node:crypto';
import type { Target } from '../../client/types.js';
import { UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Batch } from './input.js';
import { type Entry, readJournal, replay, type RunEntry } from '../enrol/journal.js';
import type { Io } from '../capabilities.js';
import { doneBefore, type Recorded } from '../enrol/store.js';
import type { Plan, Step } from './plan.js';
import type { Place, Problem } from './source.js';
import { stopInvalid } from './validity.js';
import { words as fileWords } from './file-words.js';

/** A step of the plan, with the row or contract it belongs to. */
export interface PlacedStep {
  readonly step: Step;
  readonly place: Place;
}

export interface History {
  /** The journal's path; undefined for stdin without --journal. */
  readonly journalPath: string | undefined;
  /** What the journal says of each step, by step id. */
  readonly recorded: Map<string, Recorded>;
  /** Where this run sends. */
  readonly target: Target;
  /** The file's hash, which the journal records for each run. */
  readonly sha256: string;
  /** The id of the key of this run's step hashes (step-hash.ts), for its run entry; undefined for a journal begun without one. */
  readonly keyId: string | undefined;
  readonly steps: PlacedStep[];
}

/** Every step of the plan, with the row or contract it belongs to. */
function allSteps(plan: Plan): PlacedStep[] {
  const out: PlacedStep[] = [];
  for (const g of plan.groups) {
    if (g.contract) out.push({ step: g.contract, place: g });
    if (g.payer) out.push({ step: g.payer, place: g });
    for (const r of g.rows) {
      if (r.beneficiary) out.push({ step: r.beneficiary, place: r });
      for (const s of r.subs) out.push({ step: s, place: r });
    }
  }
  return out;
}

/** The journal's path: --journal, else `<file>.journal.jsonl`; undefined for stdin without --journal. */
export function journalPathOf(file: string, journal: string | undefined): string | undefined {
  return journal ?? (file === '-' ? undefined : `${file}.journal.jsonl`);
}

/** The entries of the journal of earlier runs (none for stdin without --journal, or a journal not there yet). */
export function journalEntries(inv: Io, file: string, journal: string | undefined): Entry[] {
  const journalPath = journalPathOf(file, journal);
  if (!journalPath) inv.info(`enrol batch: ${fileWords[inv.lang].stdinNoJournal}`);
  return journalPath ? readJournal(inv.m, journalPath) : [];
}

/** What the journal of earlier runs says (its `entries`), refusing one that sent elsewhere. */
export async function readHistory(
  b: Batch,
  file: string,
  journal: string | undefined,
  entries: readonly Entry[],
  keyId: string | undefined,
): Promise<History> {
  const journalPath = journalPathOf(file, journal);
  const said = fileWords[b.inv.lang];
  const { steps: recorded, runs } = replay(entries);
  const target = await b.inv.target('base');
  const lastRun = runs[runs.length - 1];
  checkTarget(b.inv.m, lastRun, journalPath, target);
  const sha256 = createHash('sha256').update(b.bytes).digest('hex');
  if (lastRun && lastRun.sha256 !== sha256) b.inv.info(`enrol batch: ${said.changed(b.name)}`);
  return { journalPath, recorded, target, sha256, keyId, steps: allSteps(b.plan) };
}

function checkTarget(
  m: Messages,
  lastRun: RunEntry | undefined,
  journalPath: string | undefined,
  target: Target,
): void {
  if (lastRun && lastRun.target !== target.baseUrl)
    throw new UsageError(fileWords[m.common.lang].otherTarget(String(journalPath), lastRun.target, target.baseUrl));
}

/** Steps done by an earlier run from other values: the batch cannot change what it created. */
function conflicts(m: Messages, h: History): Problem[] {
  const out: Problem[] = [];
  for (const { step, place } of h.steps) {
    const r = h.recorded.get(step.id);
    if (!r || !doneBefore(r) || r.hash === step.hash) continue;
    const id = r.state === 'done' && r.id !== undefined && step.creates ? ` (${step.creates} ${r.id})` : '';
    out.push({
      ...(place.line !== undefined ? { line: place.line } : {}),
      field: place.line !== undefined ? step.name : `${place.path ?? ''} · ${step.name}`,
      part: step.name,
      message: fileWords[m.common.lang].alreadySent(id),
    });
  }
  return out;
}

/** Stops the batch (its exit code) when steps were edited after being sent; says what the file no longer has. */
export async function refuseEdits(b: Batch, h: History): Promise<number | undefined> {
  const said = fileWords[b.inv.lang];
  const clash = conflicts(b.inv.m, h);
  if (clash.length) {
    await b.inv.notice(said.edited(b.name, clash.length), 'error');
    return stopInvalid(b, said.editedTitle(b.name, String(h.journalPath)), clash);
  }
  const planned = new Set(h.steps.map((s) => s.step.id));
  const orphans = [...h.recorded].filter(([id, r]) => doneBefore(r) && !planned.has(id)).length;
  if (orphans) b.inv.info(`enrol batch: ${said.orphans(orphans, b.name)}`);
  return undefined;
}
