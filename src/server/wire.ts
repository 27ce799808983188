/**
 * The server's wiring: the store opened, and the handlers of every operation
 * bound to its repository. The store knows nothing of the handlers, the
 * handlers know the store by its interfaces only (store/types.ts, the types of
 * its areas' methods); this is the one place that joins them.
 */
import { buildHandlers } from './handlers/index.js';
import type { Handlers } from './handlers/types.js';
import { openStore, type OpenStoreOptions, type Store } from './store/index.js';

/** An opened store with the handlers bound to it. */
export interface Backend extends Store {
  readonly handlers: Handlers;
}

/** Opens the store (store/index.ts `openStore`, same options and errors) and binds the handlers to it. */
export async function openBackend(options: OpenStoreOptions): Promise<Backend> {
  const store = await openStore(options);
  return { ...store, handlers: buildHandlers(store.repo) };
}
