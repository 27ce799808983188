/**
 * `schedule book`: with required flags missing on a terminal, the booking
 * wizard (book/wizard.ts, loaded only then) checks the card and names the
 * beneficiary, offers providers by name and the live lists of free slots,
 * and pre-fills the contact from the registration. A dry run sends nothing,
 * not even the wizard's reads: the missing fields are then asked plainly (the
 * params hook).
 */
import { operation } from '../../../catalogue/index.js';
import { missingRequired } from '../../interactive/fields.js';
import * as lazy from '../../lazy.js';
import { shellQuote } from '../../output/shell.js';
import { isDryRun } from '../../safety/flags.js';
import { defineCommand } from '../define.js';

const op = operation('schedule.book');
const card = shellQuote(op.params[op.positional].example);

export const book = defineCommand(op, {
  examples: [{ command: `coopctl schedule book ${card}`, note: 'bookWizard' }],
  interactive: async (inv, spec, raw) => {
    if (!inv.interactive || isDryRun(inv) || missingRequired(spec.op.params, raw).length === 0) return undefined;
    return (await lazy.scheduleWizard()).runScheduleWizard(inv, spec, raw);
  },
});
