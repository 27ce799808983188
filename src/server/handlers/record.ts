/** Medical record (spec §4.2): the six reads, one handler per kind. Unknown card, or no items of the kind: 3. */
import type { Repository } from '../store/repository.js';
import { medicalKinds } from '../store/medical.js';
import { found, noResult, UNKNOWN_CARD } from './envelope.js';
import type { Handler } from './types.js';

export function recordHandlers(repo: Repository): Record<string, Handler> {
  return Object.fromEntries(
    medicalKinds.map(({ kind }): [string, Handler] => [
      `record.${kind}`,
      async (params) => {
        const items = await repo.record.items(String(params['usuario_cartao']), kind);
        return items ? found(items, `no ${kind} recorded for this card`) : noResult(UNKNOWN_CARD);
      },
    ]),
  );
}
