/**
 * What the embedded server says in its answers (`mensagem_erro`), in English
 * and in Brazilian Portuguese: the refusals of the HTTP layer and the
 * business outcomes of the handlers. An answer is in the language the
 * request's Accept-Language prefers (http/lang.ts), English when it names
 * neither (docs/decisions.md). The problems of a request's parameters are the
 * catalogue's (src/catalogue/words).
 */
import type { AppointmentStatus, ContractStatus } from '../catalogue/codes.js';
import { inLang, said, type Lang, type Noun, type Said } from '../catalogue/index.js';
import { ou } from '../catalogue/words/pt.js';
import { either } from '../catalogue/words/en.js';

/** The words of `message` in the language of a handler's context (English when it says none). */
export function tell(ctx: { readonly lang?: Lang }, message: Said): string {
  return inLang(message, ctx.lang ?? 'en');
}

/** Why `coopctl serve` does not start (StartError): its options, the token, the address, the database. */
/** Why a file could not be read, in words (the system's error codes are no message for a person). */
const FILE_FAULTS: Readonly<Record<string, Said>> = {
  ENOENT: { en: 'there is no such file', 'pt-BR': 'o arquivo não existe' },
  EACCES: { en: 'permission denied', 'pt-BR': 'sem permissão para lê-lo' },
  EISDIR: { en: 'it is a folder', 'pt-BR': 'é uma pasta' },
};

export const start = {
  tokenFileOpen: (file: string, mode: string) =>
    said(
      `the token file ${file} is open to other users (mode ${mode}): run chmod 600 ${file}`,
      `o arquivo do token ${file} está aberto a outros usuários (modo ${mode}): rode chmod 600 ${file}`,
    ),
  cannotReadTokenFile: (file: string, code: string) =>
    said(`cannot read the token file ${file} (${code})`, `não foi possível ler o arquivo do token ${file} (${code})`),
  /** Where a token is: its source (a file, `stdin`, a variable), and its line when the source has several. */
  tokenAt: (source: string, line?: number) =>
    line === undefined ? said(source, source) : said(`${source}, line ${line}`, `${source}, linha ${line}`),
  emptyToken: (where: Said) =>
    said(`the server token in ${where.en} is empty`, `o token do servidor em ${where['pt-BR']} está vazio`),
  spacedToken: (where: Said) =>
    said(
      `the server token in ${where.en} holds a space: one token a line`,
      `o token do servidor em ${where['pt-BR']} contém um espaço: um token por linha`,
    ),
  vanished: (db: string, key: string) =>
    said(
      `the database ${db} is missing, but its audit key ${key} is there: the database was moved or deleted. ` +
        `Restore it (or give its place with --db); to start a new, empty database here, delete ${key} and its access audit ${db}.audit first`,
      `o banco de dados ${db} não existe, mas a chave de auditoria ${key} dele está lá: o banco foi movido ou apagado. ` +
        `Restaure-o (ou informe onde está com --db); para começar aqui um banco novo e vazio, apague ${key} e a auditoria de acesso ${db}.audit antes`,
    ),
  /** A 0-byte database file beside what says it held data: its audit key, its -wal or its rollback journal. */
  emptied: (db: string, beside: string) =>
    said(
      `the database ${db} is empty (0 bytes), but ${beside} is beside it: the database held data, which is gone from the file. ` +
        `Restore it from a backup (made by coopctl backup); to start a new, empty database here, move ${beside} away first`,
      `o banco de dados ${db} está vazio (0 bytes), mas ${beside} está ao lado dele: o banco tinha dados, que sumiram do arquivo. ` +
        `Restaure-o de um backup (feito com coopctl backup); para começar aqui um banco novo e vazio, tire ${beside} de lá antes`,
    ),
  /** A database file without a schema (a header alone) while its audit key says it held data. */
  noData: said(
    'the file holds no tables (a header alone), but its audit key is beside it: the database held data, which is gone from the file. ' +
      'Restore it from a backup (made by coopctl backup); to start a new, empty database here, move its audit key away first',
    'o arquivo não tem tabelas (só um cabeçalho), mas a chave de auditoria dele está ao lado: o banco tinha dados, que sumiram do arquivo. ' +
      'Restaure-o de um backup (feito com coopctl backup); para começar aqui um banco novo e vazio, tire a chave de auditoria de lá antes',
  ),
  weakToken: (where: Said, bits: number, min: number) =>
    said(
      `the server token in ${where.en} is too easy to guess: about ${bits} bits of entropy, at least ${min} needed (make one with openssl rand -hex 32)`,
      `o token do servidor em ${where['pt-BR']} é fácil demais de adivinhar: cerca de ${bits} bits de entropia, são necessários pelo menos ${min} (gere um com openssl rand -hex 32)`,
    ),
  labelTwice: (label: string, source: string) =>
    said(
      `the label ${label} is given twice in ${source}: one label a client`,
      `o rótulo ${label} aparece duas vezes em ${source}: um rótulo por cliente`,
    ),
  tokenTwice: (source: string, where: Said) =>
    said(
      `a token is given twice in ${source} (${where.en})`,
      `um token aparece duas vezes em ${source} (${where['pt-BR']})`,
    ),
  logFormat: (source: string, value: string) =>
    said(`${source} must be text or json, not ${value}`, `${source} deve ser text ou json, não ${value}`),
  metricsTokenWithoutMetrics: said(
    '--metrics-token-file cannot be used with --no-metrics',
    '--metrics-token-file não pode ser usado com --no-metrics',
  ),
  bothFromStdin: said(
    '--token-file and --metrics-token-file cannot both be read from stdin',
    '--token-file e --metrics-token-file não podem ser lidos os dois da entrada padrão (stdin)',
  ),
  journalNeedsAdmin: said('--journal-bodies needs --admin', '--journal-bodies precisa de --admin'),
  recordNeedsProxy: said('--record needs --proxy-to', '--record precisa de --proxy-to'),
  journalNeedsDemo: said(
    '--journal-bodies keeps personal data in memory: only with --demo, --fixtures FILE or --db :memory:',
    '--journal-bodies guarda dados pessoais na memória: só com --demo, --fixtures ARQUIVO ou --db :memory:',
  ),
  anyOriginWithToken: said(
    "--cors '*' lets a page of any site spend the server's token: name the origins (--cors http://localhost:5173)",
    "--cors '*' deixa uma página de qualquer site usar o token do servidor: dê as origens (--cors http://localhost:5173)",
  ),
  publicSuffix: (name: string) =>
    said(
      `--allowed-host ${name}: anyone can register a name under that public suffix (and point it at this server): name your own domain, such as .coop.example.org`,
      `--allowed-host ${name}: qualquer um pode registrar um nome sob esse sufixo público (e apontá-lo para este servidor): dê o seu próprio domínio, como .coop.example.org`,
    ),
  privateProbes: said(
    '--private-probes needs a server token (--token-file or COOPCTL_SERVER_TOKEN)',
    '--private-probes precisa de um token do servidor (--token-file ou COOPCTL_SERVER_TOKEN)',
  ),
  cannotReadFixtures: (file: string, code: string) => {
    const why = FILE_FAULTS[code] ?? { en: code, 'pt-BR': code };
    return said(
      `cannot read the fixtures file ${file} (${why.en})`,
      `não foi possível ler o arquivo de fixtures ${file} (${why['pt-BR']})`,
    );
  },
  fixturesNotJson: (file: string) =>
    said(`the fixtures file ${file} is not JSON`, `o arquivo de fixtures ${file} não é JSON`),
  demoAndFixtures: said(
    '--demo and --fixtures cannot be used together',
    '--demo e --fixtures não podem ser usados juntos',
  ),
  importWith: said(
    '--import-sqlite cannot be used with --demo or --fixtures',
    '--import-sqlite não pode ser usado com --demo ou --fixtures',
  ),
  importNeedsPostgres: said(
    '--import-sqlite needs a PostgreSQL database: --db postgres://user:password@host:port/database',
    '--import-sqlite precisa de um banco PostgreSQL: --db postgres://usuario:senha@host:porta/banco',
  ),
  exposed: (host: string) =>
    said(
      `refusing to listen on ${host} without a token: set COOPCTL_SERVER_TOKEN or pass --token-file, or listen on 127.0.0.1`,
      `o servidor não escuta em ${host} sem um token: defina COOPCTL_SERVER_TOKEN ou passe --token-file, ou escute em 127.0.0.1`,
    ),
  cannotListen: (address: string, code: string) =>
    said(`cannot listen on ${address} (${code})`, `não foi possível escutar em ${address} (${code})`),
  /** `detail`: the driver's, the store's or the dataset's own words (English). */
  cannotOpen: (db: string, detail: Said) =>
    said(
      `cannot open the database ${db}: ${detail.en}`,
      `não foi possível abrir o banco de dados ${db}: ${detail['pt-BR']}`,
    ),
  importMissing: (file: string) =>
    said(`--import-sqlite: no file ${file}`, `--import-sqlite: o arquivo ${file} não existe`),
  /** `detail`: the SQLite driver's own words. */
  importUnreadable: (file: string, detail: string) =>
    said(
      `--import-sqlite: ${file} cannot be read as a coopctl SQLite store (${detail})`,
      `--import-sqlite: ${file} não pode ser lido como um banco SQLite do coopctl (${detail})`,
    ),
  importNotEmpty: said(
    'it already holds a coopctl store: --import-sqlite copies into a new (empty) database only',
    'ele já contém um banco do coopctl: --import-sqlite copia só para um banco novo (vazio)',
  ),
  notSqlite: said(
    'the file is not a SQLite database, or it is damaged (it was left as it is)',
    'o arquivo não é um banco SQLite, ou está danificado (foi deixado como estava)',
  ),
  /** A location or a dataset that cannot be used, in the store's own (English) words. */
  asItIs: (detail: string) => said(detail, detail),
};

/** The HTTP layer's refusals. */
export const http = {
  notFound: said('no operation at this path', 'nenhuma operação neste caminho'),
  wrongMethod: (path: string, allow: string) => said(`${path} answers ${allow}`, `${path} atende ${allow}`),
  fault: (name: string) => said(`internal error in ${name}`, `erro interno em ${name}`),
  unauthorized: said('missing or wrong bearer token', 'token (bearer) ausente ou errado'),
  notAudited: said(
    'the access audit could not be written: nothing was disclosed, try again later',
    'o registro de acesso não pôde ser gravado: nada foi mostrado, tente de novo mais tarde',
  ),
  /** The same, with why the store could not write it (`unavailable`'s words: the database unreachable, the disk full…). */
  notAuditedFor: (cause: Said) =>
    said(
      `the access audit could not be written (${cause.en}): nothing was disclosed, try again later`,
      `o registro de acesso não pôde ser gravado (${cause['pt-BR']}): nada foi mostrado, tente de novo mais tarde`,
    ),
  throttled: said(
    'too many requests with a wrong token: try again later',
    'requisições demais com um token errado: tente de novo mais tarde',
  ),
  noHost: said('the Host header is missing', 'falta o cabeçalho Host'),
  wrongHost: said(
    'this server does not answer to that Host name (a guard against DNS rebinding): use its IP address or localhost, or start it with --allowed-host NAME',
    'este servidor não atende a esse nome de Host (uma proteção contra DNS rebinding): use o endereço IP ou localhost, ou inicie-o com --allowed-host NOME',
  ),
  crossSite: said(
    'requests from web pages of other sites or origins are refused (a page of ORIGIN is allowed with --cors ORIGIN)',
    'requisições de páginas de outros sites ou origens são recusadas (uma página de ORIGEM é aceita com --cors ORIGEM)',
  ),
  tooLarge: said('request body over 1 MiB', 'corpo da requisição acima de 1 MiB'),
  aborted: said('request body was not received', 'o corpo da requisição não foi recebido'),
  malformedJson: said('malformed JSON body', 'corpo JSON malformado'),
  notAnObject: said('the JSON body must be an object of parameters', 'o corpo JSON deve ser um objeto de parâmetros'),
  contentType: (type: string | undefined) =>
    said(
      `unsupported content type ${type ?? '(none)'}: send application/json or application/x-www-form-urlencoded`,
      `tipo de conteúdo não aceito ${type ?? '(nenhum)'}: envie application/json ou application/x-www-form-urlencoded`,
    ),
  forcedStatus: (status: number) => said(`forced by Prefer: status=${status}`, `forçado por Prefer: status=${status}`),
  probeMethod: said('probes answer GET, HEAD', 'as sondas atendem GET, HEAD'),
  noMetrics: said('the metrics could not be collected', 'não foi possível coletar as métricas'),
  forcedConfirma: (code: number) =>
    said(
      `forced by Prefer: confirma=${code} (nothing was done)`,
      `forçado por Prefer: confirma=${code} (nada foi feito)`,
    ),
};

export { readiness, unavailable } from './store-words.js';

/** A noun with its article's agreement in Portuguese: `nenhuma alergia registrada`, `nenhum atestado registrado`. */
const nenhum = (n: Noun, participle: string) =>
  n.feminine ? `nenhuma ${n.one} ${participle}a` : `nenhum ${n.one} ${participle}o`;

/** What the handlers answer besides records: why nothing was found (3), why a request failed (4). */
export const business = {
  unknownCard: said('no beneficiary has this card', 'nenhum beneficiário tem este cartão'),
  noneRecorded: (nouns: Said<Noun>) =>
    said(`no ${nouns.en.many} recorded for this card`, `${nenhum(nouns['pt-BR'], 'registrad')} para este cartão`),
  // Registration
  mayNotUpdate: said(
    'the registration of this card may not be updated through the app (permite_atualizar N)',
    'o cadastro deste cartão não pode ser atualizado pelo aplicativo (permite_atualizar N)',
  ),
  addressCodesUsed: (max: number) =>
    said(
      `this card has used all ${max} address codes; delete an address first`,
      `este cartão já usou os ${max} códigos de endereço; exclua um endereço antes`,
    ),
  noAddress: (codigo: number) => said(`this card has no address ${codigo}`, `este cartão não tem o endereço ${codigo}`),
  unknownCep: (cep: string) => said(`CEP ${cep} is not in the CEP table`, `o CEP ${cep} não está na tabela de CEPs`),
  // Scheduling
  noSlot: said(
    'this provider offers no such slot (location, tp_evento, start and end); list the free ones with buscahorariosdisponiveis',
    'este prestador não oferece esse horário (local, tp_evento, início e fim); liste os livres com buscahorariosdisponiveis',
  ),
  slotTaken: said('the slot is already taken; choose another one', 'o horário já foi ocupado; escolha outro'),
  slotStarted: said('the slot has already started; choose a later one', 'o horário já começou; escolha um mais tarde'),
  noAppointment: (cd: string) => said(`no appointment has cd_evento ${cd}`, `nenhum agendamento tem cd_evento ${cd}`),
  notCancellable: (cd: string, status: AppointmentStatus, cancellable: readonly AppointmentStatus[]) =>
    said(
      `appointment ${cd} is ${status}; only ${either(cancellable)} appointments can be cancelled`,
      `o agendamento ${cd} está ${status}; só agendamentos ${ou(cancellable)} podem ser cancelados`,
    ),
  appointmentChanged: (cd: string) =>
    said(`appointment ${cd} changed meanwhile; try again`, `o agendamento ${cd} mudou nesse meio-tempo; tente de novo`),
  noDates: said('no free slot of this provider at this location', 'nenhum horário livre deste prestador neste local'),
  noTimes: said(
    'no free slot of this provider at this location on this date',
    'nenhum horário livre deste prestador neste local nesta data',
  ),
  noAppointments: (completed: boolean, provider: string | undefined) =>
    said(
      `this card has no ${completed ? 'completed ' : ''}appointments${provider === undefined ? '' : ` with provider ${provider}`}`,
      `este cartão não tem agendamentos${completed ? ' concluídos' : ''}${provider === undefined ? '' : ` com o prestador ${provider}`}`,
    ),
  noLocations: (provider: string) =>
    said(`provider ${provider} has no service location`, `o prestador ${provider} não tem local de atendimento`),
  // Enrolment
  noKnownEffect: (opcao: number) =>
    said(
      `opcao_id ${opcao} has no known effect here; nothing was changed`,
      `opcao_id ${opcao} não tem efeito conhecido aqui; nada foi alterado`,
    ),
  noContract: (id: number) => said(`no contract has contrato_id ${id}`, `nenhum contrato tem contrato_id ${id}`),
  noBeneficiary: (id: number | string) =>
    said(`no beneficiary has beneficiario_id ${id}`, `nenhum beneficiário tem beneficiario_id ${id}`),
  notOnContract: (id: number, contractId: number) =>
    said(`beneficiary ${id} is not on contract ${contractId}`, `o beneficiário ${id} não é do contrato ${contractId}`),
  cannotMoveContract: (verb: Said, id: number, status: string) =>
    said(
      `cannot ${verb.en} contract ${id}: it is ${status}`,
      `não é possível ${verb['pt-BR']} o contrato ${id}: ele está ${status}`,
    ),
  cannotMoveBeneficiary: (verb: Said, id: number, status: string) =>
    said(
      `cannot ${verb.en} beneficiary ${id}: it is ${status}`,
      `não é possível ${verb['pt-BR']} o beneficiário ${id}: ele está ${status}`,
    ),
  beneficiaryChanged: (id: number) =>
    said(
      `beneficiary ${id} changed meanwhile; try again`,
      `o beneficiário ${id} mudou nesse meio-tempo; tente de novo`,
    ),
  contractChanged: (id: number) =>
    said(`contract ${id} changed meanwhile; try again`, `o contrato ${id} mudou nesse meio-tempo; tente de novo`),
  contractNotAccepting: (id: number, status: ContractStatus, accepting: readonly ContractStatus[]) =>
    said(
      `contract ${id} is ${status}; beneficiaries join contracts that are ${either(accepting)}`,
      `o contrato ${id} está ${status}; beneficiários entram em contratos ${ou(accepting)}`,
    ),
  contractIs: (id: number, status: ContractStatus) =>
    said(`contract ${id} is ${status}`, `o contrato ${id} está ${status}`),
  beneficiaryIs: (id: number, status: string) =>
    said(`beneficiary ${id} is ${status}`, `o beneficiário ${id} está ${status}`),
  // Notifications
  noAudience: said('no active device in this audience', 'nenhum dispositivo ativo neste público'),
  noDevice: said('no device has this pushid', 'nenhum dispositivo tem este pushid'),
  tokenTaken: said(
    'another device is registered with this dispositivo_token',
    'outro dispositivo está cadastrado com este dispositivo_token',
  ),
};

/** The validating proxy's answers of its own (`serve --proxy-to`). */
export const proxyWords = {
  unreachable: (kind: string) =>
    said(`the real service did not answer (${kind})`, `o serviço real não respondeu (${kind})`),
  answerTooLarge: said('the real service answered over 16 MiB', 'o serviço real respondeu mais de 16 MiB'),
  tooLarge: said('request body over 1 MiB', 'corpo da requisição acima de 1 MiB'),
};

/** The admin API's refusals (`serve --admin`, src/server/admin/). */
export const admin = {
  notFound: said('no admin action at this path', 'nenhuma ação de administração neste caminho'),
  badTicket: said(
    'the stream needs a ticket from POST /_coopctl/requests/ticket (good once, for 30 seconds)',
    'o fluxo precisa de um ticket de POST /_coopctl/requests/ticket (vale uma vez, por 30 segundos)',
  ),
  busy: said(
    'too many journal streams or tickets at once; try again shortly',
    'fluxos ou tickets do diário demais ao mesmo tempo; tente de novo em instantes',
  ),
  wrongMethod: (allow: string) =>
    said(`this admin action answers ${allow}`, `esta ação de administração atende ${allow}`),
  badName: said(
    'a snapshot name is 1 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit',
    'um nome de snapshot tem de 1 a 64 letras, dígitos, pontos, hífens ou sublinhados, começando por letra ou dígito',
  ),
  noSnapshot: (name: string) => said(`no snapshot named ${name}`, `nenhum snapshot com o nome ${name}`),
  notJson: said('the body must be a fixtures document in JSON', 'o corpo deve ser um documento de fixtures em JSON'),
  tooLarge: said('fixtures document over 32 MiB', 'documento de fixtures acima de 32 MiB'),
  badPrefer: said(
    'prefer must be one of "", "confirma=3", "confirma=4", "status=503", "delay=2000"',
    'prefer deve ser um destes: "", "confirma=3", "confirma=4", "status=503", "delay=2000"',
  ),
  badFilter: (field: string) =>
    said(
      `${field}: not a filter of the journal (operation: an operation id; card: 17 digits; since: an entry id or an ISO 8601 time; limit: a whole number)`,
      `${field}: não é um filtro do diário (operation: o id de uma operação; card: 17 dígitos; since: o id de uma entrada ou um horário ISO 8601; limit: um número inteiro)`,
    ),
  /** The store's own (English) words on a dataset it cannot load. */
  invalid: (detail: string) => said(detail, detail),
};
