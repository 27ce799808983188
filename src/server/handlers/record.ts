/** Medical record (spec §4.2): the reads, one handler per kind. Unknown card, or no items of the kind: 3. */
import type { Repository } from '../store/types.js';
import { medicalKinds } from '../store/medical.js';
import { found, noResult, UNKNOWN_CARD } from './envelope.js';
import type { AreaIds, HandlerOf, HandlersOf } from './types.js';

export function recordHandlers(repo: Repository): HandlersOf<AreaIds<'record'>> {
  return Object.fromEntries(
    medicalKinds.map(({ kind }): [string, HandlerOf<AreaIds<'record'>>] => [
      `record.${kind}`,
      async (params) => {
        const items = await repo.record.items(params.usuario_cartao, kind);
        return items ? found(items, `no ${kind} recorded for this card`) : noResult(UNKNOWN_CARD);
      },
    ]),
  ) as HandlersOf<AreaIds<'record'>>;
}
