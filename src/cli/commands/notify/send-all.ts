/** `notify send-all`: its confirmation says the message goes to all app users. */
import { operation } from '../../../catalogue/index.js';
import { defineCommand } from '../define.js';
import { AUDIENCE_SIZE, messageLine } from './message.js';

export const sendAll = defineCommand(operation('notify.send-all'), {
  confirm: (params) => ({
    lines: ['Send a push notification to ALL app users of the cooperative', AUDIENCE_SIZE, messageLine(params)],
    question: 'Send to ALL app users? This cannot be undone.',
    what: 'sends a notification to all app users',
  }),
});
