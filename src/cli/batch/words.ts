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
import { formatNumber, plural } from '../i18n/format.js';

/** Why sending stopped early, or why rows were not sent. */
export type StopWhy = 'interrupted' | 'unreachable' | 'journal' | 'invalid';

const en = {
  // Progress
  rowsDone: (done: number, total: number, failed: number) =>
    `${formatNumber('en', done)}/${formatNumber('en', total)} rows done${failed ? `, ${formatNumber('en', failed)} failed` : ''}`,
  rate: (n: number) => `, ${formatNumber('en', n)} rows/s`,
  stoppedBar: (why: Exclude<StopWhy, 'invalid'>) =>
    ({
      interrupted: 'interrupted',
      unreachable: 'stopped: the service cannot be reached',
      journal: 'stopped: the journal cannot be written',
    })[why],
  // The summary line
  rows: (n: number) => plural('en', n, { one: '# row', other: '# rows' }),
  done: (n: number) => `${formatNumber('en', n)} done`,
  created: (n: number) => `${formatNumber('en', n)} created`,
  resumed: (n: number) => `${formatNumber('en', n)} resumed`,
  alreadyDone: (n: number) => `${formatNumber('en', n)} already done`,
  failed: (n: number) => `${formatNumber('en', n)} failed`,
  inDoubt: (n: number) => `${formatNumber('en', n)} in doubt`,
  partlyDone: (n: number) => `${formatNumber('en', n)} partly done`,
  notStarted: (n: number) => `${formatNumber('en', n)} not started`,
  invalid: (n: number) => `${formatNumber('en', n)} invalid (not sent)`,
  requestsSent: (n: number) => plural('en', n, { one: '# request sent', other: '# requests sent' }),
  stepsSkipped: (n: number) =>
    plural('en', n, {
      one: '# step skipped (done by an earlier run)',
      other: '# steps skipped (done by an earlier run)',
    }),
  // Rows not done
  status: (status: 'failed' | 'uncertain') => ({ failed: 'failed', uncertain: 'in doubt' })[status],
  otherSteps: (n: number) => plural('en', n, { one: ' (and # other step)', other: ' (and # other steps)' }),
  rowsNotDone: (n: number) => plural('en', n, { one: '# row not done:', other: '# rows not done:' }),
  moreRows: (n: number, report: string | undefined) =>
    `  … and ${formatNumber('en', n)} more${report ? ` in ${report}` : ''}`,
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
    `--dry-run: ${name} is valid: ${plural('en', rows, { one: '# row', other: '# rows' })} in ${plural('en', contracts, { one: '# contract', other: '# contracts' })}; would send ${plural('en', requests, { one: '# request', other: '# requests' })} to ${target}${skip ? ` and skip ${formatNumber('en', skip)} done by an earlier run` : ''}. Nothing was sent.`,
  resuming: (journal: string, n: number) =>
    `resuming from ${journal}: ${plural('en', n, { one: '# step', other: '# steps' })} done by an earlier run will be skipped`,
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
    `an earlier run sent this contract without learning whether it was created; the service has ${plural('en', n, { one: 'an empty contract', other: 'empty contracts' })} that may be it (${ids})`,
  beneficiaryDoubt: (why: string) =>
    `an earlier run sent this beneficiary without learning whether it was created, and ${why}`,
  noParent: 'the journal does not say which contract it was sent to',
  lostOn: (contract: string, n: number) =>
    `contract ${contract}: ${plural('en', n, { one: '# beneficiary was created by an interrupted run that did not learn its id', other: '# beneficiaries were created by an interrupted run that did not learn their ids' })}; not sent again`,
  contractNotFound: (contract: string) => `contract ${contract} was not found`,
  lives: (contract: string, lives: number, known: number, doubtful: number) =>
    `contract ${contract} has ${plural('en', lives, { one: '# life', other: '# lives' })} where the journal knows ${formatNumber('en', known)}, with ${formatNumber('en', doubtful)} in doubt`,
  // The journal
  damaged: (path: string, line: number) =>
    `the journal ${path} is damaged at line ${line}; it is not a journal of coopctl enrol batch, or it was edited`,
  cannotWrite: (path: string, why: string) => `cannot write the journal ${path}: ${why}`,
  cannotLock: (path: string, why: string) => `cannot lock the journal ${path}: ${why}`,
  busy: (pid: number, path: string, lock: string) =>
    `another coopctl enrol batch (process ${pid}) is working with ${path}; wait for it to end (or remove ${lock} if that process is not coopctl)`,
  // Warnings about valid values
  places: (n: number, unit: 'row' | 'contract', named: string, more: number) =>
    `${plural('en', n, { one: `# ${unit}`, other: `# ${unit}s` })}: ${named}${more ? ` and ${formatNumber('en', more)} more` : ''}`,
  moreWarnings: (n: number) => `and ${formatNumber('en', n)} more warnings`,
};

const ptBR: Translation<typeof en> = {
  rowsDone: (done, total, failed) =>
    `${formatNumber('pt-BR', done)}/${formatNumber('pt-BR', total)} linhas feitas${failed ? `, ${formatNumber('pt-BR', failed)} com falha` : ''}`,
  rate: (n) => `, ${formatNumber('pt-BR', n)} linhas/s`,
  stoppedBar: (why) =>
    ({
      interrupted: 'interrompido',
      unreachable: 'parado: o serviço não pode ser alcançado',
      journal: 'parado: o diário não pode ser gravado',
    })[why],
  rows: (n) => plural('pt-BR', n, { one: '# linha', other: '# linhas' }),
  done: (n) => plural('pt-BR', n, { one: '# feita', other: '# feitas' }),
  created: (n) => plural('pt-BR', n, { one: '# criada', other: '# criadas' }),
  resumed: (n) => plural('pt-BR', n, { one: '# retomada', other: '# retomadas' }),
  alreadyDone: (n) => plural('pt-BR', n, { one: '# já feita', other: '# já feitas' }),
  failed: (n) => `${formatNumber('pt-BR', n)} com falha`,
  inDoubt: (n) => `${formatNumber('pt-BR', n)} em dúvida`,
  partlyDone: (n) => plural('pt-BR', n, { one: '# feita em parte', other: '# feitas em parte' }),
  notStarted: (n) => plural('pt-BR', n, { one: '# não iniciada', other: '# não iniciadas' }),
  invalid: (n) => plural('pt-BR', n, { one: '# inválida (não enviada)', other: '# inválidas (não enviadas)' }),
  requestsSent: (n) => plural('pt-BR', n, { one: '# requisição enviada', other: '# requisições enviadas' }),
  stepsSkipped: (n) =>
    plural('pt-BR', n, {
      one: '# passo pulado (feito por uma execução anterior)',
      other: '# passos pulados (feitos por uma execução anterior)',
    }),
  status: (status) => ({ failed: 'com falha', uncertain: 'em dúvida' })[status],
  otherSteps: (n) => plural('pt-BR', n, { one: ' (e outro passo)', other: ' (e outros # passos)' }),
  rowsNotDone: (n) => plural('pt-BR', n, { one: '# linha não feita:', other: '# linhas não feitas:' }),
  moreRows: (n, report) => `  … e mais ${formatNumber('pt-BR', n)}${report ? ` em ${report}` : ''}`,
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
    `--dry-run: ${name} é válido: ${plural('pt-BR', rows, { one: '# linha', other: '# linhas' })} em ${plural('pt-BR', contracts, { one: '# contrato', other: '# contratos' })}; enviaria ${plural('pt-BR', requests, { one: '# requisição', other: '# requisições' })} para ${target}${skip ? ` e pularia ${plural('pt-BR', skip, { one: '# feita', other: '# feitas' })} por uma execução anterior` : ''}. Nada foi enviado.`,
  resuming: (journal, n) =>
    `retomando de ${journal}: ${plural('pt-BR', n, { one: '# passo feito por uma execução anterior será pulado', other: '# passos feitos por uma execução anterior serão pulados' })}`,
  notSent: 'não enviado',
  noAnswer: (why) => `${why} (o serviço pode tê-lo feito; uma nova execução confere)`,
  refused: (why) => `o serviço o recusou${why ? `: ${why}` : ''}`,
  idLost:
    'não enviado: o beneficiário foi criado por uma execução interrompida que não ficou sabendo o id dele; encontre-o, depois inclua estes com coopctl enrol beneficiary …',
  searchRefused: (status, why) => `a busca de contratos foi recusada: HTTP ${status}${why ? `: ${why}` : ''}`,
  undecided: (why) => `${why}; confira, depois rode de novo com --resend-uncertain para enviá-lo mesmo assim`,
  contractDoubt: (why) => `uma execução anterior enviou este contrato sem ficar sabendo se ele foi criado, e ${why}`,
  contractCandidates: (ids, n) =>
    `uma execução anterior enviou este contrato sem ficar sabendo se ele foi criado; o serviço tem ${plural('pt-BR', n, { one: 'um contrato vazio que pode ser ele', other: 'contratos vazios que podem ser ele' })} (${ids})`,
  beneficiaryDoubt: (why) =>
    `uma execução anterior enviou este beneficiário sem ficar sabendo se ele foi criado, e ${why}`,
  noParent: 'o diário não diz para qual contrato ele foi enviado',
  lostOn: (contract, n) =>
    `contrato ${contract}: ${plural('pt-BR', n, { one: '# beneficiário foi criado por uma execução interrompida que não ficou sabendo o id dele; não é enviado de novo', other: '# beneficiários foram criados por uma execução interrompida que não ficou sabendo os ids deles; não são enviados de novo' })}`,
  contractNotFound: (contract) => `o contrato ${contract} não foi encontrado`,
  lives: (contract, lives, known, doubtful) =>
    `o contrato ${contract} tem ${plural('pt-BR', lives, { one: '# vida', other: '# vidas' })} onde o diário conhece ${formatNumber('pt-BR', known)}, com ${formatNumber('pt-BR', doubtful)} em dúvida`,
  damaged: (path, line) =>
    `o diário ${path} está danificado na linha ${line}; não é um diário de coopctl enrol batch, ou foi editado`,
  cannotWrite: (path, why) => `não foi possível gravar o diário ${path}: ${why}`,
  cannotLock: (path, why) => `não foi possível travar o diário ${path}: ${why}`,
  busy: (pid, path, lock) =>
    `outro coopctl enrol batch (processo ${pid}) está trabalhando com ${path}; espere ele terminar (ou apague ${lock} se esse processo não for o coopctl)`,
  places: (n, unit, named, more) =>
    `${unit === 'row' ? plural('pt-BR', n, { one: '# linha', other: '# linhas' }) : plural('pt-BR', n, { one: '# contrato', other: '# contratos' })}: ${named}${more ? ` e mais ${formatNumber('pt-BR', more)}` : ''}`,
  moreWarnings: (n) => `e mais ${formatNumber('pt-BR', n)} avisos`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
