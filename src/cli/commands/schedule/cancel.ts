/** `schedule cancel`: its confirmation names the appointment. */
import { operation } from '../../../catalogue/index.js';
import { defineCommand } from '../define.js';

export const cancel = defineCommand(operation('schedule.cancel'), {
  confirm: (params) => ({
    lines: [`Cancel appointment ${params.cd_evento} (cd_evento)`],
    question: 'Cancel this appointment? This cannot be undone.',
    what: 'cancels an appointment',
  }),
});
