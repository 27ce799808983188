/** `defineCommand`: how a command module declares its hooks for its catalogue operation. */
import type { Operation, ParamsOfOperation } from '../../catalogue/index.js';
import type { CommandHooks, CommandSpec } from '../operations/spec.js';

/**
 * The spec of `op`'s command: the operation by reference (`operation(id)`,
 * typed by its id), and the module's hooks, which get its typed parameters.
 */
export function defineCommand<Op extends Operation>(
  op: Op,
  hooks: CommandHooks<ParamsOfOperation<Op>>,
): CommandSpec<ParamsOfOperation<Op>> {
  return { op, ...hooks };
}
