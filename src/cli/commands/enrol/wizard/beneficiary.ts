/**
 * The enrolment wizard's questions for one beneficiary, part by part: the
 * person, contact, documents (a file's content is sent base64 as
 * `arquivo`), address and health-declaration answers. A dependant's contact
 * and address may be copied from the holder's. Asked again (an edit), each
 * question offers the answer it has; what was sent already is not asked.
 */
import { extname } from 'node:path';
import { addressPurposes, documentTypes } from '../../../../catalogue/codes.js';
import { operation } from '../../../../catalogue/index.js';
import { type HealthQuestions, questionKey, questionsOf } from '../../../config/health-questions.js';
import type { Io } from '../../../capabilities.js';
import {
  nameOf,
  sexOf,
  stepKey,
  text,
  type Answers,
  type BeneficiaryAnswers,
  type Enrolment,
  type PartName,
} from './answers.js';
import { askMore, askNames, codeHint, expandPath, fileProblem, today, type Defaults } from './ask.js';
import { words as wizardWords } from './words.js';

/** What the questions need: the invocation, the enrolment, and which steps were sent (not asked again). */
export interface Asking {
  readonly inv: Io;
  readonly e: Enrolment;
  readonly sent: (key: string) => boolean;
  /** A section asked again from the review screen: every question's default is its current answer. */
  readonly editing?: boolean;
  /** The texts of the health-declaration questions the healthQuestions setting gives (often none). */
  readonly texts: HealthQuestions;
}

/** The beneficiary being asked about, its place (0-based), sexo once answered (the words agree) and question prefix. */
interface Who {
  readonly b: BeneficiaryAnswers;
  readonly i: number;
  readonly sex: string;
  readonly prefix: string;
}

const ADDRESS = ['cep', 'logradouro', 'logradouro_numero', 'complemento', 'bairro'];

/** A beneficiary's fields, part by part: those asked, then the optional ones offered behind one question. */
export const FIELDS = {
  person: {
    asked: ['nome', 'cpf', 'data_nascimento', 'sexo', 'nome_mae', 'data_solicitacao', 'grau_dependencia'],
    more: ['estado_civil', 'peso', 'altura'],
  },
  contact: { asked: ['nome', 'telefone_principal', 'email'], more: ['telefone_celular', 'fax', 'site'] },
  address: { asked: ['finalidade', 'tipo_endereco', ...ADDRESS], more: ['ponto_referencia', 'caixa_postal'] },
} as const;

const defaultsOf = (a: Answers | null | undefined, names: readonly string[]): Defaults =>
  Object.fromEntries(names.map((n) => [n, a?.[n] === undefined ? undefined : text(a[n])]));

const same = (a: Answers, b: Answers) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the beneficiary is the payer: the payer's name answered as hers (the payer's answers are then offered). */
function isPayer(e: Enrolment, b: BeneficiaryAnswers): boolean {
  const payer = text(e.payer?.['nome']).trim();
  return payer !== '' && payer.toLowerCase() === nameOf(b)?.toLowerCase();
}

/** Whose answers a dependant may copy: the holder's (beneficiary 1 of a new contract), or beneficiary 1's (joining an existing contract). */
function holderOf(e: Enrolment): 'holder' | 'first' {
  return e.existing === undefined ? 'holder' : 'first';
}

async function askPerson(a: Asking, w: Who): Promise<void> {
  const op = operation('enrol.beneficiary.add');
  const [first, ...names] = FIELDS.person.asked;
  const form = { op, prefix: w.prefix, into: w.b.person };
  // Beneficiary 1 is offered the payer's name; given it, the payer's other answers are what the next questions offer.
  const payer = w.i === 0 ? a.e.payer : undefined;
  await askNames(a.inv, form, [first], defaultsOf(payer, ['nome']));
  const payerToo = isPayer(a.e, w.b);
  // The CPF offered: the previous beneficiary's (dependants may carry the holder's), or the payer's.
  const previous = a.e.beneficiaries[w.i - 1]?.person ?? a.e.payer;
  const offered = payerToo ? defaultsOf(payer, ['data_nascimento', 'sexo', 'nome_mae']) : {};
  const cpf = defaultsOf(previous, ['cpf'])['cpf'];
  await askNames(a.inv, form, names, { ...offered, cpf, data_solicitacao: today() });
  await askMore(a.inv, form, FIELDS.person.more);
}

/**
 * For a dependant: offers to copy the holder's answers of a part (`what`
 * says them in a few words). True when copied; an edit offers it again,
 * preselected when the answers are still the holder's.
 */
async function copied(a: Asking, w: Who, part: 'contact' | 'address', what: (h: Answers) => string): Promise<boolean> {
  const holder = a.e.beneficiaries[0];
  if (w.i === 0 || !holder || Object.keys(holder[part]).length === 0) return false;
  const mine = w.b[part];
  const said = wizardWords[a.inv.lang];
  const message = said.sameAs(w.prefix, part, holderOf(a.e), what(holder[part]));
  const fresh = Object.keys(mine).length === 0;
  if (!(await a.inv.ctx.prompter.confirm({ message, default: fresh || same(mine, holder[part]) }))) return false;
  for (const k of Object.keys(mine)) delete mine[k];
  Object.assign(mine, structuredClone(holder[part]));
  a.inv.say(said.copied(w.i + 1, part, holderOf(a.e), w.sex));
  return true;
}

async function askContact(a: Asking, w: Who): Promise<void> {
  const op = operation('enrol.beneficiary.contact');
  a.inv.say(wizardWords[a.inv.lang].partOf(w.i + 1, wizardWords[a.inv.lang].part('contact'), w.sex));
  const phone = (h: Answers) => [h['nome'], h['telefone_principal'], h['email']].map(text).filter(Boolean).join(', ');
  if (await copied(a, w, 'contact', phone)) return;
  const form = { op, prefix: w.prefix, into: w.b.contact };
  // The payer as beneficiary 1: the payer's phone and e-mail offered.
  const payer = w.i === 0 && isPayer(a.e, w.b) ? defaultsOf(a.e.payer, ['telefone_principal', 'email']) : {};
  await askNames(a.inv, form, FIELDS.contact.asked, { ...payer, nome: nameOf(w.b) });
  await askMore(a.inv, form, FIELDS.contact.more);
}

/** The file to attach (Enter for none, or to keep the one given): its absolute path, checked readable. */
async function askFile(inv: Io, prefix: string, current: string | undefined): Promise<string | undefined> {
  const path = await inv.ctx.prompter.input({
    message: wizardWords[inv.lang].fileQuestion(prefix),
    ...(current ? { default: current } : {}),
    validate: (v) => (v.trim() === '' ? true : (fileProblem(v.trim(), inv) ?? true)),
  });
  return path.trim() ? expandPath(path.trim(), inv) : undefined;
}

async function askDocument(a: Asking, w: Who, d: number): Promise<void> {
  const op = operation('enrol.beneficiary.document');
  const doc = w.b.documents[d - 1]!;
  const prefix = wizardWords[a.inv.lang].documentPrefix(w.prefix, d);
  const form = { op, prefix, into: doc.params };
  await askNames(a.inv, form, ['tipo_documento', 'numero']);
  const file = await askFile(a.inv, prefix, doc.file);
  if (file) doc.file = file;
  else delete doc.file;
  const ext = file ? extname(file).slice(1).toLowerCase() : '';
  await askNames(a.inv, form, ['tipo_arquivo'], { tipo_arquivo: ext || undefined });
  await askMore(a.inv, form, ['orgao_emissor', 'data_expedicao', 'url']);
}

async function askDocuments(a: Asking, w: Who): Promise<void> {
  const said = wizardWords[a.inv.lang];
  a.inv.say(said.documentsOf(w.i + 1, Object.keys(documentTypes).join(', '), w.sex));
  const { documents } = w.b;
  const { prompter } = a.inv.ctx;
  // The documents given already: kept (and asked again) or removed; those sent are left as they are.
  for (let d = 1; d <= documents.length; d++) {
    if (a.sent(stepKey(w.b, 'document', d))) continue;
    const doc = documents[d - 1]!;
    const what = [text(doc.params['tipo_documento']), text(doc.params['numero'])].join(' ').trim();
    if (await prompter.confirm({ message: said.keepDocument(w.prefix, d, what), default: true }))
      await askDocument(a, w, d);
    else documents.splice(--d, 1);
  }
  // The first time, a document is expected (Enter adds one); on an edit, Enter leaves the documents as they are.
  const another = () =>
    prompter.confirm({
      message: said.addDocument(w.prefix, documents.length === 0),
      default: documents.length === 0 && !a.editing,
    });
  while (await another()) {
    documents.push({ params: {} });
    await askDocument(a, w, documents.length);
  }
}

async function askAddress(a: Asking, w: Who): Promise<void> {
  const op = operation('enrol.beneficiary.address');
  a.inv.say(wizardWords[a.inv.lang].addressOf(w.i + 1, codeHint(a.inv.m, addressPurposes), w.sex));
  const street = (h: Answers) =>
    [...ADDRESS.slice(1), 'cep']
      .map((n) => text(h[n]))
      .filter(Boolean)
      .join(', ');
  if (await copied(a, w, 'address', street)) return;
  const names = FIELDS.address.asked;
  const form = { op, prefix: w.prefix, into: w.b.address };
  // A new address offers the previous beneficiary's (or the payer's) answers.
  const previous = a.e.beneficiaries[w.i - 1]?.address ?? a.e.payer;
  await askNames(a.inv, form, names, defaultsOf(previous, names));
  await askMore(a.inv, form, FIELDS.address.more);
}

/** The health-declaration form and its number of questions. */
async function askForm(a: Asking): Promise<{ id: string; questions: number }> {
  const op = operation('enrol.beneficiary.declaration');
  const into: Answers = a.e.form ? { formulario_id: a.e.form.id } : {};
  const said = wizardWords[a.inv.lang];
  await askNames(a.inv, { op, prefix: said.declarationPrefix, into }, ['formulario_id'], { formulario_id: '1' });
  const id = text(into['formulario_id']);
  // The number offered: the one given before, else as many questions as the setting has texts for.
  const offered = a.e.form?.id === id ? a.e.form.questions : questionsOf(a.texts, id);
  const count = await a.inv.ctx.prompter.input({
    message: said.formQuestions(id),
    default: String(offered),
    validate: (v) => (/^\d{1,3}$/.test(v.trim()) && Number(v) <= 200 ? true : said.formQuestionsRule),
  });
  a.e.form = { id, questions: Number(count.trim()) };
  return a.e.form;
}

async function askDeclaration(a: Asking, w: Who): Promise<void> {
  const op = operation('enrol.beneficiary.declaration');
  const { b } = w;
  const anySent = b.declaration.some((_, q) => a.sent(stepKey(b, 'declaration', q + 1)));
  // The form is asked with the first beneficiary; the others answer the same questions.
  const own = b.declaration.length
    ? { id: text(b.declaration[0]!['formulario_id']), questions: b.declaration.length }
    : undefined;
  const known = anySent ? own : w.i === 0 ? undefined : (a.e.form ?? own);
  a.inv.say(wizardWords[a.inv.lang].declarationOf(w.i + 1, known, w.sex));
  const form = known ?? (await askForm(a));
  b.declaration.length = Math.min(b.declaration.length, form.questions);
  const untold = Array.from({ length: form.questions }, (_, q) => q + 1).filter(
    (q) => !a.texts.has(questionKey(form.id, String(q))),
  );
  if (untold.length) a.inv.say(wizardWords[a.inv.lang].noQuestionTexts(form.id, untold.join(', ')));
  for (let q = 1; q <= form.questions; q++) {
    if (a.sent(stepKey(b, 'declaration', q))) continue;
    b.declaration[q - 1] ??= {};
    const answer = b.declaration[q - 1]!;
    answer['formulario_id'] = form.id;
    answer['pergunta_id'] = String(q);
    const words = a.texts.get(questionKey(form.id, String(q)));
    const question = { op, prefix: wizardWords[a.inv.lang].questionPrefix(w.prefix, q, words), into: answer };
    // Typed, never preselected: the answer is the beneficiary's own (an edit offers the one given).
    await askNames(a.inv, question, ['resposta'], {}, { typed: true });
    if (answer['resposta'] === 'S') await askNames(a.inv, question, ['descricao']);
    else delete answer['descricao'];
  }
}

const askers: Record<PartName, (a: Asking, w: Who) => Promise<void>> = {
  person: askPerson,
  contact: askContact,
  documents: askDocuments,
  address: askAddress,
  declaration: askDeclaration,
};

/** The steps of a part that are single requests (the documents and declaration answers are counted one by one). */
const single: Partial<Record<PartName, 'person' | 'contact' | 'address'>> = {
  person: 'person',
  contact: 'contact',
  address: 'address',
};

/** Asks one part of the beneficiary at place `i` (0-based), unless it was sent already. */
export async function askPart(a: Asking, i: number, part: PartName): Promise<void> {
  const b = a.e.beneficiaries[i]!;
  const key = single[part];
  if (key && a.sent(stepKey(b, key))) return;
  const said = wizardWords[a.inv.lang];
  const sex = sexOf(b);
  if (part === 'person') {
    a.inv.say();
    a.inv.say(said.beneficiary(i + 1, sex));
  }
  await askers[part](a, { b, i, sex, prefix: said.beneficiaryPrefix(i + 1, sex) });
}
