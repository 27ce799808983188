/** `notify send-all`: its confirmation says the message goes to all app users. */
import { operation } from '../../../catalogue/index.js';
import { defineCommand } from '../define.js';
import { messageLine } from './message.js';

export const sendAll = defineCommand(operation('notify.send-all'), {
  confirm: (params, m) => ({
    lines: [m.confirm.notify.sendAll, m.confirm.notify.audienceSize, messageLine(m, params)],
    question: m.confirm.notify.questionAll,
    what: m.confirm.notify.whatAll,
  }),
});
