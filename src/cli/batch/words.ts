/**
 * `enrol batch`: what it says while and after sending (src/cli/batch/:
 * progress.ts, summary.ts, outcome.ts, report.ts, send.ts, row-result.ts,
 * lane.ts, reconcile.ts, warnings.ts; its journal, src/cli/enrol/journal.ts). The report file keeps its
 * column names and result codes (`line`, `contract`, `result`: `created`,
 * `failed` …) in every language: it is read by programs too; its messages
 * follow the run's language. The file's own part names (`contract`,
 * `address2`, `ds.1.3`) stay as the file writes them.
 */
import type { Translation, Words } from '../i18n/shape.js';

/** Why sending stopped early, or why rows were not sent. */
export type StopWhy = 'interrupted' | 'unreachable' | 'journal' | 'invalid';

const en = {
  // Progress
  rowsDone: (done: number, total: number, failed: number) =>
    `${done}/${total} rows done${failed ? `, ${failed} failed` : ''}`,
  rate: (n: number) => `, ${n} rows/s`,
  stoppedBar: (why: Exclude<StopWhy, 'invalid'>) =>
    ({
      interrupted: 'interrupted',
      unreachable: 'stopped: the service cannot be reached',
      journal: 'stopped: the journal cannot be written',
    })[why],
  // The summary line
  rows: (n: number) => `${n} row${n === 1 ? '' : 's'}`,
  done: (n: number) => `${n} done`,
  created: (n: number) => `${n} created`,
  resumed: (n: number) => `${n} resumed`,
  alreadyDone: (n: number) => `${n} already done`,
  failed: (n: number) => `${n} failed`,
  inDoubt: (n: number) => `${n} in doubt`,
  partlyDone: (n: number) => `${n} partly done`,
  notStarted: (n: number) => `${n} not started`,
  invalid: (n: number) => `${n} invalid (not sent)`,
  requestsSent: (n: number) => `${n} request${n === 1 ? '' : 's'} sent`,
  stepsSkipped: (n: number) => `${n} step${n === 1 ? '' : 's'} skipped (done by an earlier run)`,
  // Rows not done
  status: (status: 'failed' | 'uncertain') => ({ failed: 'failed', uncertain: 'in doubt' })[status],
  otherSteps: (n: number) => ` (and ${n} other step${n === 1 ? '' : 's'})`,
  rowsNotDone: (n: number) => `${n} row${n === 1 ? '' : 's'} not done:`,
  moreRows: (n: number, report: string | undefined) => `  … and ${n} more${report ? ` in ${report}` : ''}`,
  // How to go on
  rerun: (what: string, command: string) => `${what}, run the same command again (done steps are skipped): ${command}`,
  noJournal: 'there is no journal (stdin without --journal): a rerun would send every row again',
  toSendRest: 'to send the rows not done',
  toRetry: 'fix what is said; then to retry',
  interruptedNotice: (rerun: string) => `interrupted: ${rerun}`,
  reportAt: (path: string) => `report: ${path} (every row: its ids, its result, and why it is not done)`,
  noReport:
    'no report file (stdin without --report or --journal): give --report FILE, or -o csv for the rows on stdout',
  journalAt: (path: string) => `journal: ${path}`,
  journalStopped: (path: string | undefined, why: string | undefined) =>
    `stopped: the journal ${path} cannot be written (${why ?? 'fsync failed'}); fix that first`,
  unreachableStopped: (why: string | undefined) =>
    `stopped: the service could not be reached (${why ?? 'connection failures'})`,
  // A row's message in the report
  notRunWhy: (why: StopWhy) =>
    ({
      interrupted: 'interrupted',
      unreachable: 'the service could not be reached',
      journal: 'the journal could not be written',
      invalid: 'the file has invalid rows',
    })[why],
  idLostRow: (failures: string) =>
    `created by an interrupted run that did not learn its beneficiario_id${failures ? `; ${failures}` : ''}`,
  notFinished: (why: string) => `not finished${why ? `: ${why}` : ''}; a rerun sends the rest`,
  notSentRow: (why: string) => `not sent${why ? `: ${why}` : ''}`,
  // Sending
  dryRun: (name: string, rows: number, contracts: number, requests: number, target: string, skip: number) =>
    `--dry-run: ${name} is valid: ${rows} row${rows === 1 ? '' : 's'} in ${contracts} contract${contracts === 1 ? '' : 's'}; would send ${requests} request${requests === 1 ? '' : 's'} to ${target}${skip ? ` and skip ${skip} done by an earlier run` : ''}. Nothing was sent.`,
  resuming: (journal: string, n: number) =>
    `resuming from ${journal}: ${n} step${n === 1 ? '' : 's'} done by an earlier run will be skipped`,
  notSent: 'not sent',
  noAnswer: (why: string) => `${why} (the service may have done it; a rerun checks)`,
  refused: (why: string) => `the service refused it${why ? `: ${why}` : ''}`,
  idLost:
    'not sent: the beneficiary was created by an interrupted run that did not learn its id; find it, then add these with coopctl enrol beneficiary …',
  // Steps an earlier run left in doubt
  searchRefused: (status: number, why: string) =>
    `the contract search was refused: HTTP ${status}${why ? `: ${why}` : ''}`,
  undecided: (why: string) => `${why}; check, then rerun with --resend-uncertain to send it anyway`,
  contractDoubt: (why: string) =>
    `an earlier run sent this contract without learning whether it was created, and ${why}`,
  contractCandidates: (ids: string, n: number) =>
    `an earlier run sent this contract without learning whether it was created; the service has ${n === 1 ? 'an empty contract' : 'empty contracts'} that may be it (${ids})`,
  beneficiaryDoubt: (why: string) =>
    `an earlier run sent this beneficiary without learning whether it was created, and ${why}`,
  noParent: 'the journal does not say which contract it was sent to',
  lostOn: (contract: string, n: number) =>
    `contract ${contract}: ${n} beneficiar${n === 1 ? 'y was' : 'ies were'} created by an interrupted run that did not learn ${n === 1 ? 'its id' : 'their ids'}; not sent again`,
  contractNotFound: (contract: string) => `contract ${contract} was not found`,
  lives: (contract: string, lives: number, known: number, doubtful: number) =>
    `contract ${contract} has ${lives} lives where the journal knows ${known}, with ${doubtful} in doubt`,
  // The journal
  damaged: (path: string, line: number) =>
    `the journal ${path} is damaged at line ${line}; it is not a journal of coopctl enrol batch, or it was edited`,
  cannotWrite: (path: string, why: string) => `cannot write the journal ${path}: ${why}`,
  cannotLock: (path: string, why: string) => `cannot lock the journal ${path}: ${why}`,
  busy: (pid: number, path: string, lock: string) =>
    `another coopctl enrol batch (process ${pid}) is working with ${path}; wait for it to end (or remove ${lock} if that process is not coopctl)`,
  // Warnings about valid values
  places: (n: number, unit: 'row' | 'contract', named: string, more: number) =>
    `${n} ${unit}${n === 1 ? '' : 's'}: ${named}${more ? ` and ${more} more` : ''}`,
  moreWarnings: (n: number) => `and ${n} more warnings`,
};

const ptBR: Translation<typeof en> = {
  rowsDone: (done, total, failed) => `${done}/${total} linhas feitas${failed ? `, ${failed} com falha` : ''}`,
  rate: (n) => `, ${n} linhas/s`,
  stoppedBar: (why) =>
    ({
      interrupted: 'interrompido',
      unreachable: 'parado: o serviço não pode ser alcançado',
      journal: 'parado: o diário não pode ser gravado',
    })[why],
  rows: (n) => `${n} ${n === 1 ? 'linha' : 'linhas'}`,
  done: (n) => `${n} ${n === 1 ? 'feita' : 'feitas'}`,
  created: (n) => `${n} ${n === 1 ? 'criada' : 'criadas'}`,
  resumed: (n) => `${n} ${n === 1 ? 'retomada' : 'retomadas'}`,
  alreadyDone: (n) => `${n} já ${n === 1 ? 'feita' : 'feitas'}`,
  failed: (n) => `${n} com falha`,
  inDoubt: (n) => `${n} em dúvida`,
  partlyDone: (n) => `${n} ${n === 1 ? 'feita' : 'feitas'} em parte`,
  notStarted: (n) => `${n} não ${n === 1 ? 'iniciada' : 'iniciadas'}`,
  invalid: (n) => `${n} ${n === 1 ? 'inválida' : 'inválidas'} (não ${n === 1 ? 'enviada' : 'enviadas'})`,
  requestsSent: (n) => (n === 1 ? '1 requisição enviada' : `${n} requisições enviadas`),
  stepsSkipped: (n) =>
    `${n === 1 ? '1 passo pulado' : `${n} passos pulados`} (${n === 1 ? 'feito' : 'feitos'} por uma execução anterior)`,
  status: (status) => ({ failed: 'com falha', uncertain: 'em dúvida' })[status],
  otherSteps: (n) => ` (e ${n === 1 ? 'outro passo' : `outros ${n} passos`})`,
  rowsNotDone: (n) => (n === 1 ? '1 linha não feita:' : `${n} linhas não feitas:`),
  moreRows: (n, report) => `  … e mais ${n}${report ? ` em ${report}` : ''}`,
  rerun: (what, command) => `${what}, rode o mesmo comando de novo (os passos feitos são pulados): ${command}`,
  noJournal: 'não há diário (stdin sem --journal): uma nova execução enviaria todas as linhas de novo',
  toSendRest: 'para enviar as linhas não feitas',
  toRetry: 'corrija o que foi dito; depois, para tentar de novo',
  interruptedNotice: (rerun) => `interrompido: ${rerun}`,
  reportAt: (path) => `relatório: ${path} (cada linha: seus ids, seu resultado, e por que não foi feita)`,
  noReport:
    'nenhum arquivo de relatório (stdin sem --report nem --journal): informe --report ARQUIVO, ou -o csv para as linhas no stdout',
  journalAt: (path) => `diário: ${path}`,
  journalStopped: (path, why) =>
    `parado: o diário ${path} não pode ser gravado (${why ?? 'o fsync falhou'}); resolva isso primeiro`,
  unreachableStopped: (why) => `parado: o serviço não pôde ser alcançado (${why ?? 'falhas de conexão'})`,
  notRunWhy: (why) =>
    ({
      interrupted: 'interrompido',
      unreachable: 'o serviço não pôde ser alcançado',
      journal: 'o diário não pôde ser gravado',
      invalid: 'o arquivo tem linhas inválidas',
    })[why],
  idLostRow: (failures) =>
    `criado por uma execução interrompida que não ficou sabendo o beneficiario_id dele${failures ? `; ${failures}` : ''}`,
  notFinished: (why) => `não terminada${why ? `: ${why}` : ''}; uma nova execução envia o resto`,
  notSentRow: (why) => `não enviada${why ? `: ${why}` : ''}`,
  dryRun: (name, rows, contracts, requests, target, skip) =>
    `--dry-run: ${name} é válido: ${rows} ${rows === 1 ? 'linha' : 'linhas'} em ${contracts} ${contracts === 1 ? 'contrato' : 'contratos'}; enviaria ${requests === 1 ? '1 requisição' : `${requests} requisições`} para ${target}${skip ? ` e pularia ${skip} ${skip === 1 ? 'feita' : 'feitas'} por uma execução anterior` : ''}. Nada foi enviado.`,
  resuming: (journal, n) =>
    `retomando de ${journal}: ${n === 1 ? '1 passo feito' : `${n} passos feitos`} por uma execução anterior ${n === 1 ? 'será pulado' : 'serão pulados'}`,
  notSent: 'não enviado',
  noAnswer: (why) => `${why} (o serviço pode tê-lo feito; uma nova execução confere)`,
  refused: (why) => `o serviço o recusou${why ? `: ${why}` : ''}`,
  idLost:
    'não enviado: o beneficiário foi criado por uma execução interrompida que não ficou sabendo o id dele; encontre-o, depois inclua estes com coopctl enrol beneficiary …',
  searchRefused: (status, why) => `a busca de contratos foi recusada: HTTP ${status}${why ? `: ${why}` : ''}`,
  undecided: (why) => `${why}; confira, depois rode de novo com --resend-uncertain para enviá-lo mesmo assim`,
  contractDoubt: (why) => `uma execução anterior enviou este contrato sem ficar sabendo se ele foi criado, e ${why}`,
  contractCandidates: (ids, n) =>
    `uma execução anterior enviou este contrato sem ficar sabendo se ele foi criado; o serviço tem ${n === 1 ? 'um contrato vazio que pode ser ele' : 'contratos vazios que podem ser ele'} (${ids})`,
  beneficiaryDoubt: (why) =>
    `uma execução anterior enviou este beneficiário sem ficar sabendo se ele foi criado, e ${why}`,
  noParent: 'o diário não diz para qual contrato ele foi enviado',
  lostOn: (contract, n) =>
    `contrato ${contract}: ${n === 1 ? '1 beneficiário foi criado' : `${n} beneficiários foram criados`} por uma execução interrompida que não ficou sabendo ${n === 1 ? 'o id dele' : 'os ids deles'}; não ${n === 1 ? 'é enviado' : 'são enviados'} de novo`,
  contractNotFound: (contract) => `o contrato ${contract} não foi encontrado`,
  lives: (contract, lives, known, doubtful) =>
    `o contrato ${contract} tem ${lives} vidas onde o diário conhece ${known}, com ${doubtful} em dúvida`,
  damaged: (path, line) =>
    `o diário ${path} está danificado na linha ${line}; não é um diário de coopctl enrol batch, ou foi editado`,
  cannotWrite: (path, why) => `não foi possível gravar o diário ${path}: ${why}`,
  cannotLock: (path, why) => `não foi possível travar o diário ${path}: ${why}`,
  busy: (pid, path, lock) =>
    `outro coopctl enrol batch (processo ${pid}) está trabalhando com ${path}; espere ele terminar (ou apague ${lock} se esse processo não for o coopctl)`,
  places: (n, unit, named, more) =>
    `${n} ${unit === 'row' ? (n === 1 ? 'linha' : 'linhas') : n === 1 ? 'contrato' : 'contratos'}: ${named}${more ? ` e mais ${more}` : ''}`,
  moreWarnings: (n) => `e mais ${n} avisos`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
