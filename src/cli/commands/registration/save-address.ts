/**
 * `registration save-address`: the service answers an insertion with its
 * envelope only, without the new address's code, which the next command
 * (`delete-address`, an update) needs. On a terminal, when a card is given
 * and the call inserts (`endereco_ind` 0), coopctl reads the card's
 * addresses before and after, and says the code the new one got. A script's
 * run (stderr not a terminal) and a dry run send the call alone.
 */
import { operation, type Params, type Row } from '../../../catalogue/index.js';
import type { OperationIo } from '../../capabilities.js';
import { text } from '../../i18n/facts.js';
import { executeOperation } from '../../operations/execute.js';
import { readQuietly } from '../../operations/read.js';
import type { Pipeline } from '../../operations/pipeline.js';
import type { CommandSpec } from '../../operations/spec.js';
import { isDryRun } from '../../safety/flags.js';
import { defineCommand } from '../define.js';

const show = operation('registration.show');

/** The address codes of a card's registration, or undefined when it cannot be read. */
async function addressCodes(inv: OperationIo, card: string): Promise<Set<string> | undefined> {
  const read = await readQuietly(inv, show, { usuario_cartao: card });
  if (!read?.length) return undefined;
  const addresses = [read[0]!['endereco']].flat().filter((a): a is Row => a !== null && typeof a === 'object');
  return new Set(addresses.map((a) => text(a['codigo'])));
}

/** Inserts, then says the new address's code (on a terminal); else the plain run. */
async function insertAndSay(
  inv: OperationIo,
  spec: CommandSpec,
  raw: Params,
  pipeline: Pipeline,
): Promise<number | undefined> {
  const card = raw['usuario_cartao'];
  if (!inv.tty.stderr || isDryRun(inv) || card === undefined || text(raw['endereco_ind']) !== '0') return undefined;
  const before = await addressCodes(inv, text(card));
  const code = await executeOperation(inv, spec, raw, pipeline);
  if (code !== 0 || before === undefined) return code;
  const after = await addressCodes(inv, text(card));
  const added = [...(after ?? [])].filter((c) => !before.has(c));
  if (added.length === 1) inv.info(inv.m.confirm.saveAddress.inserted(added[0]!));
  return code;
}

export const saveAddress = defineCommand(operation('registration.save-address'), { interactive: insertAndSay });
