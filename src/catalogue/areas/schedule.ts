/** Section 4.3 of the spec: appointments, free dates and times, service locations. */
import { laterSameDay } from '../checks.js';
import { field, req } from '../field.js';
import * as rec from '../records.js';
import * as r from '../rules.js';
import { cardParam, inArea, READ, WRITE } from './common.js';

/** The provider code, required (`true`) or optional (`false`). */
const provider = <const R extends boolean>(required: R) => ({
  prest_cod_svc_card: field(required, r.int(1, 18, '9001'), 'provider code in the scheduling system'),
});
const location = { cd_local: req(r.int(1, 18, '101'), 'service location code') };

// ── 4.3 Scheduling ─────────────────────────────────────────────────────────────
const define = inArea('schedule', 'base', '/api/svccard/agendamento');
export const schedule = [
  define({
    name: 'buscaagendamentos',
    command: ['schedule', 'list'],
    summary: "List a beneficiary's appointments",
    methods: READ,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      ...provider(false),
      ind_apenas_concluidas: req(r.flagSN, 'only completed appointments', { cliDefault: 'N' }),
    },
    response: { fields: rec.appointment, envelope: 'required' },
  }),
  define({
    name: 'buscadatasdisponiveis',
    command: ['schedule', 'dates'],
    summary: 'List the dates with free slots at a location',
    methods: READ,
    params: { ...location, ...provider(true) },
    response: { fields: rec.availableDate, envelope: 'required' },
  }),
  define({
    name: 'buscahorariosdisponiveis',
    command: ['schedule', 'times'],
    summary: 'List the free times of a date at a location',
    methods: READ,
    params: { ...location, ...provider(true), data_consulta: req(r.dateISO, 'appointment date') },
    response: { fields: rec.availableTime, envelope: 'required' },
  }),
  define({
    name: 'buscalocaisatendimento',
    command: ['schedule', 'locations'],
    summary: "List a provider's service locations",
    methods: READ,
    params: provider(true),
    response: { fields: rec.location, envelope: 'required' },
  }),
  define({
    name: 'cancelaagendamento',
    command: ['schedule', 'cancel'],
    summary: 'Cancel an appointment',
    confirm: 'always',
    methods: WRITE,
    positional: 'cd_evento',
    // The example is Ana's waiting appointment in the demo data (docs/decisions.md, "Demo data").
    params: { cd_evento: req(r.int(1, 18, '880044'), 'appointment event code') },
    response: { fields: rec.none, envelope: 'required' },
  }),
  define({
    name: 'enviaagendamento',
    command: ['schedule', 'book'],
    summary: 'Send an appointment request for a free slot',
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      ...location,
      ...provider(true),
      tp_evento: req(r.int(1, 18, '1'), 'event to be scheduled'),
      dt_hr_inicio: req(r.dateTime, 'start'),
      dt_hr_fim: req(r.dateTimeEnd, 'end, later on the same day'),
      ds_email: req(r.holding('email', r.text(60, 0, 'ana.souza@example.com')), 'e-mail for the confirmation'),
      nr_ddd_celular: req(r.areaCode, 'mobile area code'),
      nr_celular: req(r.localNumber, 'mobile number'),
      ds_endereco: req(r.text(300, 0, 'Rua Augusta, 100'), 'provider address where the visit happens'),
    },
    checks: [laterSameDay('dt_hr_inicio', 'dt_hr_fim')],
    // The new appointment's code, typed as the spec types cd_evento (§2.4: up to 18 digits).
    response: {
      fields: rec.createdId('cd_evento', 'appointment event code created', 18),
      envelope: 'required',
      creates: 'cd_evento',
    },
  }),
] as const;
