/**
 * Waiting on a condition instead of a fixed time: `check` is polled (every `everyMs`) until it answers true, or
 * the wait fails after `withinMs`, saying what it waited for. A test of real processes waits for what it needs to
 * have happened (a line printed, a row written, a lock waited on), never for a guessed duration.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  { withinMs = 15_000, everyMs = 20 }: { withinMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms in vain for ${what}`);
    await sleep(everyMs);
  }
}
