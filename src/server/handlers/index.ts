/** The handlers of all 30 operations, bound to one repository. */
import { catalogue } from '../../catalogue/index.js';
import type { Repository } from '../store/repository.js';
import { registrationHandlers } from './registration.js';
import { recordHandlers } from './record.js';
import { scheduleHandlers } from './schedule.js';
import { enrolHandlers } from './enrol.js';
import { notifyHandlers } from './notify.js';
import type { Handlers } from './types.js';

export function buildHandlers(repo: Repository): Handlers {
  const handlers = {
    ...registrationHandlers(repo),
    ...recordHandlers(repo),
    ...scheduleHandlers(repo),
    ...enrolHandlers(repo),
    ...notifyHandlers(repo),
  };
  const ids = new Set(catalogue.map((op) => op.id));
  const missing = [...ids].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length || extra.length)
    throw new Error(
      `handlers do not match the catalogue: missing ${missing.join(', ') || 'none'}, unknown ${extra.join(', ') || 'none'}`,
    );
  return Object.freeze(handlers);
}
