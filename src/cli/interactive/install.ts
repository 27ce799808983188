/** Registers the prompt for missing required fields on the operation commands' params hooks (once). */
import { hooks } from '../operations/hooks.js';
import { promptMissingParams } from './params-hook.js';

let installed = false;

export function installInteractive(): void {
  if (installed) return;
  installed = true;
  hooks.params.push(promptMissingParams);
}
