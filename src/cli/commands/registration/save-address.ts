/**
 * `registration save-address`: the service answers an insertion with its
 * envelope only, without the new address's code, which the next command
 * (`delete-address`, an update) needs. On a terminal, when a card is given
 * and the call inserts (`endereco_ind` 0), coopctl reads the card's
 * addresses before and after, and says the code the new one got. A script's
 * run (stderr not a terminal) and a dry run send the call alone. Asking on a
 * terminal for an address without its CEP, the CEP typed is looked up
 * (`registration cep`): its street, city, district and state are what the
 * next questions offer (Enter keeps each).
 */
import { type Operation, operation, type Params, type Row } from '../../../catalogue/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../../capabilities.js';
import { text } from '../../i18n/facts.js';
import { askField, missingRequired } from '../../interactive/fields.js';
import { executeOperation } from '../../operations/execute.js';
import { flagOf } from '../../operations/flags.js';
import { inputOptions } from '../../operations/input.js';
import { readQuietly } from '../../operations/read.js';
import type { Pipeline } from '../../operations/pipeline.js';
import type { CommandSpec } from '../../operations/spec.js';
import { isDryRun } from '../../safety/flags.js';
import { defineCommand } from '../define.js';

const show = operation('registration.show');

/** The address codes of a card's registration, or undefined when it cannot be read. */
async function addressCodes(inv: Service, card: string): Promise<Set<string> | undefined> {
  const read = await readQuietly(inv, show, { usuario_cartao: card });
  if (!read?.length) return undefined;
  const addresses = [read[0]!['endereco']].flat().filter((a): a is Row => a !== null && typeof a === 'object');
  return new Set(addresses.map((a) => text(a['codigo'])));
}

/** The parts of an address a CEP's record gives, by the field of this operation they fill. */
const FROM_CEP: Readonly<Record<string, string>> = {
  endereco_logradouro: 'logradouro',
  endereco_cidade: 'cidade',
  endereco_bairro: 'bairro',
  endereco_estado: 'estado',
};

/** The CEP's record, said on the terminal (`CEP 01310100: Avenida Paulista, …`); none when the service does not know it. */
async function cepRecord(inv: Service & Output, cep: string): Promise<Row | undefined> {
  const [found] = (await readQuietly(inv, operation('registration.cep'), { cep })) ?? [];
  if (!found || found['logradouro'] === undefined) return undefined;
  const parts = ['logradouro', 'bairro', 'cidade', 'estado'].map((k) => text(found[k])).filter(Boolean);
  inv.say(inv.m.prompts.cepFound(cep, parts.join(', ')));
  return found;
}

/** Asks the missing required fields in order (as the plain run's prompt does), offering what the CEP typed gives. */
async function askWithCep(inv: Asking & Output & Service, op: Operation, raw: Params): Promise<Params> {
  const missing = missingRequired(op.params, raw);
  if (!inv.interactive || !missing.includes('endereco_cep')) return raw;
  inv.info(inv.m.prompts.missing(`coopctl ${op.command.join(' ')}`, missing.length, missing.map(flagOf).join(' ')));
  const out: Params = { ...raw };
  let found: Row | undefined;
  for (const name of missing) {
    const offered = found?.[FROM_CEP[name] ?? ''];
    const given = offered === undefined ? {} : { default: text(offered) };
    const answer = await askField(inv, name, op.params[name]!, { ...inputOptions(inv), ...given });
    if (answer !== undefined) out[name] = answer;
    if (name === 'endereco_cep' && answer !== undefined) found = await cepRecord(inv, text(answer));
  }
  return out;
}

/** Inserts, then says the new address's code (on a terminal); else the plain run. */
async function insertAndSay(
  inv: Output & Asking & Service & Settings & GivenFlags,
  spec: CommandSpec,
  given: Params,
  pipeline: Pipeline,
): Promise<number | undefined> {
  const raw = await askWithCep(inv, spec.op, given);
  const card = raw['usuario_cartao'];
  if (!inv.tty.stderr || isDryRun(inv) || card === undefined || text(raw['endereco_ind']) !== '0')
    return raw === given ? undefined : executeOperation(inv, spec, raw, pipeline);
  const before = await addressCodes(inv, text(card));
  const code = await executeOperation(inv, spec, raw, pipeline);
  if (code !== 0 || before === undefined) return code;
  const after = await addressCodes(inv, text(card));
  const added = [...(after ?? [])].filter((c) => !before.has(c));
  if (added.length === 1) inv.info(inv.m.confirm.saveAddress.inserted(added[0]!));
  return code;
}

export const saveAddress = defineCommand(operation('registration.save-address'), { interactive: insertAndSay });
