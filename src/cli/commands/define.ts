/** `defineCommand`: how a command module declares its extra flags and its hooks for its catalogue operation. */
import type { Operation, ParamsOfOperation } from '../../catalogue/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import { type FlagDecls, type FlagValues, readFlags } from '../flags/declared.js';
import type { CommandHooks, CommandSpec, Subject, SubjectContext } from '../operations/spec.js';

/** A command module's declaration: its hooks, with its extra flags typed and their values handed to `subject`. */
export interface CommandModule<P, F extends FlagDecls> extends Omit<CommandHooks<P>, 'flags' | 'subject'> {
  /** Flags of the command besides the operation's fields (not sent), by commander's attribute name. */
  readonly flags?: F;
  /** As CommandHooks' `subject`, with the values of the declared flags. */
  subject?(
    io: Output & Asking & Service & Settings & GivenFlags,
    params: Partial<P>,
    context: SubjectContext & { readonly flags: FlagValues<F> },
  ): Promise<Subject | undefined>;
}

/**
 * The spec of `op`'s command: the operation by reference (`operation(id)`,
 * typed by its id), its extra flags, and the module's hooks, which get its
 * typed parameters and flags.
 */
export function defineCommand<Op extends Operation, F extends FlagDecls = Record<never, never>>(
  op: Op,
  module: CommandModule<ParamsOfOperation<Op>, F>,
): CommandSpec<ParamsOfOperation<Op>> {
  const { flags, subject, ...hooks } = module;
  return {
    op,
    ...hooks,
    ...(flags ? { flags } : {}),
    ...(subject
      ? {
          subject: (io, params, context) =>
            subject(io, params, { ...context, flags: readFlags<F>(flags ?? ({} as F), io.options) }),
        }
      : {}),
  };
}
