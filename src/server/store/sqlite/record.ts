/** Medical-record items in SQLite: one table, each item's record fields kept as JSON. */
import type { Row } from '../../../catalogue/index.js';
import type { RecordRepository } from '../types.js';
import type { Db } from './connection.js';

export function sqliteRecord(db: Db): RecordRepository {
  const holderId = db.prepare<[string], number>('SELECT id FROM beneficiary WHERE card = ?').pluck();
  const items = db
    .prepare<[number, string], string>(
      'SELECT body FROM medical_item WHERE beneficiary_id = ? AND kind = ? ORDER BY id',
    )
    .pluck();
  return {
    items: async (card, kind) => {
      const id = holderId.get(card);
      if (id === undefined) return undefined;
      return items.all(id, kind).map((body) => JSON.parse(body) as Row);
    },
  };
}
