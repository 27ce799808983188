/**
 * What stopped a command, in one line: the failure's frame, a call that got
 * no answer (the client's TransportFault, worded here), and the usage errors
 * of the parameters' sources, `api` and `openapi`.
 */
import { catalogueWords } from '../../../catalogue/words/index.js';
import type { AnswerFault, Cause, TransportFault } from '../../../client/errors.js';
import type { TraceEvent } from '../../../client/types.js';
import { formatNumber, plural } from '../format.js';
import type { Translation, Words } from '../shape.js';

const NO_TYPE = 'no content type';

function enAnswer(f: AnswerFault): string {
  switch (f.kind) {
    case 'not-2xx':
      return 'expected a 2xx answer';
    case 'empty':
      return 'the body is empty';
    case 'not-json':
      return 'the body is not JSON';
    case 'too-deep':
      return `the JSON nests deeper than ${f.levels} levels`;
    case 'not-utf8':
      return f.field
        ? `${f.field} is not valid UTF-8 (byte ${f.byte} at position ${f.at})`
        : `the body is not valid UTF-8 (byte ${f.byte})`;
    case 'shape':
      return `not the documented shape: ${catalogueWords('en').shape(f.detail)}`;
  }
}

function ptAnswer(f: AnswerFault): string {
  switch (f.kind) {
    case 'not-2xx':
      return 'esperava-se uma resposta 2xx';
    case 'empty':
      return 'o corpo está vazio';
    case 'not-json':
      return 'o corpo não é JSON';
    case 'too-deep':
      return `o JSON tem mais de ${f.levels} níveis de aninhamento`;
    case 'not-utf8':
      return f.field
        ? `${f.field} não é UTF-8 válido (byte ${f.byte} na posição ${f.at})`
        : `o corpo não é UTF-8 válido (byte ${f.byte})`;
    case 'shape':
      return `fora do formato documentado: ${catalogueWords('pt-BR').shape(f.detail)}`;
  }
}

/** Connection errors by the system's code, in Portuguese (the English words come with the fault). */
const ptReasons: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão reiniciada',
  EPIPE: 'conexão fechada',
  ENOTFOUND: 'host não encontrado',
  EAI_AGAIN: 'falha ao resolver o nome do host',
  EHOSTUNREACH: 'host inacessível',
  ENETUNREACH: 'rede inacessível',
  UND_ERR_SOCKET: 'conexão fechada pelo servidor',
  UND_ERR_CONNECT_TIMEOUT: 'tempo de conexão esgotado',
};

/** Causes the client gives without a system code, in Portuguese (the English words come with the fault). */
const ptCauses: Readonly<Record<Cause, string>> = {
  closed: 'conexão fechada pelo servidor',
  'not-http': 'a resposta não é HTTP/1.1',
  tls: 'a negociação TLS falhou',
};

/** Why a call got no answer, in Portuguese. */
function ptTransport(f: TransportFault): string {
  switch (f.kind) {
    case 'unreachable': {
      const why = f.code
        ? `${ptReasons[f.code] ?? 'erro de conexão'} (${f.code})`
        : f.cause
          ? ptCauses[f.cause]
          : f.reason;
      return `não foi possível conectar a ${f.request}: ${why}`;
    }
    case 'timeout':
      return `${f.request} não respondeu em ${formatNumber('pt-BR', f.ms)} ms (--timeout, ${plural('pt-BR', f.attempts, { one: '# tentativa', other: '# tentativas' })})`;
    case 'too-large':
      return `a resposta de ${f.request} excede o limite de ${f.limit} (--max-response-size)`;
    case 'bad-answer': {
      const type = f.contentType === NO_TYPE ? 'sem tipo de conteúdo' : f.contentType;
      return `${f.request} respondeu HTTP ${f.status} (${type}): ${ptAnswer(f.fault)}`;
    }
  }
}

/** What a person can do about a call that got no answer: the kinds of fault a hint is given for. */
export type TryKind = 'refused' | 'name' | 'network' | 'tls' | 'not-http' | 'timeout';

/** The hint's kind for a fault, or undefined (an answer too large says its flag already). */
export function tryKind(f: TransportFault): TryKind | undefined {
  if (f.kind === 'timeout') return 'timeout';
  if (f.kind !== 'unreachable') return undefined;
  if (f.code === 'ECONNREFUSED' || f.code === 'ECONNRESET' || f.code === 'EPIPE' || f.cause === 'closed')
    return 'refused';
  if (f.code === 'ENOTFOUND' || f.code === 'EAI_AGAIN') return 'name';
  if (f.cause === 'tls' || f.code?.includes('CERT')) return 'tls';
  if (f.cause === 'not-http') return 'not-http';
  return 'network';
}

/** Where the URL came from, for a hint: the setting's variable and its origin in words. */
export interface UrlFrom {
  readonly variable: string;
  readonly origin: string;
}

/** Why a call got no answer, in English. */
function enTransport(f: TransportFault): string {
  switch (f.kind) {
    case 'unreachable':
      return `cannot reach ${f.request}: ${f.reason}`;
    case 'timeout':
      return `${f.request} timed out after ${f.ms} ms (--timeout, ${plural('en', f.attempts, { one: '# attempt', other: '# attempts' })})`;
    case 'too-large':
      return `answer of ${f.request} exceeds the ${f.limit} response limit (--max-response-size)`;
    case 'bad-answer':
      return `${f.request} answered HTTP ${f.status} (${f.contentType}): ${enAnswer(f.fault)}`;
  }
}

const en = {
  /** The word before every error line. */
  error: 'error:',
  interrupted: 'interrupted',
  unexpected: (first: string) => `unexpected failure: ${first}`,
  /** A usage error and where to look for the right usage. */
  see: (message: string, hint: string) => `${message} (see ${hint})`,
  transport: enTransport,
  /** What to try after a call that got no answer (after `; `). */
  tryThis: (kind: TryKind, from: UrlFrom): string => {
    const where = `the URL comes from ${from.origin}: set ${from.variable}, choose a profile with --profile, or coopctl config set`;
    switch (kind) {
      case 'refused':
        return `nothing answers there: start the server (coopctl serve, or npm run demo), or point coopctl at yours (${where})`;
      case 'name':
        return `check the host name (${where})`;
      case 'network':
        return `check the network (VPN, proxy: HTTPS_PROXY) and the address (${where})`;
      case 'tls':
        return `check the address's scheme (http or https) and the certificate (NODE_EXTRA_CA_CERTS for a private authority) (${where})`;
      case 'not-http':
        return `another program answers there, or it speaks https: check the address (${where})`;
      case 'timeout':
        return 'the server took the connection but did not answer: try again later, or give it longer with --timeout (the time for all the attempts)';
    }
  },
  /** A line of the -v trace. */
  trace: (e: TraceEvent): string => {
    switch (e.kind) {
      case 'request':
        return `> ${e.method} ${e.url}`;
      case 'answer': {
        const size = e.over === undefined ? `${e.bytes} bytes` : `over ${e.over}, dropped`;
        return `< ${e.status} ${e.statusText} (${e.contentType}, ${size}) in ${e.ms} ms`;
      }
      case 'retry': {
        const why = typeof e.why === 'number' ? `HTTP ${e.why}` : enTransport(e.why);
        return `retrying in ${e.ms} ms (${why}), attempt ${e.attempt} of ${e.of}`;
      }
    }
  },
  /**
   * After `cannot reach …` of a registration operation, when only baseUrl is set: the registration operations
   * (section 4.1) have their own host, still at its default.
   */
  testHost: (url: string, baseFrom: string) =>
    `the registration operations go to testBaseUrl (COOPCTL_TEST_BASE_URL; the spec's test_base_url), not to baseUrl: it is not set, so it is the default ${url}, while baseUrl comes from ${baseFrom}`,
  dataNotJson: '--data does not hold JSON',
  dataNotObject: '--data must hold a JSON object of parameters by spec field name',
  givenTwice: (name: string, flag: string) => `${name} is given twice, as the argument and as ${flag}`,
  cannotRead: (option: string, file: string, why: string) => `${option}: cannot read ${file} (${why})`,
  /** Why a file could not be read, by the system's code (file-errors.ts); `other` for a code not listed. */
  fileFaults: {
    ENOENT: 'there is no such file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a folder, not a file',
    ENOTDIR: 'a part of its path is not a folder',
    ENAMETOOLONG: 'its name is too long',
    ELOOP: 'its path loops through links',
    EMFILE: 'too many files are open',
    EIO: 'the disk could not be read',
    other: (code: string) => `the system said ${code}`,
  },
  /** `--data` given what looks like a date: it reads a file; the command's date flags, if any. */
  dataIsAFile: (given: string, dateFlags: readonly string[]) =>
    `--data reads a JSON file of parameters, and there is no file ${given}` +
    (dateFlags.length ? `; for a date, use ${dateFlags.join(' or ')}` : '; this command takes no date'),
  stdinTwice: (option: string, other: string) => `${option} - and ${other} - cannot both read stdin`,
  noTokenInFile: (file: string) => `--token-file ${file} holds no token`,
  tokenFileUntrusted: (file: string, why: string) =>
    `--token-file ${file} is not used: ${why}; another user could have put their token in it`,
  tokenFileReadable: (file: string, mode: string) =>
    `--token-file ${file} may be read by others (mode ${mode}): the token may have leaked; chmod 600 ${file}, and change the token if others could read it`,
  api: {
    keyValue: (option: string, given: string) => `${option} ${given}: expected key=value`,
    valueAndList: (name: string) => `${name} is given both as a value and as a list`,
    twice: (key: string) => `${key} is given twice (use ${key}[]=… for a list)`,
    header: (given: string) => `-H ${given}: expected "Name: value"`,
    authorization:
      '-H authorization: the token comes from $COOPCTL_TOKEN, the profile or --token-file, never from the command line',
    notPath: (path: string) =>
      `path ${path}: give a path starting with / (the host comes from the configuration; choose it with --host test|base)`,
    leaves: (path: string) => `path ${path} leaves the configured host`,
    answered: (request: string, status: string) => `${request} answered ${status}`,
    not2xx: (request: string, status: string) => `${request} answered ${status}: expected a 2xx answer`,
  },
  openapiCsv: 'the OpenAPI document is JSON: use -o json (the default) or -o jsonl',
  summaryCsv: 'csv output holds one kind of record; use coopctl record <section> -o csv',
  /** `coopctl serve` without a usable SQLite binding (src/server/store/sqlite/binding.ts). */
  binding: {
    node: (node: string, napi: string) =>
      `coopctl serve needs Node.js 22.14 or newer: its SQLite binding (better-sqlite3) needs Node-API 10, and this is Node ${node} (Node-API ${napi})`,
    nodeHint:
      'Run it with Node 22 (22.14 or newer), 24 or 26. In a clone of coopctl, npm run demo and npm test find or install such a Node by themselves (scripts/with-node.sh).',
    load: 'coopctl serve cannot load its SQLite binding (better-sqlite3). The loader said:',
    reinstall: (root: string) => `Reinstall coopctl's dependencies: cd ${root} && npm ci`,
    fromSource: (folder: string) =>
      `better-sqlite3 comes with its binary for Linux, macOS and Windows on x64 and arm64; on another platform, build it from source (python3, make and a C++ compiler): cd ${folder} && npx node-gyp rebuild --release --force_build=1`,
  },
};

const ptBR: Translation<typeof en> = {
  error: 'erro:',
  interrupted: 'interrompido',
  unexpected: (first) => `falha inesperada: ${first}`,
  see: (message, hint) => `${message} (veja ${hint})`,
  transport: ptTransport,
  tryThis: (kind, from) => {
    const where = `o endereço vem de ${from.origin}: defina ${from.variable}, escolha um perfil com --profile, ou use coopctl config set`;
    switch (kind) {
      case 'refused':
        return `nada responde ali: inicie o servidor (coopctl serve, ou npm run demo), ou aponte o coopctl para o seu (${where})`;
      case 'name':
        return `confira o nome do host (${where})`;
      case 'network':
        return `confira a rede (VPN, proxy: HTTPS_PROXY) e o endereço (${where})`;
      case 'tls':
        return `confira o esquema do endereço (http ou https) e o certificado (NODE_EXTRA_CA_CERTS para uma autoridade privada) (${where})`;
      case 'not-http':
        return `outro programa responde ali, ou ele fala https: confira o endereço (${where})`;
      case 'timeout':
        return 'o servidor aceitou a conexão mas não respondeu: tente de novo mais tarde, ou dê mais tempo com --timeout (o tempo de todas as tentativas)';
    }
  },
  trace: (e) => {
    switch (e.kind) {
      case 'request':
        return `> ${e.method} ${e.url}`;
      case 'answer': {
        const type = e.contentType === NO_TYPE ? 'sem tipo de conteúdo' : e.contentType;
        const size =
          e.over === undefined ? `${formatNumber('pt-BR', e.bytes ?? 0)} bytes` : `acima de ${e.over}, descartada`;
        return `< ${e.status} ${e.statusText} (${type}, ${size}) em ${formatNumber('pt-BR', e.ms)} ms`;
      }
      case 'retry': {
        const why = typeof e.why === 'number' ? `HTTP ${e.why}` : ptTransport(e.why);
        return `nova tentativa em ${formatNumber('pt-BR', e.ms)} ms (${why}), tentativa ${e.attempt} de ${e.of}`;
      }
    }
  },
  testHost: (url, baseFrom) =>
    `as operações de atualização cadastral vão para testBaseUrl (COOPCTL_TEST_BASE_URL; o test_base_url da especificação), não para baseUrl: ela não está configurada, então é o padrão ${url}, enquanto baseUrl vem de ${baseFrom}`,
  dataNotJson: '--data não contém JSON',
  dataNotObject: '--data deve conter um objeto JSON com os parâmetros pelos nomes de campo da especificação',
  givenTwice: (name, flag) => `${name} foi informado duas vezes, como argumento e como ${flag}`,
  cannotRead: (option, file, why) => `${option}: não foi possível ler ${file} (${why})`,
  fileFaults: {
    ENOENT: 'o arquivo não existe',
    EACCES: 'permissão negada',
    EPERM: 'permissão negada',
    EISDIR: 'é uma pasta, não um arquivo',
    ENOTDIR: 'uma parte do caminho não é uma pasta',
    ENAMETOOLONG: 'o nome é longo demais',
    ELOOP: 'o caminho dá voltas por links',
    EMFILE: 'há arquivos abertos demais',
    EIO: 'o disco não pôde ser lido',
    other: (code) => `o sistema respondeu ${code}`,
  },
  dataIsAFile: (given, dateFlags) =>
    `--data lê um arquivo JSON de parâmetros (não é a data), e não há arquivo ${given}` +
    (dateFlags.length ? `; para a data, use ${dateFlags.join(' ou ')}` : '; este comando não recebe data'),
  stdinTwice: (option, other) => `${option} - e ${other} - não podem ambos ler a entrada padrão`,
  noTokenInFile: (file) => `--token-file ${file} não contém um token`,
  tokenFileUntrusted: (file, why) =>
    `--token-file ${file} não é usado: ${why}; outro usuário pode ter posto o token dele no arquivo`,
  tokenFileReadable: (file, mode) =>
    `--token-file ${file} pode ser lido por outros (modo ${mode}): o token pode ter vazado; chmod 600 ${file}, e troque o token se outros puderam lê-lo`,
  api: {
    keyValue: (option, given) => `${option} ${given}: esperado chave=valor`,
    valueAndList: (name) => `${name} foi informado como valor e também como lista`,
    twice: (key) => `${key} foi informado duas vezes (use ${key}[]=… para uma lista)`,
    header: (given) => `-H ${given}: esperado "Nome: valor"`,
    authorization:
      '-H authorization: o token vem de $COOPCTL_TOKEN, do perfil ou de --token-file, nunca da linha de comando',
    notPath: (path) =>
      `caminho ${path}: informe um caminho começando com / (o host vem da configuração; escolha-o com --host test|base)`,
    leaves: (path) => `o caminho ${path} sai do host configurado`,
    answered: (request, status) => `${request} respondeu ${status}`,
    not2xx: (request, status) => `${request} respondeu ${status}: esperava-se uma resposta 2xx`,
  },
  openapiCsv: 'o documento OpenAPI é JSON: use -o json (o padrão) ou -o jsonl',
  summaryCsv: 'a saída csv contém um só tipo de registro; use coopctl record <seção> -o csv',
  binding: {
    node: (node, napi) =>
      `o coopctl serve precisa do Node.js 22.14 ou mais novo: o seu acesso ao SQLite (better-sqlite3) precisa da Node-API 10, e este é o Node ${node} (Node-API ${napi})`,
    nodeHint:
      'Rode-o com o Node 22 (22.14 ou mais novo), 24 ou 26. Num clone do coopctl, npm run demo e npm test encontram ou instalam esse Node sozinhos (scripts/with-node.sh).',
    load: 'o coopctl serve não conseguiu carregar o seu acesso ao SQLite (better-sqlite3). O carregador disse:',
    reinstall: (root) => `Reinstale as dependências do coopctl: cd ${root} && npm ci`,
    fromSource: (folder) =>
      `o better-sqlite3 traz o seu binário para Linux, macOS e Windows em x64 e arm64; em outra plataforma, compile-o a partir do código-fonte (python3, make e um compilador C++): cd ${folder} && npx node-gyp rebuild --release --force_build=1`,
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
