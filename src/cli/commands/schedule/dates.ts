/**
 * `schedule dates`: free dates read best as a month calendar with those dates
 * marked (the table output): the nearest months from today, the rest listed
 * or counted (output/calendar.ts bounds it, for every caller).
 */
import { operation } from '../../../catalogue/index.js';
import { renderCalendar } from '../../output/calendar.js';
import { defineCommand } from '../define.js';

export const dates = defineCommand(operation('schedule.dates'), {
  render: (data, display) =>
    renderCalendar(
      data.map((r) => String(r['data_consulta'])),
      display.style,
      display.lang,
      { ...(display.today ? { today: display.today } : {}), ...(display.width ? { width: display.width } : {}) },
    ),
});
