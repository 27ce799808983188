/**
 * Drafts: the work in progress of an interactive command, kept so that it
 * can go on later (`coopctl enrol wizard --resume`). One private JSON file per
 * draft in `$XDG_STATE_HOME/coopctl/drafts/` (or `~/.local/state/coopctl/drafts/`):
 * the folders 0700, each file 0600, written whole (a temporary file renamed
 * over it, after an fsync), so a draft is never half written. A draft being
 * worked on is locked (`<file>.lock` holds the process id), so that two
 * terminals cannot send the same draft twice.
 *
 * The file: `{ "draft": kind, "format": 1, "saved": ISO time, "coopctl":
 * version, "data": … }`; what `data` holds is the command's business.
 */
import { fileFault } from './file-errors.js';
import { chmodSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Env } from '../client/types.js';
import { writePrivateFileSync } from '../files/private-file.js';
import type { Messages } from './i18n/index.js';
import { UsageError } from './exit-codes.js';
import { takePidLock } from './pid-lock.js';
import { version } from './version.js';
import { words as draftWords } from './enrol/draft-words.js';

const FORMAT = 1;

/** `$XDG_STATE_HOME/coopctl/drafts` (an absolute XDG_STATE_HOME only, as the XDG rules say), or `~/.local/state/coopctl/drafts`. */
export function draftsDir(env: Env): string {
  const xdg = env['XDG_STATE_HOME'];
  return join(xdg?.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.local', 'state'), 'coopctl', 'drafts');
}

/** A saved draft as read back. */
export interface SavedDraft {
  readonly path: string;
  readonly kind: string;
  readonly saved: Date;
  /** The command's content, not checked yet (it may come from an older coopctl, or have been edited). */
  readonly data: unknown;
}

/** Creates the drafts folder (and the state folders above it) private to the user. */
function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The folder is coopctl's own: made private even if something else created it looser.
  chmodSync(dir, 0o700);
}

/** A new draft's path: `<kind>-<time to the millisecond>-<random>.json`, sortable by creation time. */
export function newDraftPath(env: Env, kind: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  const random = Math.random().toString(36).slice(2, 8);
  return join(draftsDir(env), `${kind}-${stamp}-${random}.json`);
}

/** Writes the draft whole and private (0600), on disk when it returns (src/files/private-file.ts). */
export function writeDraft(path: string, kind: string, data: unknown, now = new Date()): void {
  ensureDir(dirname(path));
  const text = `${JSON.stringify({ draft: kind, format: FORMAT, saved: now.toISOString(), coopctl: version, data }, null, 2)}\n`;
  writePrivateFileSync(path, text);
}

/** Reads a draft; a UsageError naming the file when it is not a draft of this kind. */
export function readDraft(m: Messages, path: string, kind: string): SavedDraft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ? fileFault(m, err) : draftWords[m.common.lang].notJson;
    throw new UsageError(draftWords[m.common.lang].cannotReadDraft(path, why));
  }
  const d = parsed as { draft?: unknown; format?: unknown; saved?: unknown; data?: unknown } | null;
  if (d === null || typeof d !== 'object' || d.draft !== kind || d.format !== FORMAT || d.data === undefined)
    throw new UsageError(draftWords[m.common.lang].notADraft(path, FORMAT));
  const saved = new Date(typeof d.saved === 'string' ? d.saved : 0);
  return { path, kind, saved, data: d.data };
}

/** The drafts of a kind, most recent first (by the time in their names). */
export function listDrafts(env: Env, kind: string): string[] {
  const dir = draftsDir(env);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(`${kind}-`) && n.endsWith('.json'))
    .sort()
    .reverse()
    .map((n) => join(dir, n));
}

/** Deletes a draft (gone already is fine). */
export function removeDraft(path: string): void {
  for (const file of [path, `${path}.lock`]) {
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/**
 * Locks a draft for this process (`<draft>.lock` holds its pid); a lock left
 * by a process that is gone is taken over. Returns the release function.
 */
export function lockDraft(m: Messages, path: string, command: string): () => void {
  ensureDir(dirname(path));
  return takePidLock(`${path}.lock`, {
    cannotLock: (why) => draftWords[m.common.lang].cannotLockDraft(path, why),
    busy: (pid, lock) => draftWords[m.common.lang].draftBusy(command, pid, path, lock),
  });
}
