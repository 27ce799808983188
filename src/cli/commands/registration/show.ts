/**
 * `registration show`: the record drawn as a card that fits an 80×30 screen
 * (output/registration-card.ts, loaded only when a table is drawn), instead
 * of one table per nested group.
 */
import { operation } from '../../../catalogue/index.js';
import * as lazy from '../../lazy.js';
import { defineCommand } from '../define.js';

const op = operation('registration.show');

export const show = defineCommand(op, {
  render: async (data, display) => (await lazy.registrationCard()).registrationCard(op, data, display),
});
