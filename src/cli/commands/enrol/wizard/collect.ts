/**
 * The enrolment wizard's questions, in order: the contract (unless adding to
 * an existing one), the payer (always for a new contract; offered for an
 * existing one), then one or more beneficiaries (beneficiary.ts).
 */
import { operation, type Params } from '../../../../catalogue/index.js';
import type { Invocation } from '../../../invocation.js';
import { askMore, askNames, text } from './ask.js';
import { collectBeneficiary, type Draft } from './beneficiary.js';
import { contractRef, type Step } from './plan.js';

export interface EnrolWizardOptions {
  /** Add to this existing contract instead of creating one. */
  readonly contratoId?: string;
}

/** The steps to submit, and how many beneficiaries they enrol. */
export interface Collected {
  readonly steps: Step[];
  readonly beneficiaries: number;
}

const PAYER_PERSON = [
  'cpf',
  'nome',
  'nome_mae',
  'data_nascimento',
  'sexo',
  'grau_parentesco',
  'estado_civil',
  'telefone_principal',
  'email',
];
const PAYER_ADDRESS = [
  'cep',
  'logradouro',
  'logradouro_numero',
  'complemento',
  'bairro',
  'inicio_vigencia',
  'fatura_email',
];

async function askContract(inv: Invocation, steps: Step[]): Promise<void> {
  const op = operation('enrol.contract.create');
  const params: Params = {};
  const prefix = 'Contract ·';
  inv.say('Contract');
  const form = { op, prefix, into: params };
  await askNames(inv, form, ['registro_ans', 'coop_id', 'produto_tabela_id', 'origem']);
  const optional = ['empresa_id', 'desconto', 'numero_proposta', 'tabela_preco_vigencia', 'coparticipacao_opcao_id'];
  await askMore(inv, form, optional);
  steps.push({ op, label: 'contract', params, creates: 'contrato_id', defines: { kind: 'contract' } });
}

/** The payer's answers (empty when not registered): its CPF and address are the first beneficiary's defaults. */
async function askPayer(inv: Invocation, options: EnrolWizardOptions, steps: Step[]): Promise<Params> {
  const op = operation('enrol.payer');
  const payer: Params = {};
  const wanted =
    options.contratoId === undefined ||
    (await inv.ctx.prompter.confirm({
      message: `Register the financial responsible party of contract ${options.contratoId}?`,
      default: false,
    }));
  if (!wanted) return payer;
  const prefix = 'Payer ·';
  inv.say();
  inv.say('Financial responsible party (payer)');
  const form = { op, prefix, into: payer };
  await askNames(inv, form, PAYER_PERSON);
  await askNames(inv, form, PAYER_ADDRESS);
  await askMore(inv, form, ['telefone_secundario', 'ponto_referencia', 'caixa_postal']);
  steps.push({ op, label: 'payer', params: payer, ref: contractRef });
  return payer;
}

function draftAfter(payer: Params, steps: Step[]): Draft {
  const given = (name: string) => (payer[name] === undefined ? undefined : text(payer[name]));
  const lastAddress = Object.fromEntries(
    ['cep', 'logradouro', 'logradouro_numero', 'complemento', 'bairro'].map((name) => [name, given(name)]),
  );
  return { steps, lastAddress, holderCpf: given('cpf'), form: undefined };
}

export async function collect(inv: Invocation, options: EnrolWizardOptions): Promise<Collected> {
  const steps: Step[] = [];
  if (options.contratoId === undefined) await askContract(inv, steps);
  else inv.say(`Contract ${options.contratoId} (existing)`);
  const draft = draftAfter(await askPayer(inv, options, steps), steps);
  let n = 0;
  do {
    n++;
    await collectBeneficiary(inv, n, draft);
  } while (await inv.ctx.prompter.confirm({ message: 'Add another beneficiary?', default: false }));
  return { steps, beneficiaries: n };
}
