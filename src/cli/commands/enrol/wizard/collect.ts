/**
 * The enrolment wizard's questions, in order: the contract (unless adding to
 * an existing one), the payer (always for a new contract; offered for an
 * existing one), then one or more beneficiaries (beneficiary.ts). The
 * enrolment's `asking` says where the questions are, so that a draft saved
 * in the middle goes on from the part it stopped at; and the review screen
 * asks a section again (`askSection`) with its answers as defaults.
 */
import { operation } from '../../../../catalogue/index.js';
import { newBeneficiary, PARTS, type Enrolment } from './answers.js';
import { askMore, askNames } from './ask.js';
import { askPart, type Asking } from './beneficiary.js';
import { words as wizardWords } from './words.js';

export interface EnrolWizardOptions {
  /** Add to this existing contract instead of creating one. */
  readonly contratoId?: string;
  /** Go on with a saved draft. */
  readonly resume?: boolean;
  /** Delete a saved draft (picked as --resume picks one), after asking. */
  readonly discard?: boolean;
}

export const PAYER_PERSON = [
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
export const PAYER_ADDRESS = [
  'cep',
  'logradouro',
  'logradouro_numero',
  'complemento',
  'bairro',
  'inicio_vigencia',
  'fatura_email',
];
export const PAYER_MORE = ['telefone_secundario', 'ponto_referencia', 'caixa_postal'];
export const CONTRACT = ['registro_ans', 'coop_id', 'produto_tabela_id', 'origem'];
export const CONTRACT_MORE = [
  'empresa_id',
  'desconto',
  'numero_proposta',
  'tabela_preco_vigencia',
  'coparticipacao_opcao_id',
];

async function askContract(a: Asking): Promise<void> {
  if (a.sent('contract')) return;
  const op = operation('enrol.contract.create');
  const w = wizardWords[a.inv.lang];
  a.inv.say(w.contract);
  const form = { op, prefix: w.contractPrefix, into: a.e.contract };
  await askNames(a.inv, form, CONTRACT);
  await askMore(a.inv, form, CONTRACT_MORE);
}

/** The payer (for an existing contract, only if wanted: declined, it is null). */
async function askPayer(a: Asking): Promise<void> {
  if (a.sent('payer')) return;
  const { e } = a;
  const w = wizardWords[a.inv.lang];
  if (e.existing !== undefined) {
    const given = e.payer != null && Object.keys(e.payer).length > 0;
    const message = w.registerPayer(e.existing);
    if (!(await a.inv.ctx.prompter.confirm({ message, default: given }))) {
      e.payer = null;
      return;
    }
  }
  e.payer ??= {};
  a.inv.say();
  a.inv.say(w.payerTitle);
  const form = { op: operation('enrol.payer'), prefix: w.payerPrefix, into: e.payer };
  await askNames(a.inv, form, PAYER_PERSON);
  await askNames(a.inv, form, PAYER_ADDRESS);
  await askMore(a.inv, form, PAYER_MORE);
}

/** The place after a beneficiary's part: its next part, the next beneficiary, or "add another?". */
function after(e: Enrolment, index: number, part: (typeof PARTS)[number]): Enrolment['asking'] {
  const k = PARTS.indexOf(part);
  if (k < PARTS.length - 1) return { at: 'beneficiary', index, part: PARTS[k + 1]! };
  return index < e.beneficiaries.length - 1 ? { at: 'beneficiary', index: index + 1, part: 'person' } : { at: 'more' };
}

/** Starts a new beneficiary at the end: the questions go on with its first part. */
export function startBeneficiary(e: Enrolment): void {
  e.beneficiaries.push(newBeneficiary(e));
  e.asking = { at: 'beneficiary', index: e.beneficiaries.length - 1, part: 'person' };
}

/**
 * Asks the questions from `e.asking` on until every one was asked (`asking`
 * then absent); `asked` is called after each part (the draft follows).
 */
export async function collect(a: Asking, asked: () => void): Promise<void> {
  const { e } = a;
  while (e.asking) {
    const c = e.asking;
    if (c.at === 'contract') {
      await askContract(a);
      e.asking = { at: 'payer' };
    } else if (c.at === 'payer') {
      await askPayer(a);
      if (e.beneficiaries.length === 0) startBeneficiary(e);
      else e.asking = { at: 'beneficiary', index: 0, part: 'person' };
    } else if (c.at === 'beneficiary') {
      await askPart(a, c.index, c.part);
      e.asking = after(e, c.index, c.part);
    } else if (await a.inv.ctx.prompter.confirm({ message: wizardWords[a.inv.lang].addAnother, default: false })) {
      startBeneficiary(e);
    } else {
      delete e.asking;
    }
    asked();
  }
}

/** A section of the review screen: the contract, the payer, or a beneficiary (0-based). */
export type Section =
  | { readonly kind: 'contract' }
  | { readonly kind: 'payer' }
  | { readonly kind: 'beneficiary'; readonly index: number };

/** Asks a section's questions again, each offering its answer (Enter keeps it); what was sent is not asked. */
export async function askSection(asking: Asking, section: Section): Promise<void> {
  const a: Asking = { ...asking, editing: true };
  if (section.kind === 'contract') await askContract(a);
  else if (section.kind === 'payer') await askPayer(a);
  else for (const part of PARTS) await askPart(a, section.index, part);
}
