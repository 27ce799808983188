/** The database could not be opened for a reason its server or its file gave (bad password, no such database, not a coopctl store, …); the message says which. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}
