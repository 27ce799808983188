/**
 * The enrolment engine's journal (the progress store of `enrol batch`): an
 * append-only JSON-lines file beside the input (`<file>.journal.jsonl`) that
 * records each request of the batch, so that a rerun skips what is done and
 * reuses the ids it created.
 *
 * Lines (`k` is the step's identity, `h` the hash of its parameters, `p` the
 * id it was sent with; hashes keyed: batch/step-hash.ts):
 * - `{"e":"run", …}` once per run: time, file hash, target URL, the id of the
 *   key of its hashes;
 * - `{"e":"send","k":…,"h":…,"p":…}` written before the request goes out;
 * - `{"e":"done","k":…,"h":…,"p":…,"id":…}` as soon as the answer says it was done;
 * - `{"e":"fail","k":…,"why":"refused"|"transport","msg":…}`: refused (the
 *   service said no, so nothing was created) or transport (no answer: the
 *   service may have done it);
 * - `{"e":"lost","k":…}`: a rerun found that the service did create it, but
 *   its id is unknown.
 *
 * Every line is written with one write(2) (it survives the process being
 * killed); `durable()` fsyncs, grouping the waits of concurrent steps into one
 * fsync (group commit). Without a file (stdin without --journal) nothing is
 * written, and everything is durable at once.
 */
import { closeSync, existsSync, fsync, openSync, readFileSync, readSync, fstatSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../exit-codes.js';
import { takePidLock } from '../pid-lock.js';
import type { Messages } from '../i18n/index.js';
import type { Id, Step } from './plan.js';
import { doneBefore, inDoubt, type ProgressStore, type Recorded } from './store.js';
import { words as batchWords } from '../batch/words.js';

export interface RunEntry {
  readonly e: 'run';
  readonly at: string;
  readonly file: string;
  readonly sha256: string;
  readonly target: string;
  readonly coopctl: string;
  /** The id of the key of the step hashes (batch/step-hash.ts); absent in journals begun before keys. */
  readonly key?: string;
}

export interface StepEntry {
  readonly e: 'send' | 'done' | 'fail' | 'lost';
  readonly k: readonly string[];
  readonly h: string;
  readonly p?: Id;
  readonly id?: Id | null;
  readonly why?: 'refused' | 'transport';
  readonly msg?: string;
  /** On a contract's send: the highest contract id the journal knew, for finding it later. */
  readonly after?: number;
}

export type Entry = RunEntry | StepEntry;

/** A step as the journal names it: its key (the contract's, then the row's, then the record's) and its hash. */
export type JournalStep = Step & { readonly key: readonly string[]; readonly hash: string };

/** Replays journal entries into the state of each step. */
export function replay(entries: readonly Entry[]): { steps: Map<string, Recorded>; runs: RunEntry[] } {
  const steps = new Map<string, Recorded>();
  const runs: RunEntry[] = [];
  for (const e of entries) {
    if (e.e === 'run') {
      runs.push(e);
      continue;
    }
    const id = JSON.stringify(e.k);
    const now = steps.get(id);
    const parent = e.p === undefined ? {} : { parent: e.p };
    if (e.e === 'done')
      steps.set(id, {
        state: 'done',
        hash: e.h,
        ...parent,
        ...(e.id === undefined || e.id === null ? {} : { id: e.id }),
      });
    else if (e.e === 'lost') steps.set(id, { state: 'lost', hash: e.h, ...parent });
    else if (now?.state === 'done' || now?.state === 'lost') continue;
    else if (e.e === 'send')
      steps.set(id, { state: 'sent', hash: e.h, ...parent, ...(e.after === undefined ? {} : { after: e.after }) });
    else if (e.why === 'transport') {
      // A contract's `after` (on its send) still tells it from the contracts created later.
      const after = now?.state === 'sent' && now.after !== undefined ? { after: now.after } : {};
      steps.set(id, { state: 'transport', hash: e.h, ...parent, ...after, ...(e.msg ? { msg: e.msg } : {}) });
    } else steps.set(id, { state: 'refused', hash: e.h, ...(e.msg ? { msg: e.msg } : {}) });
  }
  return { steps, runs };
}

/** The ids of the contracts the journal has done (a contract's key is its own: one part). */
export function doneContracts(recorded: ReadonlyMap<string, Recorded>): Id[] {
  const out: Id[] = [];
  for (const [id, r] of recorded)
    if (r.state === 'done' && r.id !== undefined && JSON.parse(id).length === 1) out.push(r.id);
  return out;
}

/** Whether a journal key is a beneficiary's (`[contract, "b:…"]`). */
function isBeneficiaryKey(key: readonly string[]): boolean {
  return key.length === 2 && key[1]!.startsWith('b:');
}

/** Reads a journal file: its entries, tolerating a last line cut short by a crash. */
export function readJournal(m: Messages, path: string): Entry[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    try {
      const e = JSON.parse(line) as Entry;
      if (typeof e !== 'object' || e === null || typeof (e as { e?: unknown }).e !== 'string')
        throw new Error('not an entry');
      out.push(e);
    } catch {
      // Only the last line can be cut short (the process died while writing it): that step was not done.
      if (lines.slice(i + 1).every((l) => l.trim() === '')) break;
      throw new UsageError(batchWords[m.common.lang].damaged(path, i + 1));
    }
  }
  return out;
}

/** The journal open for appending (holding its lock file), or none; `recorded` is what it held when opened. */
export class Journal implements ProgressStore<JournalStep> {
  readonly recorded: Map<string, Recorded>;
  readonly #fd: number | undefined;
  readonly #unlock: () => void;
  #waiting: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  #syncing = false;
  #closed = false;
  /** The highest contract id known done: a contract's `send` records it, to tell it from contracts created later. */
  #maxContract: number;

  private constructor(recorded: Map<string, Recorded>, fd?: number, unlock: () => void = () => undefined) {
    this.recorded = recorded;
    this.#fd = fd;
    this.#unlock = unlock;
    this.#maxContract = doneContracts(recorded).reduce<number>(
      (max, id) => (typeof id === 'number' ? Math.max(max, id) : max),
      0,
    );
  }

  /**
   * Takes the lock (`<journal>.lock`, refusing when another live process
   * holds it) and opens the journal for appending; without a path, none.
   */
  static open(m: Messages, path: string | undefined, recorded: Map<string, Recorded>): Journal {
    if (path === undefined) return new Journal(recorded);
    const unlock = takePidLock(`${path}.lock`, {
      cannotLock: (why) => batchWords[m.common.lang].cannotLock(path, why),
      busy: (pid, lock) => batchWords[m.common.lang].busy(pid, path, lock),
    });
    try {
      return new Journal(recorded, openForAppending(path), unlock);
    } catch (err) {
      unlock();
      throw new UsageError(batchWords[m.common.lang].cannotWrite(path, (err as Error).message.split('\n')[0]!));
    }
  }

  /** Appends one entry with one write: it survives the process being killed from then on. */
  write(entry: Entry): void {
    if (this.#fd !== undefined) writeSync(this.#fd, `${JSON.stringify(entry)}\n`);
  }

  sending(step: JournalStep, parent: Id | undefined): void {
    const after = step.kind === 'contract' ? { after: this.#maxContract } : {};
    this.write({ e: 'send', ...base(step, parent), ...after });
  }

  done(step: JournalStep, parent: Id | undefined, id: Id | undefined): Promise<void> {
    this.write({ e: 'done', ...base(step, parent), ...(id === undefined ? {} : { id }) });
    if (step.kind === 'contract' && typeof id === 'number') this.#maxContract = Math.max(this.#maxContract, id);
    return this.durable();
  }

  failed(step: JournalStep, parent: Id | undefined, doubt: boolean, message: string): void {
    this.write({
      e: 'fail',
      ...base(step, parent),
      why: doubt ? 'transport' : 'refused',
      ...(message ? { msg: message } : {}),
    });
  }

  /** A step in doubt found created, whose id is not known: skipped from now on. */
  lost(id: string): void {
    const { hash = '', parent } = this.recorded.get(id) as Extract<Recorded, { state: 'sent' }>;
    this.write({ e: 'lost', k: JSON.parse(id) as string[], h: hash, ...(parent === undefined ? {} : { p: parent }) });
    this.recorded.set(id, { state: 'lost', hash, ...(parent === undefined ? {} : { parent }) });
  }

  knownContracts(): ReadonlySet<string> {
    return new Set(doneContracts(this.recorded).map(String));
  }

  /** Everything the journal knows of beneficiaries on a contract, in the plan or not (a row may have left the file). */
  beneficiariesOn(contract: string): { known: number; doubtful: string[] } {
    let known = 0;
    const doubtful: string[] = [];
    for (const [id, r] of this.recorded) {
      const key = JSON.parse(id) as string[];
      if (!isBeneficiaryKey(key) || !('parent' in r) || String(r.parent) !== contract) continue;
      if (doneBefore(r)) known++;
      else if (inDoubt(r)) doubtful.push(id);
    }
    return { known, doubtful };
  }

  /** Resolves once everything written so far is on disk (one fsync serves every waiting step). */
  durable(): Promise<void> {
    if (this.#fd === undefined) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      if (!this.#syncing) void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#syncing = true;
    while (this.#waiting.length) {
      const batch = this.#waiting;
      this.#waiting = [];
      const err = await new Promise<Error | null>((resolve) => fsync(this.#fd!, (e) => resolve(e)));
      for (const w of batch) {
        if (err) w.reject(err);
        else w.resolve();
      }
    }
    this.#syncing = false;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.durable().catch(() => undefined);
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#unlock();
  }
}

/** What each entry of a step repeats: its key, its hash, and the id it was sent with. */
function base(step: JournalStep, parent: Id | undefined): Pick<StepEntry, 'k' | 'h' | 'p'> {
  return { k: step.key, h: step.hash, ...(parent === undefined ? {} : { p: parent }) };
}

/** Opens the journal for appending (0600), ending a line cut short by a crash so that it cannot swallow the next entry. */
function openForAppending(path: string): number {
  const created = !existsSync(path);
  // Private (0600), like the configuration: it holds the service's messages about the rows.
  const fd = openSync(path, 'a+', 0o600);
  const size = fstatSync(fd).size;
  if (size > 0) {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    if (last[0] !== 0x0a) writeSync(fd, '\n');
  }
  if (created) syncDirectory(dirname(path));
  return fd;
}

/** Makes a new file's directory entry durable (Linux and macOS; a no-op where directories cannot be opened). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    const f = fd;
    fsync(f, () => closeSync(f));
  } catch {
    if (fd !== undefined) closeSync(fd);
  }
}
