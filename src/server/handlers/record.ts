/** Medical record (spec §4.2): the reads, one handler per kind. Unknown card, or no items of the kind: 3. */
import type { Repository } from '../store/types.js';
import { medicalKinds } from '../store/medical.js';
import { business, tell } from '../words.js';
import { found, noResult } from './envelope.js';
import type { AreaIds, HandlerOf, HandlersOf } from './types.js';

export function recordHandlers(repo: Repository): HandlersOf<AreaIds<'record'>> {
  return Object.fromEntries(
    medicalKinds.map(({ kind, nouns }): [string, HandlerOf<AreaIds<'record'>>] => [
      `record.${kind}`,
      async (params, ctx) => {
        const items = await repo.record.items(params.usuario_cartao, kind);
        return items
          ? found(items, tell(ctx, business.noneRecorded(nouns)))
          : noResult(tell(ctx, business.unknownCard));
      },
    ]),
  ) as HandlersOf<AreaIds<'record'>>;
}
