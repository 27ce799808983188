import type { Said } from '../../catalogue/lang.js';

/** The database could not be opened for a reason its server or its file gave (bad password, no such database, not a coopctl store, …); the message says which. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
  /** The reason in both languages: coopctl's own words, or the database's own (given as a string, the same in both). */
  readonly said: Said;
  constructor(reason: string | Said) {
    const said = typeof reason === 'string' ? { en: reason, 'pt-BR': reason } : reason;
    super(said.en);
    this.said = said;
  }
}
