/** Medical-record items in PostgreSQL: one table, each item's record fields kept as JSON text. */
import type { Pool } from 'pg';
import type { Row } from '../../../catalogue/index.js';
import type { RecordRepository } from '../types.js';
import { one, rows } from './pool.js';

export function pgRecord(pool: Pool): RecordRepository {
  return {
    items: async (card, kind) => {
      const holder = await one<{ id: number }>(pool, 'SELECT id FROM beneficiary WHERE card = $1', [card]);
      if (!holder) return undefined;
      const items = await rows<{ body: string }>(
        pool,
        'SELECT body FROM medical_item WHERE beneficiary_id = $1 AND kind = $2 ORDER BY id',
        [holder.id, kind],
      );
      return items.map((r) => JSON.parse(r.body) as Row);
    },
  };
}
