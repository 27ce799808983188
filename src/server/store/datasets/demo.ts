/**
 * The demo dataset: deterministic (seeded generators and fixed names), with
 * every date counted from "today", so that the same `now` always gives the
 * same data. It is built as a fixtures document and goes through the same
 * schema as `--fixtures` (docs/fixtures.md); docs/decisions.md lists what a
 * newcomer can try with it. Its parts are in demo/: the fixed plan, the
 * people, their medical items (made from the catalogue's fields), their
 * appointments and devices.
 */
import type { Row } from '../../../catalogue/index.js';
import { addDays, isoDate } from '../../../catalogue/dates.js';
import { expandAgenda } from './agenda.js';
import * as w from './demo-words.js';
import { parseFixtures, type Dataset } from './fixtures.js';
import { seeded } from './prng.js';
import { devicesFor } from './demo/devices.js';
import { medicalItems } from './demo/medical.js';
import { beneficiaryRows, drawFamilies } from './demo/people.js';
import { AGENDAS, CONTRACTS, COOP, LOCATIONS, PROVIDERS } from './demo/plan.js';
import { appointmentsFor } from './demo/schedule.js';

export { demoExamples } from './demo/plan.js';

const SEED = 20_250_601;

/** The contracts as fixtures: the plan's, with the dates a proposal created three days ago has. */
function contractRows(today: string): Row[] {
  return CONTRACTS.map((c) => ({
    contrato_id: c.id,
    registro_ans: c.registro_ans,
    coop_id: COOP,
    ...(c.empresa_id ? { empresa_id: c.empresa_id } : {}),
    produto_tabela_id: 10 + c.group,
    origem: c.origem,
    status: c.status,
    created_on: c.created || addDays(today, -3),
    ...(c.start ? { start_on: c.start } : {}),
  }));
}

/**
 * Builds the document. People, addresses, contacts, appointments and devices
 * come from one generator, in a fixed order; each person's medical items of
 * each kind from a generator of their own (demo/medical.ts).
 */
export function demoDocument(now: Date): Row {
  const r = seeded(SEED);
  const today = isoDate(now);
  const families = drawFamilies(r);
  const beneficiaries = beneficiaryRows(r, families, today, (p) => medicalItems(p, today, SEED));
  const people = families.flatMap((f) => f.members);
  const slots = AGENDAS.flatMap((a) => expandAgenda(a, today));
  const appointments = appointmentsFor(people, slots, r, today);
  const devices = devicesFor(people, r);
  return {
    ceps: w.places.map(([cep, logradouro, bairro, cidade, estado]) => ({ cep, logradouro, bairro, cidade, estado })),
    contracts: contractRows(today),
    beneficiaries,
    locations: LOCATIONS,
    providers: PROVIDERS,
    agendas: AGENDAS,
    appointments,
    devices,
  };
}

/** The demo dataset for "today" = the local date of `now`. */
export function demoDataset(now: Date): Dataset {
  return parseFixtures(demoDocument(now));
}
