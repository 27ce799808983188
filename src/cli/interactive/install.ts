/** Registers the prompt for missing required fields (params hooks) and the keeping of a terminal's card (pre-send), once. */
import { hooks } from '../operations/hooks.js';
import { promptMissingParams } from './params-hook.js';
import { keepRecentCard } from './recent-card.js';

let installed = false;

export function installInteractive(): void {
  if (installed) return;
  installed = true;
  hooks.params.push(promptMissingParams);
  hooks.preSend.push(keepRecentCard);
}
