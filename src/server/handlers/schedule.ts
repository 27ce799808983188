/**
 * Scheduling (spec §4.3). A slot is offered while it is free and starts after
 * now; booking takes exactly one offered slot (status `aguardando`);
 * cancelling sets `cancelado` and frees the slot. Reads answer 3 when there is
 * nothing to list; writes answer 4 with the reason.
 */
import type { Params } from '../../catalogue/index.js';
import type { Repository } from '../store/repository.js';
import { isoDate, isoMinute } from '../store/dates.js';
import { cancellableStatuses, completedStatuses } from '../../catalogue/codes.js';
import { failed, found, noResult, requestOk, UNKNOWN_CARD } from './envelope.js';
import type { Handler } from './types.js';

const code = (params: Params, name: string): string => String(params[name]);

export function scheduleHandlers(repo: Repository): Record<string, Handler> {
  return {
    'schedule.list': async (params) => {
      const provider = params['prest_cod_svc_card'] === undefined ? undefined : code(params, 'prest_cod_svc_card');
      const completed = params['ind_apenas_concluidas'] === 'S';
      const rows = await repo.schedule.appointments(String(params['usuario_cartao']), {
        provider,
        statuses: completed ? completedStatuses : undefined,
      });
      if (!rows) return noResult(UNKNOWN_CARD);
      const what = `${completed ? 'completed ' : ''}appointments${provider === undefined ? '' : ` with provider ${provider}`}`;
      return found(rows, `this card has no ${what}`);
    },

    'schedule.locations': async (params) => {
      const provider = code(params, 'prest_cod_svc_card');
      return found(await repo.schedule.locations(provider), `provider ${provider} has no service location`);
    },

    'schedule.dates': async (params, ctx) => {
      const dates = await repo.schedule.freeDates(
        code(params, 'prest_cod_svc_card'),
        code(params, 'cd_local'),
        isoMinute(ctx.now()),
      );
      return found(
        dates.map((data_consulta) => ({ data_consulta })),
        'no free slot of this provider at this location',
      );
    },

    'schedule.times': async (params, ctx) => {
      const times = await repo.schedule.freeTimes(
        code(params, 'prest_cod_svc_card'),
        code(params, 'cd_local'),
        String(params['data_consulta']),
        isoMinute(ctx.now()),
      );
      return found(times, 'no free slot of this provider at this location on this date');
    },

    'schedule.book': async (params, ctx) => {
      const [data_consulta, hora_inicio] = String(params['dt_hr_inicio']).split(' ') as [string, string];
      const [endDay, hora_fim] = String(params['dt_hr_fim']).split(' ') as [string, string];
      if (endDay !== data_consulta || hora_fim <= hora_inicio)
        return failed('dt_hr_fim must be later than dt_hr_inicio on the same day');
      if (String(params['dt_hr_inicio']) <= isoMinute(ctx.now()))
        return failed('the slot has already started; choose a later one');
      const result = await repo.schedule.book({
        card: String(params['usuario_cartao']),
        prest_cod_svc_card: code(params, 'prest_cod_svc_card'),
        cd_local: code(params, 'cd_local'),
        tp_evento: code(params, 'tp_evento'),
        data_consulta,
        hora_inicio,
        hora_fim,
        status: 'aguardando',
        data_cadastro: isoDate(ctx.now()),
        contact: {
          ds_email: params['ds_email'],
          nr_ddd_celular: params['nr_ddd_celular'],
          nr_celular: params['nr_celular'],
          ds_endereco: params['ds_endereco'],
        },
      });
      switch (result.outcome) {
        case 'booked':
          return requestOk({ cd_evento: result.cd_evento });
        case 'unknown-card':
          return failed(UNKNOWN_CARD);
        case 'no-slot':
          return failed(
            'this provider offers no such slot (location, tp_evento, start and end); list the free ones with buscahorariosdisponiveis',
          );
        case 'taken':
          return failed('the slot is already taken; choose another one');
      }
    },

    'schedule.cancel': async (params) => {
      const cd = code(params, 'cd_evento');
      const status = await repo.schedule.appointmentStatus(cd);
      if (!status) return failed(`no appointment has cd_evento ${cd}`);
      if (!cancellableStatuses.includes(status))
        return failed(
          `appointment ${cd} is ${status}; only ${cancellableStatuses.join(' or ')} appointments can be cancelled`,
        );
      if (!(await repo.schedule.setAppointmentStatus(cd, status, 'cancelado')))
        return failed(`appointment ${cd} changed meanwhile; try again`);
      return requestOk();
    },
  };
}
