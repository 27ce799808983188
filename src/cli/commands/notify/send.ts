/** `notify send`: without an audience filter it goes to everyone, which its confirmation says. */
import { operation } from '../../../catalogue/index.js';
import { defineCommand } from '../define.js';
import { AUDIENCE_SIZE, audienceFlags, messageLine } from './message.js';

export const send = defineCommand(operation('notify.send'), {
  confirm: (params) => ({
    lines: [
      `Send a push notification with no audience filter (${audienceFlags}): it goes to every app user of the cooperative`,
      AUDIENCE_SIZE,
      messageLine(params),
    ],
    question: 'Send to every app user? This cannot be undone.',
    what: `has no audience filter (${audienceFlags}), so it sends to every app user`,
  }),
});
