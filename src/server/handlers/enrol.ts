/**
 * Enrolment and contracts (spec §4.4). A contract starts as `proposta`;
 * `opcao_id` moves it (or, with `beneficiario_id`, one beneficiary) through
 * the states of src/catalogue/codes.ts; beneficiaries join contracts that accept them;
 * contacts, documents, addresses and declaration answers need a beneficiary
 * that is not cancelled. The writes answer the envelope (1 or 4 with the
 * reason) and the id they created; `contrato/search` answers plain records.
 */
import type { Params, Row } from '../../catalogue/index.js';
import type { ContractSummary, EnrolmentKind, Repository } from '../store/repository.js';
import { addMonths, firstOfNextMonth, fromBR, isoDate } from '../store/dates.js';
import {
  acceptingStatuses,
  addressPurposes,
  beneficiaryStatuses,
  contractOptions,
  documentTypes,
  enrollableStatuses,
  openStatuses,
  unknownCode,
  type BeneficiaryStatus,
} from '../../catalogue/codes.js';
import { failed, requestOk } from './envelope.js';
import type { Handler } from './types.js';

/** The parameters other than `names`. */
function rest(params: Params, ...names: string[]): Row {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !names.includes(k)));
}

/**
 * Start of validity: the payer's `inicio_vigencia`, else the first day of the
 * month after creation. Next card renewal: the first anniversary of the start
 * that is later than `today` (so at least a year after the start).
 */
export function validity(
  c: Pick<ContractSummary, 'created_on' | 'start_on'>,
  today: string,
): { start: string; renewal: string } {
  const start = c.start_on ?? firstOfNextMonth(c.created_on);
  let years = 1;
  while (addMonths(start, 12 * years) <= today) years++;
  return { start, renewal: addMonths(start, 12 * years) };
}

function contractRecord(c: ContractSummary, today: string): Row {
  const { start, renewal } = validity(c, today);
  return {
    cv_nro: c.id,
    plano_nro_reg_ans: c.registro_ans,
    cv_qtd_vida: c.lives,
    cv_dat_inic_vigen: `${start} 00:00:00`,
    cv_dat_prox_renov_cart: `${renewal} 00:00:00`,
    // Extension (docs/decisions.md): the contract's state, so that status changes are visible.
    cv_situacao: c.status,
  };
}

export function enrolHandlers(repo: Repository): Record<string, Handler> {
  const { enrol } = repo;

  /** Why a record for this beneficiary could not be stored. */
  async function refusedFor(id: number): Promise<Row[]> {
    const b = await enrol.beneficiary(id);
    return failed(b ? `beneficiary ${id} is ${b.status}` : `no beneficiary has beneficiario_id ${id}`);
  }

  /** A handler that stores an enrolment record of `kind` and answers its id as `idName`. */
  const record =
    (kind: EnrolmentKind, idName: string, check?: (params: Params) => string | undefined): Handler =>
    async (params) => {
      const problem = check?.(params);
      if (problem) return failed(problem);
      const id = Number(params['beneficiario_id']);
      const created = await enrol.addEnrolmentRecord(id, kind, rest(params, 'beneficiario_id'), enrollableStatuses);
      return created === undefined ? refusedFor(id) : requestOk({ [idName]: created });
    };

  return {
    'enrol.contract.create': async (params, ctx) =>
      requestOk({ contrato_id: await enrol.createContract(params, isoDate(ctx.now())) }),

    'enrol.contract.search': async (params, ctx) => {
      const id = params['contrato_id'] === undefined ? undefined : Number(params['contrato_id']);
      const today = isoDate(ctx.now());
      return (await enrol.contracts(id)).map((c) => contractRecord(c, today));
    },

    'enrol.contract.set-status': async (params) => {
      const option = contractOptions[Number(params['opcao_id'])];
      if (!option)
        return failed(
          `opcao_id: use ${Object.entries(contractOptions)
            .map(([k, t]) => `${k} (${t.verb})`)
            .join(', ')}`,
        );
      const contractId = params['contrato_id'] === undefined ? undefined : Number(params['contrato_id']);
      if (params['beneficiario_id'] !== undefined) {
        const id = Number(params['beneficiario_id']);
        const b = await enrol.beneficiary(id);
        if (!b) return failed(`no beneficiary has beneficiario_id ${id}`);
        if (contractId !== undefined && b.contract_id !== contractId)
          return failed(`beneficiary ${id} is not on contract ${contractId}`);
        const to = option.to as BeneficiaryStatus;
        if (!option.from.includes(b.status) || !beneficiaryStatuses.includes(to))
          return failed(`cannot ${option.verb} beneficiary ${id}: it is ${b.status}`);
        if (!(await enrol.setBeneficiaryStatus(id, [b.status], to)))
          return failed(`beneficiary ${id} changed meanwhile; try again`);
        return requestOk();
      }
      if (contractId === undefined) return failed('give contrato_id (or beneficiario_id to act on one beneficiary)');
      const status = await enrol.contractStatus(contractId);
      if (!status) return failed(`no contract has contrato_id ${contractId}`);
      if (!option.from.includes(status)) return failed(`cannot ${option.verb} contract ${contractId}: it is ${status}`);
      if (!(await enrol.setContractStatus(contractId, [status], option.to, option.to === 'cancelado')))
        return failed(`contract ${contractId} changed meanwhile; try again`);
      return requestOk();
    },

    'enrol.payer': async (params) => {
      const id = Number(params['contrato_id']);
      const payer = { ...rest(params, 'contrato_id'), cpf: String(params['cpf']).replace(/\D/g, '') };
      if (await enrol.setPayer(id, payer, fromBR(String(params['inicio_vigencia'])), openStatuses)) return requestOk();
      const status = await enrol.contractStatus(id);
      return failed(status ? `contract ${id} is ${status}` : `no contract has contrato_id ${id}`);
    },

    'enrol.beneficiary.add': async (params) => {
      const id = Number(params['contrato_id']);
      const born = params['data_nascimento'];
      const created = await enrol.addBeneficiary(
        id,
        {
          cpf: String(params['cpf']).replace(/\D/g, ''),
          nome: String(params['nome'] ?? ''),
          nome_mae: String(params['nome_mae'] ?? ''),
          data_nasc: born === undefined ? null : fromBR(String(born)),
          details: rest(params, 'contrato_id', 'cpf', 'nome', 'nome_mae', 'data_nascimento'),
        },
        acceptingStatuses,
      );
      if (created !== undefined) return requestOk({ beneficiario_id: created });
      const status = await enrol.contractStatus(id);
      return failed(
        status
          ? `contract ${id} is ${status}; beneficiaries join contracts that are ${acceptingStatuses.join(' or ')}`
          : `no contract has contrato_id ${id}`,
      );
    },

    'enrol.beneficiary.contact': record('contato', 'contato_id'),
    'enrol.beneficiary.document': record('documento', 'documento_id', (p) =>
      unknownCode(p, 'tipo_documento', documentTypes),
    ),
    'enrol.beneficiary.address': record('endereco', 'endereco_id', (p) =>
      unknownCode(p, 'finalidade', addressPurposes),
    ),

    'enrol.beneficiary.declaration': async (params) => {
      // beneficiario_id may have up to 30 digits here; ids have at most 10.
      const digits = String(params['beneficiario_id']);
      if (digits.length > 10) return failed(`no beneficiary has beneficiario_id ${digits}`);
      const id = Number(digits);
      const answer = {
        formulario_id: Number(params['formulario_id']),
        pergunta_id: Number(params['pergunta_id']),
        resposta: String(params['resposta']),
        descricao: params['descricao'] === undefined ? null : String(params['descricao']),
      };
      return (await enrol.answerDeclaration(id, answer, enrollableStatuses)) ? requestOk() : refusedFor(id);
    },
  };
}
