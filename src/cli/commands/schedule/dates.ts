/** `schedule dates`: free dates read best as a month calendar with those dates marked (the table output). */
import { operation } from '../../../catalogue/index.js';
import { renderCalendar } from '../../output/calendar.js';
import { defineCommand } from '../define.js';

export const dates = defineCommand(operation('schedule.dates'), {
  render: (data, display) =>
    renderCalendar(
      data.map((r) => String(r['data_consulta'])),
      display.style,
      display.lang,
    ),
});
