/**
 * `registration delete-address`: before deleting, when a person reads the
 * words (a terminal), it reads the card's registration, so that the
 * confirmation and the outcome name the address (its type and place) and
 * whose it is. A script's run sends the deletion alone. On a terminal
 * without `--endereco-ind`, the card's addresses are listed to choose from
 * (code, type and place), instead of a bare question for the code.
 */
import { operation, type Params, type Row } from '../../../catalogue/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../../capabilities.js';
import { executeOperation } from '../../operations/execute.js';
import type { Pipeline } from '../../operations/pipeline.js';
import type { CommandSpec } from '../../operations/spec.js';
import { addressPlace, text } from '../../i18n/facts.js';
import { readQuietly } from '../../operations/read.js';
import type { Subject } from '../../operations/spec.js';
import { defineCommand } from '../define.js';

/** The records of a nested group: one object or a list (the spec does not say which). */
const groupOf = (record: Row | undefined, name: string): Row[] =>
  [record?.[name]].flat().filter((r): r is Row => r !== null && typeof r === 'object');

/** On a terminal, the address to delete chosen from the card's addresses when no code was given; else the plain run. */
async function chooseAddress(
  inv: Output & Asking & Service & Settings & GivenFlags,
  spec: CommandSpec,
  raw: Params,
  pipeline: Pipeline,
): Promise<number | undefined> {
  if (!inv.interactive || raw['endereco_ind'] !== undefined || raw['usuario_cartao'] === undefined) return undefined;
  const read = await readQuietly(inv, operation('registration.show'), { usuario_cartao: text(raw['usuario_cartao']) });
  const addresses = groupOf(read?.[0], 'endereco');
  if (addresses.length === 0) return undefined;
  const choices = addresses.map((a) => ({
    name: `${text(a['codigo'])} · ${text(a['tipo'])} – ${addressPlace(a)}`,
    value: text(a['codigo']),
  }));
  const chosen = await inv.prompter.select({ message: inv.m.confirm.deleteAddress.pick, choices });
  return executeOperation(inv, spec, { ...raw, endereco_ind: chosen }, pipeline);
}

export const deleteAddress = defineCommand(operation('registration.delete-address'), {
  interactive: chooseAddress,
  subject: async (inv, params): Promise<Subject | undefined> => {
    if (!inv.interactive && !inv.tty.stderr) return undefined;
    const card = text(params.usuario_cartao);
    const ind = text(params.endereco_ind);
    const read = await readQuietly(inv, operation('registration.show'), { usuario_cartao: card });
    if (!read?.length) return undefined;
    const addresses = groupOf(read[0], 'endereco');
    const address = addresses.find((a) => text(a['codigo']) === ind);
    const words = inv.m.confirm.deleteAddress;
    if (!address) {
      const others = addresses.map((a) => text(a['codigo'])).join(', ');
      return { lines: [words.missing(ind, card, others)], brief: '' };
    }
    const facts = { name: text(read[0]!['nome']), type: text(address['tipo']), place: addressPlace(address) };
    return { lines: [words.address(facts), words.beneficiary(facts.name)], brief: words.brief(facts) };
  },
  confirm: (params, m, subject) => ({
    lines: [
      m.confirm.deleteAddress.line(text(params.endereco_ind), text(params.usuario_cartao)),
      ...(subject?.lines ?? []),
    ],
    question: m.confirm.deleteAddress.question,
    what: m.confirm.deleteAddress.what,
  }),
});
