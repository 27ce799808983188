/**
 * The enrolment wizard's questions for one beneficiary: the person, contact,
 * documents (a file's content sent base64 as `arquivo`), address and
 * health-declaration answers; each becomes a step of the plan.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { addressPurposes, documentTypes } from '../../../../catalogue/codes.js';
import { operation, type Params } from '../../../../catalogue/index.js';
import type { Invocation } from '../../../invocation.js';
import { askMore, askNames, codeHint, expandPath, fileProblem, text, today, type Defaults } from './ask.js';
import { contractRef, type IdRef, type Step } from './plan.js';

/** What earlier answers give later questions, and the steps so far. */
export interface Draft {
  readonly steps: Step[];
  /** The last address given (the payer's, then each beneficiary's): the next one's defaults. */
  lastAddress: Defaults;
  /** The holder's CPF, offered to the next beneficiary. */
  holderCpf: string | undefined;
  /** The health-declaration form, asked once. */
  form: { readonly id: string; readonly questions: number } | undefined;
}

/** The beneficiary being asked about: number, label, question prefix, and the id its later steps need. */
interface Who {
  readonly n: number;
  readonly who: string;
  readonly prefix: string;
  readonly ref: { readonly field: 'beneficiario_id'; readonly from: IdRef };
}

async function askPerson(inv: Invocation, b: Who, draft: Draft): Promise<string | undefined> {
  const op = operation('enrol.beneficiary.add');
  const person: Params = {};
  const names = ['nome', 'cpf', 'data_nascimento', 'sexo', 'nome_mae', 'data_solicitacao', 'grau_dependencia'];
  const form = { op, prefix: b.prefix, into: person };
  await askNames(inv, form, names, { cpf: draft.holderCpf, data_solicitacao: today() });
  await askMore(inv, form, ['estado_civil', 'peso', 'altura']);
  draft.holderCpf = person['cpf'] as string;
  const name = person['nome'] === undefined ? undefined : text(person['nome']);
  draft.steps.push({
    op,
    label: name ? `${b.who} (${name})` : b.who,
    params: person,
    ref: contractRef,
    creates: 'beneficiario_id',
    defines: b.ref.from,
  });
  return name;
}

async function askContact(inv: Invocation, b: Who, name: string | undefined, draft: Draft): Promise<void> {
  const op = operation('enrol.beneficiary.contact');
  inv.say(`Beneficiary ${b.n}: contact`);
  const contact: Params = {};
  const form = { op, prefix: b.prefix, into: contact };
  await askNames(inv, form, ['nome', 'telefone_principal', 'email'], { nome: name });
  await askMore(inv, form, ['telefone_celular', 'fax', 'site']);
  draft.steps.push({ op, label: `${b.who} · contact`, params: contact, ref: b.ref, creates: 'contato_id' });
}

/** The file to attach (Enter for none): its absolute path, checked readable. */
async function askFile(inv: Invocation, prefix: string): Promise<string | undefined> {
  const path = await inv.ctx.prompter.input({
    message: `${prefix} File to attach, sent base64 as arquivo (path; Enter for none)`,
    validate: (v) => (v.trim() === '' ? true : (fileProblem(v.trim(), inv) ?? true)),
  });
  return path.trim() ? expandPath(path.trim(), inv) : undefined;
}

async function askDocument(inv: Invocation, b: Who, d: number, draft: Draft): Promise<void> {
  const op = operation('enrol.beneficiary.document');
  const doc: Params = {};
  const prefix = `${b.prefix} document ${d} ·`;
  const form = { op, prefix, into: doc };
  await askNames(inv, form, ['tipo_documento', 'numero']);
  const file = await askFile(inv, prefix);
  if (file) doc['arquivo'] = readFileSync(file).toString('base64');
  const ext = file ? extname(file).slice(1).toLowerCase() : '';
  await askNames(inv, form, ['tipo_arquivo'], { tipo_arquivo: ext || undefined });
  await askMore(inv, form, ['orgao_emissor', 'data_expedicao', 'url']);
  const step: Step = { op, label: `${b.who} · document ${d}`, params: doc, ref: b.ref, creates: 'documento_id' };
  draft.steps.push(file ? { ...step, file } : step);
}

async function askDocuments(inv: Invocation, b: Who, draft: Draft): Promise<void> {
  inv.say(
    `Beneficiary ${b.n}: documents (tipo_documento: ${Object.keys(documentTypes).join(', ')}; see docs/decisions.md)`,
  );
  const another = (d: number) =>
    inv.ctx.prompter.confirm({
      message: `${b.prefix} ${d === 1 ? 'Add a document?' : 'Add another document?'}`,
      default: d === 1,
    });
  for (let d = 1; await another(d); d++) await askDocument(inv, b, d, draft);
}

async function askAddress(inv: Invocation, b: Who, draft: Draft): Promise<void> {
  const op = operation('enrol.beneficiary.address');
  inv.say(`Beneficiary ${b.n}: address (finalidade: ${codeHint(addressPurposes)})`);
  const address: Params = {};
  const names = ['finalidade', 'tipo_endereco', 'cep', 'logradouro', 'logradouro_numero', 'complemento', 'bairro'];
  const form = { op, prefix: b.prefix, into: address };
  await askNames(inv, form, names, draft.lastAddress);
  await askMore(inv, form, ['ponto_referencia', 'caixa_postal']);
  draft.lastAddress = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, text(v)]));
  draft.steps.push({ op, label: `${b.who} · address`, params: address, ref: b.ref, creates: 'endereco_id' });
}

/** The health-declaration form and its number of questions (asked once, for the first beneficiary). */
async function askForm(inv: Invocation): Promise<{ id: string; questions: number }> {
  const holder: Params = {};
  const op = operation('enrol.beneficiary.declaration');
  await askNames(inv, { op, prefix: 'Health declaration ·', into: holder }, ['formulario_id'], { formulario_id: '1' });
  const count = await inv.ctx.prompter.input({
    message: `Health declaration · Number of questions of form ${text(holder['formulario_id'])} (0 for none)`,
    default: '0',
    validate: (v) => (/^\d{1,3}$/.test(v.trim()) && Number(v) <= 200 ? true : 'must be a whole number from 0 to 200'),
  });
  return { id: text(holder['formulario_id']), questions: Number(count.trim()) };
}

async function askDeclaration(inv: Invocation, b: Who, draft: Draft): Promise<void> {
  const op = operation('enrol.beneficiary.declaration');
  const known = draft.form;
  const plural = known?.questions === 1 ? '' : 's';
  inv.say(
    `Beneficiary ${b.n}: health declaration${known ? ` (form ${known.id}, ${known.questions} question${plural})` : ''}`,
  );
  const form = known ?? (await askForm(inv));
  draft.form = form;
  for (let q = 1; q <= form.questions; q++) {
    const answer: Params = { formulario_id: form.id, pergunta_id: String(q) };
    const prefix = `${b.prefix} question ${q} ·`;
    const question = { op, prefix, into: answer };
    await askNames(inv, question, ['resposta']);
    if (answer['resposta'] === 'S') await askNames(inv, question, ['descricao']);
    const label = `${b.who} · declaration ${q}`;
    draft.steps.push({ op, label, params: answer, ref: b.ref, counted: 'declaration answer' });
  }
}

/** Asks everything about beneficiary `n`, adding its steps to the draft. */
export async function collectBeneficiary(inv: Invocation, n: number, draft: Draft): Promise<void> {
  const b: Who = {
    n,
    who: `beneficiary ${n}`,
    prefix: `Beneficiary ${n} ·`,
    ref: { field: 'beneficiario_id', from: { kind: 'beneficiary', index: n } },
  };
  inv.say();
  inv.say(`Beneficiary ${n}`);
  const name = await askPerson(inv, b, draft);
  await askContact(inv, b, name, draft);
  await askDocuments(inv, b, draft);
  await askAddress(inv, b, draft);
  await askDeclaration(inv, b, draft);
}
