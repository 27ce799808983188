/**
 * A dataset (demo or fixtures) as the rows a store writes, table by table,
 * with what the dataset means worked out here, whatever the database: agendas
 * become slots counted from "today", a registration with `situacao` A has a
 * change pending since today, the batch and movement counters go on from the
 * largest numbers in the dataset, and cards become beneficiary ids.
 */
import type { Row } from '../../../catalogue/index.js';
import { expandAgenda } from './agenda.js';
import { fromBR } from '../../../catalogue/dates.js';
import type { Dataset } from './fixtures.js';
import { medicalKinds } from '../medical.js';
import type { SlotKey } from '../areas/schedule.js';
import type { Counters } from '../areas/registration.js';

/** A dataset (demo or fixtures) as the rows a store writes (rows.ts makes them); every row of a beneficiary carries `beneficiary_id`. */
export interface DatasetRows {
  readonly ceps: readonly Row[];
  /** Each with its other fields as `details`. */
  readonly contracts: readonly Row[];
  readonly beneficiaries: readonly Row[];
  readonly contacts: readonly Row[];
  readonly addresses: readonly Row[];
  readonly medicalItems: ReadonlyArray<{ readonly beneficiary_id: number; readonly kind: string; readonly body: Row }>;
  readonly locations: readonly Row[];
  readonly providers: readonly Row[];
  readonly providerLocations: ReadonlyArray<{ readonly provider: unknown; readonly cd_local: unknown }>;
  /** Fixed slots and those of the agendas; a slot may appear twice (stored once). */
  readonly slots: readonly SlotKey[];
  /** Each with the key of the slot it takes, when the dataset has that slot. */
  readonly appointments: readonly Row[];
  readonly devices: readonly Row[];
  readonly counters: Counters;
}

/** The contract fields stored in their own columns; the others are kept as `details`. */
const CONTRACT_COLUMNS = [
  'contrato_id',
  'registro_ans',
  'coop_id',
  'produto_tabela_id',
  'origem',
  'status',
  'created_on',
  'start_on',
];

/** The beneficiaries' rows and what depends on them (contacts, addresses, medical items, counters). */
function people(data: Dataset, today: string) {
  const beneficiaries: Row[] = [];
  const contacts: Row[] = [];
  const addresses: Row[] = [];
  const medicalItems: Array<{ beneficiary_id: number; kind: string; body: Row }> = [];
  let lote = 0;
  let movimento = 0;
  for (const b of data.beneficiaries) {
    const row = b as Row;
    const beneficiary_id = Number(b.beneficiario_id);
    const { contato, endereco, medical, ...fields } = b;
    beneficiaries.push({
      ...fields,
      beneficiary_id,
      data_nasc: fromBR(String(row['data_nasc'])),
      changed_on: row['situacao'] === 'A' ? today : null,
    });
    lote = Math.max(lote, Number(row['lote']));
    movimento = Math.max(movimento, Number(row['movimento']));
    contacts.push({ ...contato, beneficiary_id });
    for (const a of endereco) addresses.push({ ...a, beneficiary_id });
    for (const { kind } of medicalKinds)
      for (const body of medical[kind] ?? []) medicalItems.push({ beneficiary_id, kind, body });
  }
  return { beneficiaries, contacts, addresses, medicalItems, counters: { lote, movimento } };
}

/** The rows that loading `data` on `today` (`yyyy-mm-dd`) writes. */
export function datasetRows(data: Dataset, today: string): DatasetRows {
  const holders = new Map(data.beneficiaries.map((b) => [String(b.usuario_cartao), Number(b.beneficiario_id)]));
  const holderOf = (card: unknown): number | null => (card === undefined ? null : (holders.get(String(card)) ?? null));
  return {
    ceps: data.ceps,
    contracts: data.contracts.map((c) => ({
      start_on: null,
      ...c,
      details: Object.fromEntries(Object.entries(c).filter(([k]) => !CONTRACT_COLUMNS.includes(k))),
    })),
    ...people(data, today),
    locations: data.locations,
    providers: data.providers,
    providerLocations: data.providers.flatMap((p) =>
      p.locations.map((cd_local) => ({ provider: (p as Row)['prest_cod_svc_card'], cd_local })),
    ),
    slots: [...(data.slots as unknown as SlotKey[]), ...data.agendas.flatMap((a) => expandAgenda(a, today))],
    appointments: data.appointments.map((a) => ({ ...a, beneficiary_id: holderOf(a.usuario_cartao) })),
    devices: data.devices.map((d) => ({ ...d, beneficiary_id: holderOf(d.usuario_cartao), registered_on: today })),
  };
}
