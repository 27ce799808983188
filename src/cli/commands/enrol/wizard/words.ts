/**
 * The enrolment wizard's questions and review screen
 * (src/cli/commands/enrol/wizard/: collect.ts, beneficiary.ts, ask.ts,
 * review.ts, steps.ts, plan.ts, check.ts): the sections and their parts, the
 * copies from the holder, the menu. Drafts, doubts and the submission are in
 * src/cli/enrol/draft-words.ts.
 */
import type { Translation, Words } from '../../../i18n/shape.js';
import { plural } from '../../../i18n/format.js';

/** A beneficiary's parts as the review screen and the steps name them. */
export type PartWord = 'person' | 'contact' | 'documents' | 'address' | 'declaration';

const en = {
  beneficiaries: (n: number) => plural('en', n, { one: '# beneficiary', other: '# beneficiaries' }),
  // Sections and their questions' prefixes
  contract: 'Contract',
  contractPrefix: 'Contract ·',
  payerTitle: 'Financial responsible party (payer)',
  payerPrefix: 'Payer ·',
  registerPayer: (contract: string) => `Register the financial responsible party of contract ${contract}?`,
  // `sex`, the beneficiary's sexo once answered (M, F): the Portuguese words agree with it.
  beneficiary: (n: number, _sex?: string) => `Beneficiary ${n}`,
  beneficiaryPrefix: (n: number, _sex?: string) => `Beneficiary ${n} ·`,
  documentPrefix: (prefix: string, d: number) => `${prefix} document ${d} ·`,
  /** `text`: the question's own words, when the healthQuestions setting has them. */
  questionPrefix: (prefix: string, q: number, text?: string) => `${prefix} question ${q}${text ? ` (${text})` : ''} ·`,
  declarationPrefix: 'Health declaration ·',
  addAnother: 'Add another beneficiary?',
  // Optional fields behind one question
  changeOptional: (prefix: string, names: string, now: string) =>
    `${prefix} Change the optional fields (${names}; now ${now})?`,
  fillOptional: (prefix: string, names: string) => `${prefix} Fill in optional fields (${names})?`,
  // A beneficiary's parts
  part: (part: PartWord): string =>
    ({ person: 'person', contact: 'contact', documents: 'documents', address: 'address', declaration: 'declaration' })[
      part
    ],
  partOf: (n: number, part: string, _sex?: string) => `Beneficiary ${n}: ${part}`,
  documentsOf: (n: number, codes: string, _sex?: string) =>
    `Beneficiary ${n}: documents (tipo_documento: ${codes}; see coopctl help codes)`,
  addressOf: (n: number, codes: string, _sex?: string) => `Beneficiary ${n}: address (finalidade: ${codes})`,
  declarationOf: (n: number, form?: { id: string; questions: number }, _sex?: string) =>
    `Beneficiary ${n}: health declaration${form ? ` (form ${form.id}, ${plural('en', form.questions, { one: '# question', other: '# questions' })})` : ''}`,
  // Copies from the holder
  sameAs: (prefix: string, part: 'contact' | 'address', holder: 'holder' | 'first', what: string) =>
    `${prefix} Same ${part} as ${holder === 'holder' ? "the holder's" : "beneficiary 1's"} (${what})?`,
  copied: (n: number, part: 'contact' | 'address', holder: 'holder' | 'first', _sex?: string) =>
    `Beneficiary ${n}: ${part} copied from ${holder === 'holder' ? 'the holder' : 'beneficiary 1'} (edit it on the review screen)`,
  // Documents and files
  fileQuestion: (prefix: string) => `${prefix} File to attach, sent base64 as arquivo (path; Enter for none)`,
  notAFile: (path: string) => `${path} is not a regular file`,
  cannotRead: (path: string, why: string) => `cannot read ${path} (${why})`,
  keepDocument: (prefix: string, d: number, what: string) => `${prefix} Keep document ${d} (${what})?`,
  addDocument: (prefix: string, first: boolean) => `${prefix} ${first ? 'Add a document?' : 'Add another document?'}`,
  // The health declaration's form
  formQuestions: (form: string) => `Health declaration · Number of questions of form ${form} (0 for none)`,
  formQuestionsRule: 'must be a whole number from 0 to 200',
  cepUnknown: (cep: string) => `CEP ${cep} was not found: type the street and district`,
  /** Before the answers, when the healthQuestions setting lacks texts of the form's questions. */
  noQuestionTexts: (form: string, missing: string) =>
    `The texts of questions ${missing} of form ${form} are not set: read each one from the form the beneficiary signs. To show them here: coopctl config set healthQuestions '${form}.1=Do you have a chronic disease?; ${form}.2=…'`,
  // The steps, as the review, the results and the continuation name them
  stepContract: 'contract',
  stepPayer: 'payer',
  stepBeneficiary: (n: number, _sex?: string) => `beneficiary ${n}`,
  stepDocument: (d: number) => `document ${d}`,
  stepDeclaration: (q: number) => `declaration ${q}`,
  declarationAnswers: (n: number) => plural('en', n, { one: '# declaration answer', other: '# declaration answers' }),
  // The review screen
  holder: '(holder)',
  payer: 'Payer',
  payerNone: 'Payer (not registered)',
  existingContract: (contract: string) => `Contract ${contract} (existing)`,
  sent: ' · sent',
  partlySent: ' · partly sent',
  none: '(none)',
  noDocuments: 'none',
  noQuestions: 'no questions',
  form: (id: string) => `form ${id} · `,
  fileSize: (path: string, bytes: number) => `${path} (${bytes} bytes)`,
  fileUnreadable: (path: string) => `${path} (cannot be read)`,
  reviewTitle: (sent: boolean) => `Review the enrolment${sent ? ' (✔ sent)' : ' (nothing is sent before Submit)'}`,
  reviewHelp:
    'Editing a section offers its answers: the one chosen is asked again (Enter keeps it, Tab edits it, Backspace clears it).',
  whichAnswer: (title: string) => `${title}: change which answer?`,
  everyAnswer: 'Every answer of the section, one by one',
  editNone: 'None (back to the review)',
  // The menu
  edit: (n: number, title: string) => `${n} Edit: ${title}`,
  sectionSent: '(sent)',
  submit: (what: string) => `Submit ${what}`,
  submitDone: '(everything was sent: finish)',
  submitLeft: (n: number) =>
    plural('en', n, { one: 'the # request not sent yet', other: 'the # requests not sent yet' }),
  submitAll: (beneficiaries: string, contract: string | undefined, total: number) =>
    `${contract === undefined ? 'the contract and ' : ''}${beneficiaries}${contract === undefined ? '' : ` to contract ${contract}`} (${total} requests)`,
  add: 'Add a beneficiary',
  remove: 'Remove a beneficiary',
  quit: 'Quit, keeping the draft (coopctl enrol wizard --resume goes on)',
  discard: 'Discard this enrolment',
  whatNext: 'What next? (type a section number to edit it)',
  removeNone: 'None (back to the review)',
  removeWhich: 'Remove which beneficiary?',
  removeConfirm: (title: string, _sex?: string) => `Remove ${title} and its answers?`,
  discardConfirm: 'Discard this enrolment? Its answers cannot be recovered',
  // The whole plan checked before sending
  planStep: 'enrolment',
  noBeneficiary: 'at least one beneficiary is needed',
  request: '(request)',
  cannotSend: (n: number) =>
    `the enrolment cannot be sent yet: ${plural('en', n, { one: '# problem', other: '# problems' })} (nothing was sent)`,
  fixSections: 'Edit the sections to fix them.',
};

/** `Beneficiário 2`, `Beneficiária 2` when her sexo says F. */
const beneficiario = (n: number, sex?: string) => `${sex === 'F' ? 'Beneficiária' : 'Beneficiário'} ${n}`;

const ptBR: Translation<typeof en> = {
  beneficiaries: (n) => plural('pt-BR', n, { one: '# beneficiário', other: '# beneficiários' }),
  contract: 'Contrato',
  contractPrefix: 'Contrato ·',
  payerTitle: 'Responsável financeiro',
  payerPrefix: 'Responsável financeiro ·',
  registerPayer: (contract) => `Cadastrar o responsável financeiro do contrato ${contract}?`,
  beneficiary: (n, sex) => beneficiario(n, sex),
  beneficiaryPrefix: (n, sex) => `${beneficiario(n, sex)} ·`,
  documentPrefix: (prefix, d) => `${prefix} documento ${d} ·`,
  questionPrefix: (prefix, q, text) => `${prefix} pergunta ${q}${text ? ` (${text})` : ''} ·`,
  declarationPrefix: 'Declaração de saúde ·',
  addAnother: 'Incluir outro beneficiário?',
  changeOptional: (prefix, names, now) => `${prefix} Alterar os campos opcionais (${names}; agora ${now})?`,
  fillOptional: (prefix, names) => `${prefix} Preencher campos opcionais (${names})?`,
  part: (part) =>
    ({ person: 'pessoa', contact: 'contato', documents: 'documentos', address: 'endereço', declaration: 'declaração' })[
      part
    ],
  partOf: (n, part, sex) => `${beneficiario(n, sex)}: ${part}`,
  documentsOf: (n, codes, sex) =>
    `${beneficiario(n, sex)}: documentos (tipo_documento: ${codes}; veja coopctl help codigos)`,
  addressOf: (n, codes, sex) => `${beneficiario(n, sex)}: endereço (finalidade: ${codes})`,
  declarationOf: (n, form, sex) =>
    `${beneficiario(n, sex)}: declaração de saúde${form ? ` (formulário ${form.id}, ${plural('pt-BR', form.questions, { one: '# pergunta', other: '# perguntas' })})` : ''}`,
  sameAs: (prefix, part, holder, what) =>
    `${prefix} Mesmo ${part === 'contact' ? 'contato' : 'endereço'} ${holder === 'holder' ? 'do titular' : 'do beneficiário 1'} (${what})?`,
  copied: (n, part, holder, sex) =>
    `${beneficiario(n, sex)}: ${part === 'contact' ? 'contato copiado' : 'endereço copiado'} ${holder === 'holder' ? 'do titular' : 'do beneficiário 1'} (altere-o na tela de revisão)`,
  fileQuestion: (prefix) => `${prefix} Arquivo a anexar, enviado em base64 como arquivo (caminho; Enter para nenhum)`,
  notAFile: (path) => `${path} não é um arquivo comum`,
  cannotRead: (path, why) => `não foi possível ler ${path} (${why})`,
  keepDocument: (prefix, d, what) => `${prefix} Manter o documento ${d} (${what})?`,
  addDocument: (prefix, first) => `${prefix} ${first ? 'Incluir um documento?' : 'Incluir outro documento?'}`,
  formQuestions: (form) => `Declaração de saúde · Número de perguntas do formulário ${form} (0 para nenhuma)`,
  formQuestionsRule: 'deve ser um número inteiro de 0 a 200',
  cepUnknown: (cep) => `CEP ${cep} não encontrado: digite o logradouro e o bairro`,
  noQuestionTexts: (form, missing) =>
    `Os textos das perguntas ${missing} do formulário ${form} não estão configurados: leia cada uma no formulário que o beneficiário assina. Para vê-los aqui: coopctl config set healthQuestions '${form}.1=Tem alguma doença crônica?; ${form}.2=…'`,
  stepContract: 'contrato',
  stepPayer: 'responsável financeiro',
  stepBeneficiary: (n, sex) => beneficiario(n, sex).toLowerCase(),
  stepDocument: (d) => `documento ${d}`,
  stepDeclaration: (q) => `declaração ${q}`,
  declarationAnswers: (n) =>
    plural('pt-BR', n, { one: '# resposta da declaração', other: '# respostas da declaração' }),
  holder: '(titular)',
  payer: 'Responsável financeiro',
  payerNone: 'Responsável financeiro (não cadastrado)',
  existingContract: (contract) => `Contrato ${contract} (existente)`,
  sent: ' · enviado',
  partlySent: ' · enviado em parte',
  none: '(nenhum)',
  noDocuments: 'nenhum',
  noQuestions: 'sem perguntas',
  form: (id) => `formulário ${id} · `,
  fileSize: (path, bytes) => `${path} (${bytes} bytes)`,
  fileUnreadable: (path) => `${path} (não pode ser lido)`,
  reviewTitle: (sent) => `Revise a inclusão${sent ? ' (✔ enviado)' : ' (nada é enviado antes de Enviar)'}`,
  reviewHelp:
    'Editar uma seção oferece as respostas dela: a escolhida é perguntada de novo (Enter a mantém, Tab a edita, Backspace a apaga).',
  whichAnswer: (title) => `${title}: alterar qual resposta?`,
  everyAnswer: 'Todas as respostas da seção, uma a uma',
  editNone: 'Nenhuma (voltar à revisão)',
  edit: (n, title) => `${n} Editar: ${title}`,
  sectionSent: '(enviado)',
  submit: (what) => `Enviar ${what}`,
  submitDone: '(tudo foi enviado: concluir)',
  submitLeft: (n) =>
    plural('pt-BR', n, { one: 'a requisição ainda não enviada', other: 'as # requisições ainda não enviadas' }),
  submitAll: (beneficiaries, contract, total) =>
    `${contract === undefined ? 'o contrato e ' : ''}${beneficiaries}${contract === undefined ? '' : ` para o contrato ${contract}`} (${total} requisições)`,
  add: 'Incluir um beneficiário',
  remove: 'Remover um beneficiário',
  quit: 'Sair, mantendo o rascunho (coopctl enrol wizard --resume continua)',
  discard: 'Descartar esta inclusão',
  whatNext: 'E agora? (digite o número de uma seção para editá-la)',
  removeNone: 'Nenhum (voltar à revisão)',
  removeWhich: 'Remover qual beneficiário?',
  removeConfirm: (title, sex) => `Remover ${title} e as respostas ${sex === 'F' ? 'dela' : 'dele'}?`,
  discardConfirm: 'Descartar esta inclusão? As respostas não poderão ser recuperadas',
  planStep: 'inclusão',
  noBeneficiary: 'é preciso pelo menos um beneficiário',
  request: '(requisição)',
  cannotSend: (n) =>
    `a inclusão ainda não pode ser enviada: ${plural('pt-BR', n, { one: '# problema', other: '# problemas' })} (nada foi enviado)`,
  fixSections: 'Edite as seções para corrigi-los.',
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
