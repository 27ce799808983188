/** What every step of the demo walk shares: its shape, "now", the demo card and the answer of a done write. */
import type { Row } from '../../../src/catalogue/index.js';

/** "Now" of the server: Monday 1 June 2026, 08:30 local time. Slots start tomorrow. */
export const DEMO_NOW = new Date(2026, 5, 1, 8, 30);

/** The spec examples' card: Ana Beatriz Souza, holder of contract 1. */
export const CARD = '00010001000001005';

/** What earlier steps created, for the steps that act on it. */
export interface WalkState {
  cdEvento?: string;
  pushid?: string;
}

export interface Step {
  /** Catalogue id of the operation the step calls. */
  readonly op: string;
  /** What the step shows (the test's name). */
  readonly title: string;
  readonly params: (state: WalkState) => Record<string, string>;
  /** Checks the records answered (success and the documented shape are checked by the runner). */
  readonly check: (records: readonly Row[], state: WalkState) => void;
}

/** The answer of a write that was done (confirma_operacao 1). */
export const ok = [{ confirma_operacao: 1, mensagem_erro: '' }];
