/**
 * Registration update (spec §4.1): the registration record, contact and
 * address changes (each opens or joins the day's pending change), and CEP
 * look-up. An unknown card or address is "no result" (3); a holder with
 * `permite_atualizar` N is refused (4).
 */
import { operation, type Params, type Row } from '../../catalogue/index.js';
import type { Holder, Repository } from '../store/repository.js';
import { isoDate } from '../store/dates.js';
import { addressTypes } from '../../catalogue/codes.js';
import { failed, found, noResult, requestOk, UNKNOWN_CARD } from './envelope.js';
import { isPromise, type Handler, type HandlerContext, type JsonAnswer } from './types.js';

const addressFields = operation('registration.show').response.groups!['endereco']!.fields;
/** Address record fields that `atualizaendereco` fills from `endereco_<name>` parameters. */
const addressParams = Object.keys(operation('registration.save-address').params)
  .filter((p) => p.startsWith('endereco_') && p !== 'endereco_ind' && p.slice(9) in addressFields)
  .map((p) => p.slice(9));
/** Contact record fields that `atualizacontato` changes from `usuario_<name>` parameters. */
const contactParams = Object.keys(operation('registration.update-contact').params)
  .filter((p) => p !== 'usuario_cartao')
  .map((p) => [p, p.replace(/^usuario_/, '')] as const);

const today = (ctx: HandlerContext): string => isoDate(ctx.now());

/** The start of a found record (`found`'s envelope), to which the record's own fields are joined. */
const FOUND_START = `[${JSON.stringify({ confirma_operacao: 2, mensagem_erro: '' }).slice(0, -1)},`;
const UNKNOWN_CARD_ANSWER = JSON.stringify(noResult(UNKNOWN_CARD));

/** The `buscadadosusuario` answer for a registration record's JSON text (found: 2), or for none (no result: 3). */
function showAnswer(record: string | undefined): string {
  return record === undefined ? UNKNOWN_CARD_ANSWER : `${FOUND_START}${record.slice(1)}]`;
}

/** The holder of the card if it may be updated, or the records that say why not. */
async function editable(repo: Repository, card: string): Promise<Holder | Row[]> {
  const h = await repo.registration.holder(card);
  if (!h) return noResult(UNKNOWN_CARD);
  if (h.permite_atualizar === 'N')
    return failed('the registration of this card may not be updated through the app (permite_atualizar N)');
  return h;
}

/** The address an `atualizaendereco` request describes, or the reason the registration record cannot hold it. */
function addressOf(params: Params): Row | string {
  const address: Row = { tipo: addressTypes[String(params['tipo_endereco'])] };
  for (const name of addressParams) {
    const value = params[`endereco_${name}`];
    const check = addressFields[name]!.schema.safeParse(value);
    if (!check.success)
      return `endereco_${name}: the registration record's ${name} ${check.error.issues[0]!.message} (${addressFields[name]!.rule})`;
    address[name] = value;
  }
  return address;
}

export function registrationHandlers(repo: Repository): Record<string, Handler> {
  const show: JsonAnswer = (params, ctx) => {
    const record = repo.registration.record(String(params['usuario_cartao']), today(ctx));
    return isPromise(record) ? record.then(showAnswer) : showAnswer(record);
  };

  return {
    // The hot path: the answer's JSON text comes from one read of the store (Handler.json), and the
    // records are that text parsed, so that both say exactly the same.
    'registration.show': Object.assign(
      async (params: Params, ctx: HandlerContext) => JSON.parse(await show(params, ctx)) as Row[],
      { json: show },
    ),

    'registration.update-contact': async (params, ctx) => {
      const patch: Record<string, string> = {};
      for (const [param, field] of contactParams) if (params[param] !== undefined) patch[field] = String(params[param]);
      if (Object.keys(patch).length === 0)
        return failed(`nothing to update: give at least one of ${contactParams.map(([p]) => p).join(', ')}`);
      const h = await editable(repo, String(params['usuario_cartao']));
      if (Array.isArray(h)) return h;
      await repo.registration.updateContact(h.id, patch, today(ctx));
      return requestOk();
    },

    'registration.save-address': async (params, ctx) => {
      const h = await editable(repo, String(params['usuario_cartao']));
      if (Array.isArray(h)) return h;
      const address = addressOf(params);
      if (typeof address === 'string') return failed(address);
      const codigo = Number(params['endereco_ind']);
      if (codigo === 0) {
        const created = await repo.registration.insertAddress(h.id, address, today(ctx));
        return created === undefined
          ? failed('this card has used all 99 address codes; delete an address first')
          : requestOk();
      }
      const updated = await repo.registration.updateAddress(h.id, codigo, address, today(ctx));
      return updated ? requestOk() : noResult(`this card has no address ${codigo}`);
    },

    'registration.delete-address': async (params, ctx) => {
      const h = await editable(repo, String(params['usuario_cartao']));
      if (Array.isArray(h)) return h;
      const codigo = Number(params['endereco_ind']);
      const deleted = await repo.registration.deleteAddress(h.id, codigo, today(ctx));
      return deleted ? requestOk() : noResult(`this card has no address ${codigo}`);
    },

    'registration.cep': async (params) => {
      const entry = await repo.registration.cep(String(params['cep']));
      return found(entry ? [entry] : [], `CEP ${String(params['cep'])} is not in the CEP table`);
    },
  };
}
