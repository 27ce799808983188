/**
 * The words of `--help`: headings, the root's and the groups' descriptions,
 * the global options, the wording around a field's rule, commander's own
 * options and error messages (help/errors.ts words commander's usage errors,
 * taken as data where they arise, with these), and the notes of examples.
 */
import type { Area } from '../../../catalogue/index.js';
import type { Translation, Words } from '../shape.js';
import { plural } from '../format.js';

const areas: Readonly<Record<Area, string>> = {
  registration: 'beneficiary registration: record, contact, addresses, postal codes',
  record: "medical record: a card's items of one kind (allergies, exams, …), or a summary of every kind",
  schedule: 'appointments: list, free dates and times, locations, book, cancel',
  enrol: 'sales contracts, financial responsible party and beneficiaries',
  notify: 'push-notification devices and sending',
};

const en = {
  headings: {
    usage: 'Usage:',
    arguments: 'Arguments:',
    options: 'Options:',
    commands: 'Commands:',
    globalOptions: 'Global Options:',
    examples: 'Examples:',
  },
  /** The words commander writes in usage lines. */
  usage: { options: '[options]', command: '[command]' },
  /** A command as help names it: English help names its English name only; Portuguese help adds its Portuguese one. */
  commandName: (name: string, _portuguese: string | undefined): string => name,
  /** The words commander adds after a description: `(choices: "a", "b", default: "a")`. */
  extra: { choices: 'choices:', default: 'default:' },
  helpOption: 'display help for command',
  helpCommand: 'display help for command',
  versionOption: 'output the version number',
  helpAfterError: '(add --help for usage)',
  root: "Administration tool for the cooperative's Beneficiary Services interface, with an embedded server",
  exitCodes:
    'Exit codes: 0 success, 1 refused or failed, 2 usage or validation error (nothing sent), 3 no result, 4 transport failure, 130 interrupted.',
  areas,
  /** Groups below an area, by their words. */
  subgroups: {
    'enrol contract': 'sales contracts: create, search, change the status',
    'enrol beneficiary':
      "a contract's beneficiaries: add, then their contact, documents, address and health declaration",
    'notify device': 'push-notification devices: register, change',
  } as Readonly<Record<string, string>>,
  /** A group below an area that has no description of its own: its commands. */
  subgroupOf: (names: readonly string[]) => names.join(' | '),
  globals: {
    output: 'output format',
    json: 'shorthand for --output json; with a comma list of fields (--json nome,cpf), only those fields',
    jq: 'filter the JSON output with jq (strings printed raw)',
    columns: "a terminal table's columns, by field (--columns cd_evento,data_consulta)",
    timeout: 'time limit of a request with all its attempts, in milliseconds',
    retries: 'extra attempts for reads after a connection error, a timeout, 429 or 5xx',
    body: 'body encoding of POST requests',
    listStyle:
      'lists in form bodies and query strings: name[]=a&name[]=b or name=a&name=b (default: $COOPCTL_LIST_STYLE, the profile, or brackets)',
    profile: 'configuration profile (default: $COOPCTL_PROFILE or "default")',
    tokenFile: 'read the bearer token from a file, or "-" for stdin',
    maxResponseSize:
      'largest answer read, in bytes or e.g. 512KiB, 64MiB (default: $COOPCTL_MAX_RESPONSE_SIZE, the profile, or 64MiB)',
    quiet: 'print only data and errors',
    verbose: 'trace requests on stderr: request line, status, timing (personal data masked)',
    noInput: 'never prompt',
    noColor: 'never colour the output',
    noPager: 'never page long output on a terminal ($COOPCTL_PAGER, $PAGER, less -FRX)',
    mask: 'partly hide CPFs, cards, phones and e-mails in tables, CSV, JSON and messages, for a screen others may see: ***.982.247-**, 0001 **** **** **05 (default: $COOPCTL_MASK, the mask setting)',
    noMask: 'show personal data in full, even when $COOPCTL_MASK or the mask setting masks it',
    lang: 'language of messages and help (default: $COOPCTL_LANG, the lang setting, then the locale: LC_ALL, LC_MESSAGES, LANG)',
  },
  /** Why an option's value is refused (commander puts it after the option and the value). */
  invalid: {
    wholeNumber: (min: number, max: number) => `must be a whole number from ${min} to ${max}.`,
    port: 'must be a port number from 0 to 65535.',
    hostName: 'must be a host name such as coop.example.org, or .example.org for it and its subdomains.',
    baseUrl: 'must be an http or https URL such as https://api.example.org (no query string).',
    origin:
      "must be an origin such as http://localhost:5173 or https://app.example.org (scheme, host, port; no path), or '*' for --cors.",
    method: (methods: string) => `must be one of ${methods}.`,
  },
  /** commander's error messages (help/errors.ts). */
  errors: {
    prefix: 'error:',
    unknownOption: (flag: string) => `unknown option '${flag}'`,
    unknownCommand: (name: string) => `unknown command '${name}'`,
    didYouMean: (suggestion: string) => `(Did you mean ${suggestion}?)`,
    didYouMeanOneOf: (suggestions: string) => `(Did you mean one of ${suggestions}?)`,
    missingArgument: (name: string) => `missing required argument '${name}'`,
    optionMissingArgument: (flags: string) => `option '${flags}' argument missing`,
    excessArguments: (command: string | undefined, expected: number, got: number) =>
      `too many arguments${command ? ` for '${command}'` : ''}. Expected ${plural('en', expected, { one: '# argument', other: '# arguments' })} but got ${got}.`,
    invalidOption: (flags: string, value: string, why: string) =>
      `option '${flags}' argument '${value}' is invalid. ${why}`,
    invalidArgument: (name: string, value: string, why: string) =>
      `command-argument value '${value}' is invalid for argument '${name}'. ${why}`,
    choices: (choices: string) => `Allowed choices are ${choices}.`,
    conflicting: (a: string, b: string) => `${a} cannot be used with ${b}`,
    option: (flags: string) => `option '${flags}'`,
    environment: (name: string) => `environment variable '${name}'`,
  },
  /** The words around a field's rule in its flag's help (operations/flags.ts). */
  field: {
    example: (value: string) => `e.g. ${value}`,
    alsoAccepts: (forms: string) => `also accepts ${forms}`,
    documentedCodes: (codes: string) => `documented codes: ${codes} (others are sent with a warning)`,
    repeat: 'repeat the flag or give a comma list',
    default: (value: string) => `(default: ${value})`,
    required: '(required)',
    orFlag: (flag: string) => `or ${flag}`,
    /** A field's short flag (`--cartao` for `--usuario-cartao`). */
    shortFlag: (flag: string) => `or, for short, ${flag}`,
    data: 'a JSON object of parameters by spec field name ("-" reads stdin); flags win over it',
    /** The positional argument of a card, in usage lines. */
    card: 'card',
    /** The placeholder of a flag's value in usage lines, by the kind of value (a number is `<n>` in both). */
    placeholder: {
      code: 'code',
      value: 'value',
      format: 'format',
      fields: 'fields',
      expression: 'expression',
      encoding: 'encoding',
      style: 'style',
      seconds: 'seconds',
      days: 'days',
      time: 'time',
      name: 'name',
      file: 'file',
      fileOrStdin: 'file|-',
      size: 'size',
      language: 'language',
      address: 'address',
      pathOrUrl: 'path|url',
      origin: 'origin',
      url: 'url',
    },
  },
  sends: (method: string, path: string, host: 'test' | 'base') =>
    `Sends ${method} ${path} to ${host === 'test' ? 'the test host (testBaseUrl)' : 'the base host (baseUrl)'}.`,
  safety: {
    yes: 'do not ask for confirmation (needed without a terminal for deletions, cancellations and notifications to everyone)',
    dryRun: 'validate, print the request as a curl command line (token as $COOPCTL_TOKEN) and send nothing',
    asks: 'Asks for confirmation on a terminal (default: no); -y, --yes skips the question, and is needed without a terminal or with --no-input.',
    asksUnfiltered: (flags: string) =>
      `When none of ${flags} is given, it asks for confirmation on a terminal (default: no); -y, --yes skips the question, and is needed without a terminal or with --no-input.`,
  },
  /** What an example shows, written as a comment above it. */
  notes: {
    lookUp: "a support agent's look-up: the beneficiary's registration",
    inPortuguese: "a beneficiary's whole medical record, with the messages in Portuguese",
    scriptJson: 'JSON for a script',
    bookWizard: 'on a terminal, the booking wizard asks for the rest',
  },
};

const ptBR: Translation<typeof en> = {
  headings: {
    usage: 'Uso:',
    arguments: 'Argumentos:',
    options: 'Opções:',
    commands: 'Comandos:',
    globalOptions: 'Opções globais:',
    examples: 'Exemplos:',
  },
  usage: { options: '[opções]', command: '[comando]' },
  commandName: (name, portuguese) => (portuguese ? `${name}|${portuguese}` : name),
  extra: { choices: 'valores:', default: 'padrão:' },
  helpOption: 'mostra a ajuda do comando',
  helpCommand: 'mostra a ajuda de um comando',
  versionOption: 'mostra o número da versão',
  helpAfterError: '(use --help para ver o uso)',
  root: 'Ferramenta de administração da interface de Serviços ao Beneficiário da cooperativa, com um servidor embutido',
  exitCodes:
    'Códigos de saída: 0 sucesso, 1 recusado ou com falha, 2 erro de uso ou de validação (nada foi enviado), 3 sem resultado, 4 falha de comunicação, 130 interrompido.',
  areas: {
    registration: 'cadastro do beneficiário: dados cadastrais, contato, endereços, CEPs',
    record: 'prontuário: os itens de um tipo de um cartão (alergias, exames, …) ou um resumo de todos os tipos',
    schedule: 'agendamentos: lista, datas e horários livres, locais de atendimento, agendar, cancelar',
    enrol: 'contratos de venda, responsável financeiro e beneficiários',
    notify: 'dispositivos de notificação push e envio de notificações',
  },
  subgroups: {
    'enrol contract': 'contratos de venda: criar, pesquisar, alterar a situação',
    'enrol beneficiary':
      'os beneficiários de um contrato: incluir e registrar contato, documentos, endereço e declaração de saúde',
    'notify device': 'dispositivos de notificação push: cadastrar, alterar',
  },
  subgroupOf: (names) => names.join(' | '),
  globals: {
    output: 'formato da saída',
    json: 'o mesmo que --output json; com uma lista de campos separados por vírgula (--json nome,cpf), só esses campos',
    jq: 'filtra a saída JSON com jq (textos impressos sem aspas)',
    columns: 'as colunas de uma tabela no terminal, por campo (--columns cd_evento,data_consulta)',
    timeout: 'tempo limite de uma requisição com todas as tentativas, em milissegundos',
    retries: 'tentativas extras das consultas após erro de conexão, tempo esgotado, 429 ou 5xx',
    body: 'codificação do corpo das requisições POST',
    listStyle:
      'listas em corpos de formulário e query strings: nome[]=a&nome[]=b ou nome=a&nome=b (padrão: $COOPCTL_LIST_STYLE, o perfil ou brackets)',
    profile: 'perfil de configuração (padrão: $COOPCTL_PROFILE ou "default")',
    tokenFile: 'lê o token bearer de um arquivo, ou "-" para a entrada padrão',
    maxResponseSize:
      'maior resposta lida, em bytes ou como 512KiB, 64MiB (padrão: $COOPCTL_MAX_RESPONSE_SIZE, o perfil ou 64MiB)',
    quiet: 'mostra só os dados e os erros',
    verbose: 'rastreia as requisições na saída de erro: linha da requisição, status, tempo (dados pessoais mascarados)',
    noInput: 'nunca pergunta',
    noColor: 'nunca usa cores',
    noPager: 'nunca pagina saídas longas no terminal ($COOPCTL_PAGER, $PAGER, less -FRX)',
    mask: 'esconde em parte CPFs, cartões, telefones e e-mails em tabelas, CSV, JSON e mensagens, para uma tela que outros podem ver: ***.982.247-**, 0001 **** **** **05 (padrão: $COOPCTL_MASK, a configuração mask)',
    noMask: 'mostra os dados pessoais por inteiro, mesmo quando $COOPCTL_MASK ou a configuração mask os mascaram',
    lang: 'idioma das mensagens e da ajuda (padrão: $COOPCTL_LANG, a configuração lang, depois o locale: LC_ALL, LC_MESSAGES, LANG)',
  },
  invalid: {
    wholeNumber: (min, max) => `deve ser um número inteiro de ${min} a ${max}.`,
    port: 'deve ser um número de porta de 0 a 65535.',
    hostName: 'deve ser um nome de host como coop.example.org, ou .example.org para ele e seus subdomínios.',
    baseUrl: 'deve ser uma URL http ou https como https://api.example.org (sem query string).',
    origin:
      "deve ser uma origem como http://localhost:5173 ou https://app.example.org (esquema, host, porta; sem caminho), ou '*' para --cors.",
    method: (methods) => `deve ser um destes: ${methods}.`,
  },
  errors: {
    prefix: 'erro:',
    unknownOption: (flag) => `opção desconhecida '${flag}'`,
    unknownCommand: (name) => `comando desconhecido '${name}'`,
    didYouMean: (suggestion) => `(Você quis dizer ${suggestion}?)`,
    didYouMeanOneOf: (suggestions) => `(Você quis dizer um destes: ${suggestions}?)`,
    missingArgument: (name) => `falta o argumento obrigatório '${name}'`,
    optionMissingArgument: (flags) => `falta o valor da opção '${flags}'`,
    excessArguments: (command, expected, got) =>
      `argumentos demais${command ? ` para '${command}'` : ''}: ${plural('pt-BR', expected, { one: 'esperado # argumento', other: 'esperados # argumentos' })}, ${plural('pt-BR', got, { one: 'recebido #', other: 'recebidos #' })}.`,
    invalidOption: (flags, value, why) => `o valor '${value}' da opção '${flags}' é inválido: ${why}`,
    invalidArgument: (name, value, why) => `o valor '${value}' do argumento '${name}' é inválido: ${why}`,
    choices: (choices) => `os valores permitidos são ${choices}.`,
    conflicting: (a, b) => `${a} não pode ser usada com ${b}`,
    option: (flags) => `a opção '${flags}'`,
    environment: (name) => `a variável de ambiente '${name}'`,
  },
  field: {
    example: (value) => `ex.: ${value}`,
    alsoAccepts: (forms) => `também aceita ${forms}`,
    documentedCodes: (codes) => `códigos documentados: ${codes} (outros são enviados com um aviso)`,
    repeat: 'repita a opção ou dê uma lista separada por vírgulas',
    default: (value) => `(padrão: ${value})`,
    required: '(obrigatório)',
    orFlag: (flag) => `ou ${flag}`,
    shortFlag: (flag) => `ou, abreviado, ${flag}`,
    data: 'um objeto JSON de parâmetros com os nomes de campo da especificação ("-" lê a entrada padrão); as opções prevalecem sobre ele',
    card: 'cartão',
    placeholder: {
      code: 'código',
      value: 'valor',
      format: 'formato',
      fields: 'campos',
      expression: 'expressão',
      encoding: 'codificação',
      style: 'estilo',
      seconds: 'segundos',
      days: 'dias',
      time: 'momento',
      name: 'nome',
      file: 'arquivo',
      fileOrStdin: 'arquivo|-',
      size: 'tamanho',
      language: 'idioma',
      address: 'endereço',
      pathOrUrl: 'caminho|url',
      origin: 'origem',
      url: 'URL',
    },
  },
  sends: (method, path, host) =>
    `Envia ${method} ${path} ao ${host === 'test' ? 'host de teste (testBaseUrl)' : 'host base (baseUrl)'}.`,
  safety: {
    yes: 'não pede confirmação (necessário sem um terminal para exclusões, cancelamentos e notificações a todos)',
    dryRun: 'valida, mostra a requisição como uma linha de comando curl (token como $COOPCTL_TOKEN) e não envia nada',
    asks: 'Pede confirmação num terminal (padrão: não); -y, --yes dispensa a pergunta e é necessário sem um terminal ou com --no-input.',
    asksUnfiltered: (flags) =>
      `Quando nenhuma de ${flags} é dada, pede confirmação num terminal (padrão: não); -y, --yes dispensa a pergunta e é necessário sem um terminal ou com --no-input.`,
  },
  notes: {
    lookUp: 'a consulta de um atendente: o cadastro do beneficiário',
    inPortuguese: 'o prontuário inteiro de um beneficiário, com as mensagens em português',
    scriptJson: 'JSON para um script',
    bookWizard: 'num terminal, o assistente de agendamento pergunta o resto',
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
