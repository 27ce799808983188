/**
 * The steps every operation's command runs, in their order
 * (operations/pipeline.ts): the safety flags; the prompt for missing
 * required fields; before sending, the dry run, the confirmation, then the
 * keeping of a terminal's card (interactive/recent-card.ts).
 * The command tree passes this list to each operation's command, and the
 * flows that send (the wizards, `record summary`) pass it on.
 */
import { promptMissingParams } from '../interactive/params-hook.js';
import { keepRecentCard } from '../interactive/recent-card.js';
import type { Pipeline } from '../operations/pipeline.js';
import { confirm, dryRun, safetyOptions } from '../safety/steps.js';

export const operationSteps: Pipeline = {
  options: [safetyOptions],
  params: [promptMissingParams],
  preSend: [dryRun, confirm, keepRecentCard],
};
