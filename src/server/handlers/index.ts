/** The handlers of every operation of the catalogue, bound to one repository. */
import { catalogue, type OperationId } from '../../catalogue/index.js';
import type { Repository } from '../store/types.js';
import { registrationHandlers } from './registration.js';
import { recordHandlers } from './record.js';
import { scheduleHandlers } from './schedule.js';
import { enrolHandlers } from './enrol.js';
import { notifyHandlers } from './notify.js';
import type { Handlers, HandlersOf } from './types.js';

export function buildHandlers(repo: Repository): Handlers {
  const handlers: HandlersOf<OperationId> = {
    ...registrationHandlers(repo),
    ...recordHandlers(repo),
    ...scheduleHandlers(repo),
    ...enrolHandlers(repo),
    ...notifyHandlers(repo),
  };
  const ids = new Set<string>(catalogue.map((op) => op.id));
  const missing = [...ids].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length || extra.length)
    throw new Error(
      `handlers do not match the catalogue: missing ${missing.join(', ') || 'none'}, unknown ${extra.join(', ') || 'none'}`,
    );
  // The HTTP layer calls a handler with the parameters its operation's schema parsed: ParamsOf<Id>.
  return Object.freeze(handlers) as unknown as Handlers;
}
