/** Answering scripted questions (fake-prompter.ts's Scripted) on a tmux pane, as a person would type them. */
import { ENTER, type Scripted } from './fake-prompter.js';
import type { Pane } from './tmux.js';

export interface DriveOptions {
  /** The key typed for a yes (`y`; `s` answers "Sim" in Portuguese). */
  readonly yes?: string;
}

/** Answers scripted questions on the screen: a bare ENTER takes the default of whatever is asked. */
export async function drive(pane: Pane, script: readonly Scripted[], options: DriveOptions = {}): Promise<void> {
  for (const item of script) {
    if (item === ENTER) {
      await pane.waitFor('a question', (s) => pane.active(s) !== undefined);
      const asked = pane.active()!.line;
      await pane.keys('Enter');
      await pane.waitFor(`the next question after ${asked}`, (s) => pane.active(s)?.line !== asked);
      continue;
    }
    if (typeof item !== 'object') throw new Error('every other scripted answer names its question');
    const { q, a } = item;
    if (typeof a === 'boolean') {
      if (options.yes === undefined) await pane.confirm(q, a);
      else await pane.input(q, a ? options.yes : 'n');
      continue;
    }
    const prompt = await pane.prompt(q);
    const isSelect = prompt.below.some((l) => l.startsWith('❯ '));
    if (a === ENTER) await pane.keys('Enter');
    else if (typeof a !== 'string') throw new Error('no Ctrl-C in a pane script');
    else if (isSelect) await pane.select(q, a);
    else await pane.input(q, a);
  }
}
