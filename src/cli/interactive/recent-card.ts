/**
 * The card a person's last command in this shell used, for `schedule cancel`
 * to offer instead of asking for the 17 digits again (docs/decisions.md).
 * Every operation run at a terminal with a `usuario_cartao` keeps it, through
 * a pre-send hook, in coopctl's private state folder
 * (`$XDG_STATE_HOME/coopctl/recent-card.json`, 0600 in a 0700 folder), with
 * the shell it ran from (the parent process) and when; it is offered only to
 * a command of the same shell within 30 minutes. Scripts (no terminal) keep
 * nothing.
 */
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Asking } from '../capabilities.js';
import * as lazy from '../lazy.js';
import type { PreSendStep } from '../operations/pipeline.js';

/** How long a card is offered after the command that used it. */
const FRESH_MS = 30 * 60 * 1000;

interface Kept {
  readonly card: string;
  readonly shell: number;
  readonly at: number;
}

const FILE = 'recent-card.json';

/** Keeps `card` as this shell's last, when a person runs the command at a terminal; a failure to write only loses the offer. */
export async function keepCard(inv: Asking, card: string): Promise<void> {
  if (!inv.interactive) return;
  const { writePrivateFileSync } = await lazy.privateFile();
  const path = join(inv.stateDir, FILE);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    chmodSync(dirname(path), 0o700);
    const kept: Kept = { card, shell: process.ppid, at: Date.now() };
    writePrivateFileSync(path, `${JSON.stringify(kept)}\n`);
  } catch {
    // Nothing to do: the next question asks for the card.
  }
}

/**
 * The pre-send step: the card of an operation's calls (`schedule list`, `registration show`…) made at a terminal,
 * written once for the run however many calls it makes (`record summary` makes six): the last card among them.
 */
export const keepRecentCard: PreSendStep = async (calls, inv) => {
  const cards = calls.filter((call) => !call.asGiven).map((call) => call.params['usuario_cartao']);
  const card = cards.filter((c): c is string => typeof c === 'string').at(-1);
  if (card !== undefined) await keepCard(inv, card);
  return undefined;
};

/** The card a command of this shell used in the last 30 minutes, if any. */
export function recentCard(inv: Asking): string | undefined {
  try {
    const kept = JSON.parse(readFileSync(join(inv.stateDir, FILE), 'utf8')) as Partial<Kept>;
    const fresh = typeof kept.at === 'number' && Date.now() - kept.at < FRESH_MS && kept.at <= Date.now();
    return fresh && kept.shell === process.ppid && typeof kept.card === 'string' ? kept.card : undefined;
  } catch {
    return undefined;
  }
}
