/** Medical-record items: one table, each item's record fields kept as JSON text. */
import type { Row } from '../../../catalogue/index.js';
import { read, type Methods } from '../sql/define.js';
import { type Script, sql, values } from '../sql/query.js';
import { holderId } from './registration.js';

const ITEMS = sql<{ id: number; kind: string }, { body: string }>(
  'SELECT body FROM medical_item WHERE beneficiary_id = @id AND kind = @kind ORDER BY id',
  { columns: { body: 'text' } },
);

export const record = {
  /** A card's items of one kind (`allergies`, … the `record` command words), in the order the dataset lists them; undefined for an unknown card. */
  items: read(function* (card: string, kind: string): Script<Row[] | undefined> {
    const id = yield* holderId(card);
    if (id === undefined) return undefined;
    return (yield* values(ITEMS, { id, kind })).map((body) => JSON.parse(body) as Row);
  }),
};

export type RecordRepository = Methods<typeof record>;
