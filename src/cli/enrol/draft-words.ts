/**
 * The enrolment wizard's start, drafts, resumption, doubts and submission
 * (src/cli/commands/enrol/wizard/: run.ts, draft.ts, doubt.ts, submit.ts,
 * plan.ts): what was sent and created, and how to go on. `noId` is the
 * enrolment engine's, for the batch too (src/cli/enrol/sender.ts).
 */
import type { Translation, Words } from '../i18n/shape.js';
import { plural } from '../i18n/format.js';

const en = {
  // The start
  notATerminal:
    'enrol wizard asks its questions on a terminal: stdin and stdout must be TTYs, without --no-input (use the enrol commands, or enrol batch, in scripts)',
  resumeWithContract: '--resume goes on with the draft’s own contract: leave out --contrato-id',
  intro:
    'Enrolment: contract → payer → beneficiaries (contact, documents, address, health declaration). You review every answer before anything is sent; Ctrl-C keeps a draft.',
  otherService: (path: string, was: string, now: string) =>
    `the draft ${path} was being sent to ${was}, and this run sends to ${now}: resume it with the same profile (or COOPCTL_BASE_URL)`,
  goingOn: (draft: string) => `Going on with the enrolment draft: ${draft}.`,
  // Drafts
  kept: (path: string, resume: string) => `The enrolment is saved in ${path} (private); ${resume} goes on from here.`,
  notSaved: (why: string) => `The draft could not be saved: ${why}`,
  unreadable: (path: string, where: string) => `the draft ${path} cannot be read (${where}); fix it, or delete it`,
  unreadableLine: (why: string) => `unreadable: ${why}`,
  notJson: 'it does not hold JSON',
  cannotReadDraft: (path: string, why: string) => `cannot read the draft ${path} (${why}); delete it, or fix it`,
  notADraft: (path: string, format: number) =>
    `${path} is not a draft of this coopctl (format ${format}); delete it, or fix it`,
  cannotLockDraft: (path: string, why: string) => `cannot lock the draft ${path}: ${why}`,
  draftBusy: (command: string, pid: number, path: string, lock: string) =>
    `another ${command} (process ${pid}) is working on the draft ${path}; finish it there (or remove ${lock} if that process is not coopctl)`,
  saved: (when: string) => `saved ${when}`,
  payer: (name: string) => `payer ${name}`,
  newContract: 'new contract',
  contract: (id: string) => `contract ${id}`,
  noBeneficiaryYet: 'no beneficiary yet',
  requestsSent: (n: number) => plural('en', n, { one: '# request sent', other: '# requests sent' }),
  nothingSent: 'nothing sent',
  noDraft: (folder: string) =>
    `there is no enrolment draft to resume (in ${folder}); start one with coopctl enrol wizard`,
  whichDraft: 'Which enrolment draft?',
  waiting: (n: number, resume: string) =>
    plural('en', n, {
      one: `An enrolment draft is saved: ${resume} goes on with it.`,
      other: `# enrolment drafts are saved: ${resume} goes on with one.`,
    }),
  // The end of the review
  notSent: 'not sent',
  discarded: 'discarded: what was sent stays sent',
  enrolled: (n: number, contract: string) =>
    `Enrolled ${plural('en', n, { one: '# beneficiary', other: '# beneficiaries' })} on contract ${contract}.`,
  // Submitting
  done: ': done',
  created: (field: string, id: string) => `: ${field} ${id}`,
  failedAt: (step: string, problem: string) => `${step}: ${problem}`,
  alreadyCreated: (summary: string) => `Already created: ${summary}.`,
  unknownWhether: (step: string, resume: string, check: string) =>
    `Whether ${step} was done is unknown: ${resume} checks with the service before sending anything else (by hand: check with ${check} before running its command again).`,
  continueByHand: 'To continue from there by hand, run:',
  setVariable: (step: string, variable: string, field: string) =>
    `# ${step}: set ${variable} to the ${field} that this command prints`,
  idUnknown: 'an id it needs is unknown',
  interrupted: 'interrupted',
  noId: (field: string) => `the answer carries no ${field}, so the next steps cannot name it`,
  stoppedBefore: 'stopped before sending (nothing sent)',
  failed: 'failed',
  // What was created
  nothing: 'nothing',
  contractCreated: (id: string | undefined) => `contract ${id ?? '(no id answered)'}`,
  beneficiaryCreated: (step: string, id: string | undefined) => `${step}: beneficiario_id ${id ?? '(no id answered)'}`,
  registered: (part: string) => `${part} registered`,
  // A step sent without an answer (a resumed draft)
  sentNoAnswer: (step: string, why: string) =>
    `${step} was sent, but no answer came back${why ? ` (${why})` : ''}: the service may or may not have done it.`,
  sentAgainReplaces: 'It is sent again: it replaces what it replaces.',
  sendAgainQuestion: (step: string) =>
    `Send ${step} again? (if it was stored, it will be stored twice; no takes it as done)`,
  cannotCheck: (problem: string) => `It cannot be checked: contract search: ${problem}.`,
  noEmptyContract: (registro: string) =>
    `The service has no empty contract with registro_ans ${registro}: it was not created, and is sent again.`,
  contractCreatedQuestion: 'Was the contract created?',
  itIsContract: (id: string, state: string | undefined, registro: string) =>
    `It is contract ${id} (${state ?? 'state not given'}, no beneficiaries, registro_ans ${registro})`,
  sendAgain: 'Send it again (if it was created, there will be two)',
  quitCheck: 'Quit, keeping the draft (check first)',
  typeId: (step: string) => `beneficiario_id of ${step} (Enter to quit, keeping the draft)`,
  sameLives: (contract: string, lives: number, step: string) =>
    `Contract ${contract} has ${lives} beneficiaries, as before: ${step} was not created, and is sent again.`,
  oneMore: (contract: string, step: string) =>
    `Contract ${contract} has one beneficiary more: ${step} was created, but its id was not received.`,
  cannotCheckSearch: (problem: string) => `it cannot be checked (contract search: ${problem})`,
  contractNotFound: (contract: string) => `contract ${contract} was not found`,
  contractLives: (contract: string, lives: number, known: number | undefined) =>
    `contract ${contract} has ${lives} beneficiaries${known === undefined ? '' : ` (this enrolment knows ${known})`}`,
  unknownIfCreated: (step: string, now: string) => `Whether ${step} was created is not known: ${now}.`,
  createdQuestion: (step: string) => `Was ${step} created?`,
  itWas: 'It was: type its beneficiario_id',
};

const ptBR: Translation<typeof en> = {
  notATerminal:
    'enrol wizard faz as perguntas num terminal: stdin e stdout devem ser TTYs, sem --no-input (em scripts, use os comandos enrol, ou enrol batch)',
  resumeWithContract: '--resume continua com o contrato do próprio rascunho: não informe --contrato-id',
  intro:
    'Inclusão: contrato → responsável financeiro → beneficiários (contato, documentos, endereço, declaração de saúde). Você revisa cada resposta antes de qualquer envio; Ctrl-C mantém um rascunho.',
  otherService: (path, was, now) =>
    `o rascunho ${path} estava sendo enviado para ${was}, e esta execução envia para ${now}: continue-o com o mesmo perfil (ou COOPCTL_BASE_URL)`,
  goingOn: (draft) => `Continuando o rascunho da inclusão: ${draft}.`,
  kept: (path, resume) => `A inclusão está salva em ${path} (privado); ${resume} continua daqui.`,
  notSaved: (why) => `Não foi possível salvar o rascunho: ${why}`,
  unreadable: (path, where) => `o rascunho ${path} não pode ser lido (${where}); corrija-o, ou apague-o`,
  unreadableLine: (why) => `ilegível: ${why}`,
  notJson: 'não contém JSON',
  cannotReadDraft: (path, why) => `não foi possível ler o rascunho ${path} (${why}); apague-o, ou corrija-o`,
  notADraft: (path, format) => `${path} não é um rascunho deste coopctl (formato ${format}); apague-o, ou corrija-o`,
  cannotLockDraft: (path, why) => `não foi possível travar o rascunho ${path}: ${why}`,
  draftBusy: (command, pid, path, lock) =>
    `outro ${command} (processo ${pid}) está trabalhando no rascunho ${path}; termine-o lá (ou apague ${lock} se esse processo não for o coopctl)`,
  saved: (when) => `salvo em ${when}`,
  payer: (name) => `responsável ${name}`,
  newContract: 'contrato novo',
  contract: (id) => `contrato ${id}`,
  noBeneficiaryYet: 'nenhum beneficiário ainda',
  requestsSent: (n) => plural('pt-BR', n, { one: '# requisição enviada', other: '# requisições enviadas' }),
  nothingSent: 'nada enviado',
  noDraft: (folder) => `não há rascunho de inclusão a continuar (em ${folder}); comece um com coopctl enrol wizard`,
  whichDraft: 'Qual rascunho de inclusão?',
  waiting: (n, resume) =>
    plural('pt-BR', n, {
      one: `Há um rascunho de inclusão salvo: ${resume} continua com ele.`,
      other: `Há # rascunhos de inclusão salvos: ${resume} continua com um deles.`,
    }),
  notSent: 'não enviado',
  discarded: 'descartado: o que foi enviado continua enviado',
  enrolled: (n, contract) =>
    `${plural('pt-BR', n, { one: '# beneficiário incluído', other: '# beneficiários incluídos' })} no contrato ${contract}.`,
  done: ': feito',
  created: (field, id) => `: ${field} ${id}`,
  failedAt: (step, problem) => `${step}: ${problem}`,
  alreadyCreated: (summary) => `Já criado: ${summary}.`,
  unknownWhether: (step, resume, check) =>
    `Não se sabe se ${step} foi feito: ${resume} confere com o serviço antes de enviar qualquer outra coisa (à mão: confira com ${check} antes de rodar o comando dele de novo).`,
  continueByHand: 'Para continuar daí à mão, rode:',
  setVariable: (step, variable, field) => `# ${step}: defina ${variable} com o ${field} que este comando imprime`,
  idUnknown: 'um id de que ele precisa é desconhecido',
  interrupted: 'interrompido',
  noId: (field) => `a resposta não traz ${field}, então os próximos passos não podem citá-lo`,
  stoppedBefore: 'parado antes do envio (nada enviado)',
  failed: 'falhou',
  nothing: 'nada',
  contractCreated: (id) => `contrato ${id ?? '(nenhum id na resposta)'}`,
  beneficiaryCreated: (step, id) => `${step}: beneficiario_id ${id ?? '(nenhum id na resposta)'}`,
  registered: (part) => `${part} cadastrado`,
  sentNoAnswer: (step, why) =>
    `${step} foi enviado, mas nenhuma resposta voltou${why ? ` (${why})` : ''}: o serviço pode ou não tê-lo feito.`,
  sentAgainReplaces: 'Ele é enviado de novo: substitui o que substitui.',
  sendAgainQuestion: (step) =>
    `Enviar ${step} de novo? (se foi gravado, ficará gravado duas vezes; não o considera feito)`,
  cannotCheck: (problem) => `Não é possível conferir: busca de contratos: ${problem}.`,
  noEmptyContract: (registro) =>
    `O serviço não tem contrato vazio com registro_ans ${registro}: ele não foi criado, e é enviado de novo.`,
  contractCreatedQuestion: 'O contrato foi criado?',
  itIsContract: (id, state, registro) =>
    `É o contrato ${id} (${state ?? 'situação não informada'}, sem beneficiários, registro_ans ${registro})`,
  sendAgain: 'Enviar de novo (se foi criado, haverá dois)',
  quitCheck: 'Sair, mantendo o rascunho (conferir antes)',
  typeId: (step) => `beneficiario_id de ${step} (Enter para sair, mantendo o rascunho)`,
  sameLives: (contract, lives, step) =>
    `O contrato ${contract} tem ${lives} beneficiários, como antes: ${step} não foi criado, e é enviado de novo.`,
  oneMore: (contract, step) =>
    `O contrato ${contract} tem um beneficiário a mais: ${step} foi criado, mas o id dele não foi recebido.`,
  cannotCheckSearch: (problem) => `não é possível conferir (busca de contratos: ${problem})`,
  contractNotFound: (contract) => `o contrato ${contract} não foi encontrado`,
  contractLives: (contract, lives, known) =>
    `o contrato ${contract} tem ${lives} beneficiários${known === undefined ? '' : ` (esta inclusão conhece ${known})`}`,
  unknownIfCreated: (step, now) => `Não se sabe se ${step} foi criado: ${now}.`,
  createdQuestion: (step) => `O ${step} foi criado?`,
  itWas: 'Foi: digite o beneficiario_id dele',
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
