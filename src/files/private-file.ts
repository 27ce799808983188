/**
 * The one way coopctl writes a private file (drafts, batch reports, the audit
 * key, the proxy's recording): whole or not at all, mode 0600 whatever the
 * umask, never through a symlink, and on disk when the call returns.
 *
 * The rule: a new temporary file beside the target (same folder, so the
 * rename cannot cross file systems), opened with O_CREAT|O_EXCL|O_NOFOLLOW
 * and mode 0600, set to 0600 again with fchmod (a umask can take bits off the
 * mode given to open); the data written and the file fsynced; then renamed
 * over the target (a symlink there is replaced, not followed) — or, for a file
 * that must never be replaced, linked to it (EEXIST when it exists) — and the
 * folder fsynced, so the new name survives a crash too. On any failure the
 * temporary file is removed and the error thrown; the target is untouched.
 *
 * The steps are written once, as a plan of file-system calls; a synchronous
 * and an asynchronous runner perform them.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface PrivateFileOptions {
  /** Never replace an existing file: the write fails with EEXIST instead (the file stays theirs). */
  readonly exclusive?: boolean;
}

/** The file-system calls a plan asks for, each as its runner performs it. */
type Step =
  | { readonly op: 'open'; readonly path: string; readonly flags: number }
  | { readonly op: 'chmod' | 'write' | 'sync' | 'close'; readonly fd: number; readonly data?: string | Uint8Array }
  | { readonly op: 'rename' | 'link'; readonly from: string; readonly to: string }
  | { readonly op: 'unlink'; readonly path: string };

const { O_WRONLY, O_CREAT, O_EXCL, O_RDONLY } = fs.constants;
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const DIRECTORY = fs.constants.O_DIRECTORY ?? 0;
/** Windows can neither open a folder nor fsync one; there the rename is as durable as it gets. */
const SYNC_FOLDER = process.platform !== 'win32';

/** The temporary file's name: hidden, beside the target, unique to this call. */
export function temporaryName(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

/** The plan: each step yields a call and receives its result (the fd of an open). */
function* plan(path: string, data: string | Uint8Array, options: PrivateFileOptions): Generator<Step, void, unknown> {
  const temp = temporaryName(path);
  const fd = (yield { op: 'open', path: temp, flags: O_WRONLY | O_CREAT | O_EXCL | NOFOLLOW }) as number;
  try {
    try {
      yield { op: 'chmod', fd };
      yield { op: 'write', fd, data };
      yield { op: 'sync', fd };
    } finally {
      yield { op: 'close', fd };
    }
    yield { op: options.exclusive ? 'link' : 'rename', from: temp, to: path };
  } finally {
    // After a rename the name is gone (ENOENT, ignored); after a link or a failure it is removed here.
    yield { op: 'unlink', path: temp };
  }
  if (!SYNC_FOLDER) return;
  const folder = (yield { op: 'open', path: dirname(path), flags: O_RDONLY | DIRECTORY }) as number;
  try {
    yield { op: 'sync', fd: folder };
  } finally {
    yield { op: 'close', fd: folder };
  }
}

function stepSync(step: Step): unknown {
  switch (step.op) {
    case 'open':
      return fs.openSync(step.path, step.flags, 0o600);
    case 'chmod':
      return fs.fchmodSync(step.fd, 0o600);
    case 'write':
      return fs.writeFileSync(step.fd, step.data ?? '');
    case 'sync':
      return fs.fsyncSync(step.fd);
    case 'close':
      return fs.closeSync(step.fd);
    case 'rename':
      return fs.renameSync(step.from, step.to);
    case 'link':
      return fs.linkSync(step.from, step.to);
    case 'unlink':
      return fs.rmSync(step.path, { force: true });
  }
}

/** A callback call of node:fs as a promise (plain fds: no FileHandle to be closed behind the plan's back). */
function callback<T>(start: (done: (err: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value as T))));
}

function stepAsync(step: Step): Promise<unknown> {
  switch (step.op) {
    case 'open':
      return callback<number>((done) => fs.open(step.path, step.flags, 0o600, done));
    case 'chmod':
      return callback((done) => fs.fchmod(step.fd, 0o600, done));
    case 'write':
      return callback((done) => fs.writeFile(step.fd, step.data ?? '', done));
    case 'sync':
      return callback((done) => fs.fsync(step.fd, done));
    case 'close':
      return callback((done) => fs.close(step.fd, done));
    case 'rename':
      return fsp.rename(step.from, step.to);
    case 'link':
      return fsp.link(step.from, step.to);
    case 'unlink':
      return fsp.rm(step.path, { force: true });
  }
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** The plan's next step after one call: given the call's result, or the call's error thrown into the plan. */
function advance(steps: Generator<Step, void, unknown>, outcome: Outcome): IteratorResult<Step, void> {
  return outcome.ok ? steps.next(outcome.value) : steps.throw(outcome.error);
}

function attempt(call: () => unknown): Outcome {
  try {
    return { ok: true, value: call() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Writes `data` to `path` by the rule above, before returning. */
export function writePrivateFileSync(path: string, data: string | Uint8Array, options: PrivateFileOptions = {}): void {
  const steps = plan(path, data, options);
  for (let next = steps.next(); !next.done; ) {
    const step = next.value;
    next = advance(
      steps,
      attempt(() => stepSync(step)),
    );
  }
}

/** Writes `data` to `path` by the rule above, without blocking the event loop. */
export async function writePrivateFile(
  path: string,
  data: string | Uint8Array,
  options: PrivateFileOptions = {},
): Promise<void> {
  const steps = plan(path, data, options);
  for (let next = steps.next(); !next.done; ) {
    const outcome = await stepAsync(next.value).then(
      (value): Outcome => ({ ok: true, value }),
      (error): Outcome => ({ ok: false, error }),
    );
    next = advance(steps, outcome);
  }
}
