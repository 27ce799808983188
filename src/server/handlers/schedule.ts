/**
 * Scheduling (spec §4.3). A slot is offered while it is free and starts after
 * now; booking takes exactly one offered slot (a new appointment waits for the
 * provider); cancelling frees the slot (the rules: domain/schedule.ts). Reads
 * answer 3 when there is nothing to list; writes answer 4 with the reason.
 */
import type { ParamsOf, Row, Said } from '../../catalogue/index.js';
import { cancellableStatuses, completedStatuses } from '../../catalogue/codes.js';
import { bookingRefusal, NEW_APPOINTMENT, offered, offeredDates, requestedTimes } from '../domain/schedule.js';
import { isoDate, isoMinute } from '../../catalogue/dates.js';
import type { BookRefusal } from '../store/areas/schedule.js';
import type { Repository } from '../store/types.js';
import { business, tell } from '../words.js';
import { failed, found, noResult, requestOk } from './envelope.js';
import type { AreaIds, HandlerOf, HandlersOf } from './types.js';

/** Why a booking was refused, in words. */
const REFUSED: Readonly<Record<BookRefusal, Said>> = { 'no-slot': business.noSlot, taken: business.slotTaken };

/** What a booking request gave to reach the beneficiary. */
const contactOf = (p: ParamsOf<'schedule.book'>): Row => ({
  ds_email: p.ds_email,
  nr_ddd_celular: p.nr_ddd_celular,
  nr_celular: p.nr_celular,
  ds_endereco: p.ds_endereco,
});

function book(repo: Repository): HandlerOf<'schedule.book'> {
  return async (params, ctx) => {
    const now = ctx.now();
    const times = requestedTimes(params.dt_hr_inicio, params.dt_hr_fim, isoMinute(now));
    if (times === undefined) return failed(tell(ctx, business.slotStarted));
    const holder = await repo.registration.holder(params.usuario_cartao);
    if (!holder) return failed(tell(ctx, business.unknownCard));
    const booking = {
      holderId: holder.id,
      prest_cod_svc_card: params.prest_cod_svc_card,
      cd_local: params.cd_local,
      tp_evento: params.tp_evento,
      ...times,
      status: NEW_APPOINTMENT,
      data_cadastro: isoDate(now),
      contact: contactOf(params),
    };
    const result = await repo.schedule.book(booking, bookingRefusal);
    return result.outcome === 'booked'
      ? requestOk({ cd_evento: result.cd_evento })
      : failed(tell(ctx, REFUSED[result.outcome]));
  };
}

function cancel(repo: Repository): HandlerOf<'schedule.cancel'> {
  return async (params, ctx) => {
    const cd = params.cd_evento;
    const status = await repo.schedule.appointmentStatus(cd);
    if (!status) return failed(tell(ctx, business.noAppointment(cd)));
    if (!cancellableStatuses.includes(status))
      return failed(tell(ctx, business.notCancellable(cd, status, cancellableStatuses)));
    if (!(await repo.schedule.setAppointmentStatus(cd, status, 'cancelado')))
      return failed(tell(ctx, business.appointmentChanged(cd)));
    return requestOk();
  };
}

/** `buscadatasdisponiveis`: the dates with a slot offered now. */
function dates(repo: Repository): HandlerOf<'schedule.dates'> {
  return async (params, ctx) => {
    const now = ctx.now();
    const slots = await repo.schedule.slots(params.prest_cod_svc_card, params.cd_local, { from: isoDate(now) });
    return found(
      offeredDates(slots, isoMinute(now)).map((data_consulta) => ({ data_consulta })),
      tell(ctx, business.noDates),
    );
  };
}

/** `buscahorariosdisponiveis`: the slots of a date offered now. */
function times(repo: Repository): HandlerOf<'schedule.times'> {
  return async (params, ctx) => {
    const on = params.data_consulta;
    const slots = await repo.schedule.slots(params.prest_cod_svc_card, params.cd_local, { from: on, on });
    return found(
      offered(slots, isoMinute(ctx.now())).map(({ tp_evento, hora_inicio, hora_fim }) => ({
        tp_evento,
        hora_inicio,
        hora_fim,
      })),
      tell(ctx, business.noTimes),
    );
  };
}

export function scheduleHandlers(repo: Repository): HandlersOf<AreaIds<'schedule'>> {
  return {
    'schedule.list': async (params, ctx) => {
      const provider = params.prest_cod_svc_card;
      const completed = params.ind_apenas_concluidas === 'S';
      const rows = await repo.schedule.appointments(params.usuario_cartao, {
        provider,
        statuses: completed ? completedStatuses : undefined,
      });
      if (!rows) return noResult(tell(ctx, business.unknownCard));
      return found(rows, tell(ctx, business.noAppointments(completed, provider)));
    },

    'schedule.locations': async (params, ctx) => {
      const provider = params.prest_cod_svc_card;
      return found(await repo.schedule.locations(provider), tell(ctx, business.noLocations(provider)));
    },

    'schedule.dates': dates(repo),
    'schedule.times': times(repo),

    'schedule.book': book(repo),
    'schedule.cancel': cancel(repo),
  };
}
