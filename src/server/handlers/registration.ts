/**
 * Registration update (spec §4.1): the registration record, contact and
 * address changes (each opens or joins the day's pending change), and CEP
 * look-up. An unknown card or address is "no result" (3); a holder with
 * `permite_atualizar` N is refused (4).
 */
import { operation, type ParamsOf, type Row } from '../../catalogue/index.js';
import { addressTypeRecords } from '../../catalogue/codes.js';
import { langs, type Lang } from '../../catalogue/index.js';
import {
  cepForms,
  freeAddressCode,
  MAX_ADDRESS_CODE,
  mergeContact,
  restampOn,
  type ContactPatch,
} from '../domain/registration.js';
import { isoDate } from '../../catalogue/dates.js';
import type { Holder } from '../store/areas/registration.js';
import type { Repository } from '../store/types.js';
import { business, tell } from '../words.js';
import { failed, found, noResult, requestOk } from './envelope.js';
import type { AreaIds, HandlerContext, HandlerOf, HandlersOf } from './types.js';

const addressFields = operation('registration.show').response.groups['endereco'].fields;
/** Address record fields that `atualizaendereco` fills from `endereco_<name>` parameters. */
const addressParams = Object.keys(operation('registration.save-address').params)
  .filter((p) => p.startsWith('endereco_') && p !== 'endereco_ind' && p.slice(9) in addressFields)
  .map((p) => p.slice(9));
/** Contact record fields that `atualizacontato` changes from `usuario_<name>` parameters. */
const contactParams = Object.keys(operation('registration.update-contact').params)
  .filter((p) => p !== 'usuario_cartao')
  .map((p) => [p, p.replace(/^usuario_/, '')] as [keyof ParamsOf<'registration.update-contact'>, keyof ContactPatch]);

const today = (ctx: HandlerContext): string => isoDate(ctx.now());

/** The start of a found record (`found`'s envelope), to which the record's own fields are joined. */
const FOUND_START = `[${JSON.stringify({ confirma_operacao: 2, mensagem_erro: '' }).slice(0, -1)},`;
/** The answer for a card no beneficiary holds, in each language. */
const UNKNOWN_CARD_ANSWER = Object.fromEntries(
  langs.map((lang) => [lang, JSON.stringify(noResult(tell({ lang }, business.unknownCard)))]),
) as Readonly<Record<Lang, string>>;

/** The `buscadadosusuario` answer for a registration record's JSON text (found: 2), or for none (no result: 3). */
function showAnswer(record: string | undefined, lang: Lang = 'en'): string {
  return record === undefined ? UNKNOWN_CARD_ANSWER[lang] : `${FOUND_START}${record.slice(1)}]`;
}

/** The holder of the card if it may be updated, or the records that say why not. */
async function editable(repo: Repository, card: string, ctx: HandlerContext): Promise<Holder | Row[]> {
  const h = await repo.registration.holder(card);
  if (!h) return noResult(tell(ctx, business.unknownCard));
  if (h.permite_atualizar === 'N') return failed(tell(ctx, business.mayNotUpdate));
  return h;
}

/**
 * The address an `atualizaendereco` request describes. Each `endereco_<name>`
 * rule of the catalogue is no looser than the record's `<name>` (the city: 50
 * characters), so the registration record holds whatever passed validation.
 */
function addressOf(params: ParamsOf<'registration.save-address'>): Row {
  const address: Row = { tipo: addressTypeRecords[params.tipo_endereco] };
  for (const name of addressParams) address[name] = (params as Row)[`endereco_${name}`];
  return address;
}

/** The contact fields an `atualizacontato` request gives (at least one: the catalogue's check). */
function contactPatch(params: ParamsOf<'registration.update-contact'>): ContactPatch {
  const patch: Record<string, string> = {};
  for (const [param, field] of contactParams) {
    const value = params[param];
    if (value !== undefined) patch[field] = value;
  }
  return patch;
}

/**
 * `buscadadosusuario`: its records, and the JSON text of them straight from one read of the store (the hot path),
 * at once too where the store can read it synchronously (SQLite: the fast path's).
 */
function showHandler(repo: Repository): HandlerOf<'registration.show'> {
  const { record } = repo.registration;
  const json = async (params: ParamsOf<'registration.show'>, ctx: HandlerContext) =>
    showAnswer(await record(params.usuario_cartao, today(ctx)), ctx.lang);
  const now = record.now;
  // The records are the JSON text parsed, so that both answers say exactly the same.
  const handler = async (params: ParamsOf<'registration.show'>, ctx: HandlerContext) =>
    JSON.parse(await json(params, ctx)) as Row[];
  if (!now) return Object.assign(handler, { json });
  const jsonNow = (params: ParamsOf<'registration.show'>, ctx: HandlerContext) =>
    showAnswer(now(params.usuario_cartao, today(ctx)), ctx.lang);
  return Object.assign(handler, { json, jsonNow });
}

/** `atualizaendereco`: endereco_ind 0 inserts an address under a free codigo, another updates that address. */
function saveAddress(repo: Repository): HandlerOf<'registration.save-address'> {
  return async (params, ctx) => {
    const h = await editable(repo, params.usuario_cartao, ctx);
    if (Array.isArray(h)) return h;
    const address = addressOf(params);
    const codigo = params.endereco_ind;
    const restamp = restampOn(today(ctx));
    if (codigo === 0) {
      const created = await repo.registration.insertAddress(h.id, address, freeAddressCode, restamp);
      return created === undefined ? failed(tell(ctx, business.addressCodesUsed(MAX_ADDRESS_CODE))) : requestOk();
    }
    const updated = await repo.registration.updateAddress(h.id, codigo, address, restamp);
    return updated ? requestOk() : noResult(tell(ctx, business.noAddress(codigo)));
  };
}

export function registrationHandlers(repo: Repository): HandlersOf<AreaIds<'registration'>> {
  return {
    'registration.show': showHandler(repo),

    'registration.update-contact': async (params, ctx) => {
      const patch = contactPatch(params);
      const h = await editable(repo, params.usuario_cartao, ctx);
      if (Array.isArray(h)) return h;
      await repo.registration.saveContact(h.id, (current) => mergeContact(current, patch), restampOn(today(ctx)));
      return requestOk();
    },

    'registration.save-address': saveAddress(repo),

    'registration.delete-address': async (params, ctx) => {
      const h = await editable(repo, params.usuario_cartao, ctx);
      if (Array.isArray(h)) return h;
      const codigo = params.endereco_ind;
      const deleted = await repo.registration.deleteAddress(h.id, codigo, restampOn(today(ctx)));
      return deleted ? requestOk() : noResult(tell(ctx, business.noAddress(codigo)));
    },

    // The CEP as given, then its other forms (8 to 11 digits: cepForms), so that `00001310100` finds `01310100`.
    'registration.cep': async (params, ctx) => {
      const none = tell(ctx, business.unknownCep(params.cep));
      for (const form of cepForms(params.cep)) {
        const entry = await repo.registration.cep(form);
        if (entry) return found([entry], none);
      }
      return found([], none);
    },
  };
}
