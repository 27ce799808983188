/** The demo's push devices: two for the example card, one for some other holders, one not tied to a card, one inactive. */
import type { Row } from '../../../../catalogue/index.js';
import { randomHex, type Random } from '../prng.js';
import type { Person } from './people.js';

const uuid = (r: Random): string =>
  `${randomHex(r, 8)}-${randomHex(r, 4)}-4${randomHex(r, 3)}-${r.pick(['8', '9', 'a', 'b'])}${randomHex(r, 3)}-${randomHex(r, 12)}`;

/** The devices of `people` (the example card first). */
export function devicesFor(people: readonly Person[], r: Random): Row[] {
  const device = (tipo: number, card: string | undefined, active = true): Row => ({
    pushid: uuid(r),
    dispositivo_token: tipo === 2 ? `apns-${randomHex(r, 64)}` : `fcm-${randomHex(r, 22)}:APA91b${randomHex(r, 40)}`,
    dispositivo_tipo: tipo,
    ...(card ? { usuario_cartao: card } : {}),
    active,
  });
  const example = people[0]!;
  const others = people.filter((p) => p.id > 1 && !p.child && p.contract.status !== 'cancelado' && r.chance(0.3));
  return [
    device(1, example.card),
    device(2, example.card),
    ...others.map((p) => device(r.chance(0.6) ? 1 : 2, p.card)),
    device(3, undefined),
    device(1, people[people.length - 1]!.card, false),
  ];
}
