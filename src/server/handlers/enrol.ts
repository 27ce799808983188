/**
 * Enrolment and contracts (spec §4.4). A contract starts as `proposta`;
 * `opcao_id` moves it (or, with `beneficiario_id`, one beneficiary) through
 * the states of src/catalogue/codes.ts (an undocumented option changes nothing);
 * beneficiaries join contracts that accept them;
 * contacts, documents, addresses and declaration answers need a beneficiary
 * that is not cancelled (the rules: domain/enrol.ts). The writes answer the
 * envelope (1 or 4 with the reason) and the id they created; `contrato/search`
 * answers plain records.
 */
import type { ParamsOf, Row, Said } from '../../catalogue/index.js';
import { fromBR, isoDate } from '../../catalogue/dates.js';
import { acceptingStatuses, contractOptions, enrollableStatuses, openStatuses } from '../../catalogue/codes.js';
import {
  beneficiariesFollow,
  beneficiaryMissing,
  beneficiaryTransition,
  contractMissing,
  contractRefusal,
  lives,
  NEW_BENEFICIARY,
  NEW_CONTRACT,
  validity,
} from '../domain/enrol.js';
import type { Contract, EnrolmentKind, StatusCount } from '../store/areas/enrol.js';
import type { Repository } from '../store/types.js';
import { business, tell } from '../words.js';
import { failed, requestOk } from './envelope.js';
import type { AreaIds, HandlerContext, HandlerOf, HandlersOf } from './types.js';

/** The parameters other than `names`. */
function rest<P extends object, K extends keyof P & string>(params: P, ...names: K[]): Omit<P, K> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !(names as string[]).includes(k))) as Omit<P, K>;
}

/** A CPF as stored: its digits. */
const cpfDigits = (cpf: string): string => cpf.replace(/\D/g, '');

function contractRecord(c: Contract, counts: readonly StatusCount[], today: string): Row {
  const { start, renewal } = validity(c, today);
  return {
    cv_nro: c.id,
    plano_nro_reg_ans: c.registro_ans,
    cv_qtd_vida: lives(counts, c.id),
    cv_dat_inic_vigen: `${start} 00:00:00`,
    cv_dat_prox_renov_cart: `${renewal} 00:00:00`,
    // Extension (docs/decisions.md): the contract's state, so that status changes are visible.
    cv_situacao: c.status,
  };
}

/** The answer to an option without a documented transition: the target's absence (4), else accepted with no effect (1). */
function noEffect(ctx: HandlerContext, opcao: number, missing: Said | undefined): Row[] {
  return missing ? failed(tell(ctx, missing)) : requestOk({ mensagem_erro: tell(ctx, business.noKnownEffect(opcao)) });
}

/**
 * `contrato/alterar_situacao`: the transition `opcao_id` names, for one
 * beneficiary or for a contract; an option with none changes nothing.
 */
function setStatus(repo: Repository): HandlerOf<'enrol.contract.set-status'> {
  const { enrol } = repo;
  return async (params, ctx) => {
    const t = contractOptions[params.opcao_id];
    const contractId = params.contrato_id;
    const id = params.beneficiario_id;
    if (id !== undefined) {
      const b = await enrol.beneficiary(id);
      if (!t) return noEffect(ctx, params.opcao_id, beneficiaryMissing(id, b, contractId));
      const move = beneficiaryTransition(t, id, b, contractId);
      if (!('to' in move)) return failed(tell(ctx, move));
      if (!(await enrol.setBeneficiaryStatus(id, [b!.status], move.to)))
        return failed(tell(ctx, business.beneficiaryChanged(id)));
      return requestOk();
    }
    // The catalogue's check (contrato_id or beneficiario_id) lets no request without either reach this point.
    if (contractId === undefined) throw new Error('contrato/alterar_situacao without contrato_id or beneficiario_id');
    const status = await enrol.contractStatus(contractId);
    if (!t) return noEffect(ctx, params.opcao_id, contractMissing(contractId, status));
    const refusal = contractRefusal(t, contractId, status);
    if (refusal) return failed(tell(ctx, refusal));
    if (!(await enrol.setContractStatus(contractId, [status!], t.to, beneficiariesFollow(t.to))))
      return failed(tell(ctx, business.contractChanged(contractId)));
    return requestOk();
  };
}

function addBeneficiary(repo: Repository): HandlerOf<'enrol.beneficiary.add'> {
  const { enrol } = repo;
  return async (params, ctx) => {
    const id = params.contrato_id;
    const born = params.data_nascimento;
    const beneficiary = {
      status: NEW_BENEFICIARY,
      cpf: cpfDigits(params.cpf),
      nome: params.nome ?? '',
      nome_mae: params.nome_mae ?? '',
      data_nasc: born === undefined ? null : fromBR(born),
      details: rest(params, 'contrato_id', 'cpf', 'nome', 'nome_mae', 'data_nascimento'),
    };
    const created = await enrol.addBeneficiary(id, beneficiary, acceptingStatuses);
    if (created !== undefined) return requestOk({ beneficiario_id: created });
    const status = await enrol.contractStatus(id);
    return failed(
      tell(ctx, status ? business.contractNotAccepting(id, status, acceptingStatuses) : business.noContract(id)),
    );
  };
}

/** `beneficiario/ds`: stores (or replaces) an answer of the health declaration. */
function declaration(
  repo: Repository,
  refusedFor: (id: number, ctx: HandlerContext) => Promise<Row[]>,
): HandlerOf<'enrol.beneficiary.declaration'> {
  return async (params, ctx) => {
    // beneficiario_id may have up to 30 digits here; ids have at most 10.
    const digits = params.beneficiario_id;
    if (digits.length > 10) return failed(tell(ctx, business.noBeneficiary(digits)));
    const id = Number(digits);
    const answer = {
      formulario_id: params.formulario_id,
      pergunta_id: params.pergunta_id,
      resposta: params.resposta,
      descricao: params.descricao ?? null,
    };
    return (await repo.enrol.answerDeclaration(id, answer, enrollableStatuses)) ? requestOk() : refusedFor(id, ctx);
  };
}

/** The operations that keep a record for an enrolled beneficiary. */
type RecordIds = Exclude<AreaIds<'enrol.beneficiary'>, 'enrol.beneficiary.add'>;
/** Those that keep the request's fields as they are. */
type KeptIds = Exclude<RecordIds, 'enrol.beneficiary.declaration'>;

/** The handlers of the records kept for an enrolled beneficiary. */
function beneficiaryRecords(repo: Repository): HandlersOf<RecordIds> {
  const { enrol } = repo;

  /** Why a record for this beneficiary could not be stored. */
  async function refusedFor(id: number, ctx: HandlerContext): Promise<Row[]> {
    const b = await enrol.beneficiary(id);
    return failed(tell(ctx, b ? business.beneficiaryIs(id, b.status) : business.noBeneficiary(id)));
  }

  /**
   * A handler that stores an enrolment record of `kind` as the request gives it
   * (codes of open lists, `tipo_documento` and `finalidade`, whatever they are)
   * and answers its id as `idName`.
   */
  const record =
    <Id extends KeptIds>(kind: EnrolmentKind, idName: string): HandlerOf<Id> =>
    async (params: ParamsOf<Id>, ctx: HandlerContext) => {
      const id = params.beneficiario_id;
      const created = await enrol.addEnrolmentRecord(id, kind, rest(params, 'beneficiario_id'), enrollableStatuses);
      return created === undefined ? refusedFor(id, ctx) : requestOk({ [idName]: created });
    };

  return {
    'enrol.beneficiary.contact': record<'enrol.beneficiary.contact'>('contato', 'contato_id'),
    'enrol.beneficiary.document': record<'enrol.beneficiary.document'>('documento', 'documento_id'),
    'enrol.beneficiary.address': record<'enrol.beneficiary.address'>('endereco', 'endereco_id'),
    'enrol.beneficiary.declaration': declaration(repo, refusedFor),
  };
}

export function enrolHandlers(repo: Repository): HandlersOf<AreaIds<'enrol'>> {
  const { enrol } = repo;
  return {
    'enrol.contract.create': async (params, ctx) =>
      requestOk({ contrato_id: await enrol.createContract(params, NEW_CONTRACT, isoDate(ctx.now())) }),

    'enrol.contract.search': async (params, ctx) => {
      const id = params.contrato_id;
      const today = isoDate(ctx.now());
      const [contracts, counts] = await Promise.all([enrol.contracts(id), enrol.beneficiaryCounts(id)]);
      return contracts.map((c) => contractRecord(c, counts, today));
    },

    'enrol.contract.set-status': setStatus(repo),

    'enrol.payer': async (params, ctx) => {
      const id = params.contrato_id;
      const payer = { ...rest(params, 'contrato_id'), cpf: cpfDigits(params.cpf) };
      const set = await enrol.setPayer(id, payer, fromBR(params.inicio_vigencia), openStatuses);
      if (set) {
        if (ctx.audit && set.previousCpf !== null) ctx.audit.previousPayerCpf = set.previousCpf;
        return requestOk();
      }
      const status = await enrol.contractStatus(id);
      return failed(tell(ctx, status ? business.contractIs(id, status) : business.noContract(id)));
    },

    'enrol.beneficiary.add': addBeneficiary(repo),
    ...beneficiaryRecords(repo),
  };
}
