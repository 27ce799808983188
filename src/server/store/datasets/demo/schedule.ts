/** The demo's appointments: a history in the past (taken place, missed or cancelled) and a few future ones on real slots. */
import type { Row } from '../../../../catalogue/index.js';
import { addDays } from '../../../../catalogue/dates.js';
import type { Agenda } from '../agenda.js';
import type { Random } from '../prng.js';
import type { SlotKey } from '../../areas/schedule.js';
import type { Person } from './people.js';
import { AGENDAS, demoExamples } from './plan.js';

/** Start and end of the past appointments. */
const HOURS = [
  ['08:00', '08:30'],
  ['09:00', '09:30'],
  ['10:00', '10:30'],
  ['11:00', '11:30'],
  ['14:00', '14:30'],
  ['15:00', '15:30'],
] as const;

type Add = (p: Person, slot: SlotKey, status: string, booked: string) => void;

/** Past appointments: three of the example card's, and one to three for about half the others. */
function history(people: readonly Person[], r: Random, today: string, add: Add): void {
  const past = (
    p: Person,
    status: string,
    a: Agenda,
    daysAgo: number,
    [hora_inicio, hora_fim]: (typeof HOURS)[number],
  ) => {
    const data_consulta = addDays(today, -daysAgo);
    const { prest_cod_svc_card, cd_local, tp_evento } = a;
    const slot = { prest_cod_svc_card, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim };
    add(p, slot, status, addDays(data_consulta, -r.int(2, 25)));
  };
  const example = people[0]!;
  past(example, 'realizado', AGENDAS[0]!, 120, HOURS[1]);
  past(example, 'realizado', AGENDAS[3]!, 45, HOURS[4]);
  past(example, 'cancelado', AGENDAS[2]!, 20, HOURS[2]);
  for (const p of people.slice(1)) {
    if (!r.chance(0.45)) continue;
    for (let k = r.int(1, 3); k > 0; k--) {
      const status = r.chance(0.7) ? 'realizado' : r.chance(0.5) ? 'faltou' : 'cancelado';
      past(p, status, r.pick(AGENDAS), r.int(3, 400), r.pick(HOURS));
    }
  }
}

/** Future appointments take real slots, so those slots are not offered: the example card's, and some of active contracts. */
function future(people: readonly Person[], slots: readonly SlotKey[], r: Random, today: string, add: Add): void {
  const taken = new Set<number>();
  /** Books slot `index`, or the next one not taken yet. */
  const book = (p: Person, index: number, status: string) => {
    let i = index;
    while (taken.has(i)) i = (i + 1) % slots.length;
    taken.add(i);
    add(p, slots[i]!, status, today);
  };
  const exampleSlot = slots.findIndex(
    (s) =>
      s.prest_cod_svc_card === demoExamples.provider &&
      s.cd_local === demoExamples.location &&
      s.data_consulta >= addDays(today, 3) &&
      s.hora_inicio === '10:00',
  );
  if (exampleSlot >= 0) book(people[0]!, exampleSlot, 'aguardando');
  for (const p of people.filter((q) => q.contract.status === 'ativo' && r.chance(0.15)))
    book(p, r.int(0, slots.length - 1), r.chance(0.5) ? 'aguardando' : 'confirmado');
}

/** The appointments of `people` (the example card first), on the demo agendas and their `slots`. */
export function appointmentsFor(people: readonly Person[], slots: readonly SlotKey[], r: Random, today: string): Row[] {
  const out: Row[] = [];
  let cd = 880_001;
  const add: Add = (p, s, status, booked) => {
    out.push({ cd_evento: cd++, usuario_cartao: p.card, ...s, status_agendamento: status, data_cadastro: booked });
  };
  history(people, r, today, add);
  future(people, slots, r, today, add);
  return out;
}
