/**
 * `notify send`: without an audience filter it goes to everyone, which its
 * confirmation says. On a terminal (without --yes) it first offers the
 * audience filters, each with its documented codes explained, when none was
 * given, and always says the audience in words and asks before sending.
 */
import { audienceFilters, operation, type Params } from '../../../catalogue/index.js';
import { given } from '../../i18n/facts.js';
import { askField } from '../../interactive/fields.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../../capabilities.js';
import { checkedInput, prepareCall, sendCall } from '../../operations/execute.js';
import { completedParams, type Pipeline } from '../../operations/pipeline.js';
import { inputOptions } from '../../operations/input.js';
import type { CommandSpec } from '../../operations/spec.js';
import { confirmCall, needsConfirmation } from '../../safety/confirm.js';
import { assumeYes, isDryRun } from '../../safety/flags.js';
import { defineCommand } from '../define.js';
import { audienceFlags, messageLine } from './message.js';

/** The filters, asked one by one (each may be left empty). */
async function askAudience(inv: Output & Asking, op: typeof send.op): Promise<Params> {
  inv.say(inv.m.confirm.notify.askAudience);
  const out: Params = {};
  for (const name of audienceFilters) {
    const answer = await askField(inv, name, op.params[name]!, {
      optional: true,
      ...inputOptions(inv),
    });
    if (answer !== undefined) out[name] = answer;
  }
  return out;
}

/** The flow on a terminal: the message's fields, the audience, the audience in words and the question, then the send. */
async function onTerminal(
  inv: Output & Asking & Service & Settings & GivenFlags,
  spec: CommandSpec,
  raw: Params,
  pipeline: Pipeline,
): Promise<number | undefined> {
  if (!inv.interactive || assumeYes(inv)) return undefined;
  const { op } = spec;
  let params = await completedParams(pipeline, inv, op, raw);
  if (!audienceFilters.some((f) => given(params[f]))) {
    checkedInput(inv, op, params); // the message is checked before the audience is asked
    params = { ...params, ...(await askAudience(inv, op)) };
  }
  const call = await prepareCall(inv, spec, checkedInput(inv, op, params));
  if (isDryRun(inv)) return sendCall(inv, call, pipeline);
  const stop = await confirmCall(inv, call, false, undefined, true);
  if (stop !== undefined) return stop;
  // Asked: the pipeline's confirmation does not ask again.
  return sendCall(inv, { ...call, confirmed: true }, pipeline);
}

export const send = defineCommand(operation('notify.send'), {
  interactive: onTerminal,
  confirm: (params, m) => {
    const n = m.confirm.notify;
    const everyone = needsConfirmation(send.op, params);
    return {
      lines: [everyone ? n.everyone(audienceFlags) : n.audience(params), n.audienceSize, messageLine(m, params)],
      question: everyone ? n.questionEveryone : n.question,
      what: n.whatEveryone(audienceFlags),
    };
  },
});
