/** Section 4.3 of the spec: appointments, free dates and times, service locations. */
import { laterSameDay } from '../checks.js';
import { field, req } from '../field.js';
import * as rec from '../records.js';
import * as r from '../rules.js';
import { cardParam, inArea, label, nouns, READ, said, WRITE } from './common.js';

/** The provider code, required (`true`) or optional (`false`). */
const provider = <const R extends boolean>(required: R) => ({
  prest_cod_svc_card: field(
    required,
    r.int(1, 18, '9001'),
    said('provider code in the scheduling system', 'código do prestador no sistema de agendamento'),
    label('Provider code', 'Código do prestador'),
  ),
});
const location = {
  cd_local: req(
    r.int(1, 18, '101'),
    said('service location code', 'código do local de atendimento'),
    label('Service location', 'Local de atendimento'),
  ),
};

// ── 4.3 Scheduling ─────────────────────────────────────────────────────────────
const define = inArea('schedule', 'base', '/api/svccard/agendamento');
export const schedule = [
  define({
    name: 'buscaagendamentos',
    command: ['schedule', 'list'],
    alias: 'listar',
    summary: said("List a beneficiary's appointments", 'Lista os agendamentos de um beneficiário'),
    nouns: nouns('appointment', 'appointments', 'consulta', 'consultas', 'f'),
    methods: READ,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      ...provider(false),
      ind_apenas_concluidas: req(r.flagSN, said('only completed appointments', 'só os agendamentos concluídos'), {
        cliDefault: 'N',
        label: said('Only completed', 'Só concluídas'),
      }),
    },
    response: { fields: rec.appointment, envelope: 'required' },
  }),
  define({
    name: 'buscadatasdisponiveis',
    command: ['schedule', 'dates'],
    alias: 'datas',
    summary: said(
      'List the dates with free slots at a location',
      'Lista as datas com horários livres num local de atendimento',
    ),
    nouns: nouns(
      'date with free times',
      'dates with free times',
      'data com horários livres',
      'datas com horários livres',
      'f',
    ),
    methods: READ,
    params: { ...location, ...provider(true) },
    response: { fields: rec.availableDate, envelope: 'required' },
  }),
  define({
    name: 'buscahorariosdisponiveis',
    command: ['schedule', 'times'],
    alias: 'horários',
    summary: said(
      'List the free times of a date at a location',
      'Lista os horários livres de uma data num local de atendimento',
    ),
    nouns: nouns('free time', 'free times', 'horário livre', 'horários livres'),
    methods: READ,
    params: {
      ...location,
      ...provider(true),
      data_consulta: req(r.fromFirstYear(r.dateISO), said('appointment date', 'data da consulta')),
    },
    response: { fields: rec.availableTime, envelope: 'required' },
  }),
  define({
    name: 'buscalocaisatendimento',
    command: ['schedule', 'locations'],
    alias: 'locais',
    summary: said("List a provider's service locations", 'Lista os locais de atendimento de um prestador'),
    nouns: nouns('service location', 'service locations', 'local de atendimento', 'locais de atendimento'),
    methods: READ,
    params: provider(true),
    response: { fields: rec.location, envelope: 'required' },
  }),
  define({
    name: 'cancelaagendamento',
    command: ['schedule', 'cancel'],
    alias: 'cancelar',
    summary: said('Cancel an appointment', 'Cancela um agendamento'),
    done: said('Appointment cancelled', 'Consulta cancelada'),
    confirm: 'always',
    methods: WRITE,
    positional: 'cd_evento',
    // The example is Ana's waiting appointment in the demo data (docs/decisions.md, "Demo data").
    params: {
      cd_evento: req(
        r.int(1, 18, '880044'),
        said('appointment event code', 'código do agendamento'),
        label('Appointment', 'Agendamento'),
      ),
    },
    response: { fields: rec.none, envelope: 'required' },
  }),
  define({
    name: 'enviaagendamento',
    command: ['schedule', 'book'],
    alias: 'agendar',
    summary: said(
      'Send an appointment request for a free slot',
      'Envia um pedido de agendamento para um horário livre',
    ),
    done: said('Appointment requested', 'Consulta solicitada'),
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      ...location,
      ...provider(true),
      tp_evento: req(
        r.int(1, 18, '1'),
        said('event to be scheduled', 'tipo de atendimento a agendar'),
        label('Event type', 'Tipo de evento'),
      ),
      dt_hr_inicio: req(r.fromFirstYear(r.dateTime), said('start', 'início')),
      dt_hr_fim: req(
        r.fromFirstYear(r.dateTimeEnd),
        said('end, later on the same day', 'fim, mais tarde no mesmo dia'),
        label('End', 'Término'),
      ),
      ds_email: req(
        r.holding('email', r.text(60, 0, 'ana.souza@example.com')),
        said('e-mail for the confirmation', 'e-mail para a confirmação'),
      ),
      nr_ddd_celular: req(r.areaCode, said('mobile area code', 'DDD do celular')),
      nr_celular: req(r.localNumber, said('mobile number', 'número do celular')),
      ds_endereco: req(
        r.text(300, 0, 'Rua Augusta, 100'),
        said('provider address where the visit happens', 'endereço do prestador onde será o atendimento'),
        label('Visit address', 'Endereço da consulta'),
      ),
    },
    checks: [laterSameDay('dt_hr_inicio', 'dt_hr_fim')],
    // The new appointment's code, typed as the spec types cd_evento (§2.4: up to 18 digits).
    response: {
      fields: rec.createdId(
        'cd_evento',
        said('appointment event code created', 'código do agendamento criado'),
        said('Appointment', 'Agendamento'),
        18,
      ),
      envelope: 'required',
      creates: 'cd_evento',
    },
  }),
] as const;
