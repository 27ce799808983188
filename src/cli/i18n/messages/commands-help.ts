/**
 * The help of the commands that are not one catalogue operation: serve,
 * config, the root help's lines of audit and backup, openapi, api, completion, record summary, enrol wizard and enrol
 * batch: their descriptions, arguments, options, notes and the comments of
 * their examples.
 */
import type { Translation, Words } from '../shape.js';

const en = {
  serve: {
    description: 'run the embedded server: a local stand-in for the service',
    host: 'address to listen on',
    allowedHost: 'also answer requests for this host name (repeatable; .example.org: and its subdomains)',
    admin:
      'serve the admin API and console under /_coopctl/ (reset, fixtures, snapshots, the request journal; behind the token)',
    journalBodies:
      "with --admin: the request journal keeps parameters' values and answers' bodies (personal data: only with --demo, --fixtures or --db :memory:)",
    journalSize: 'with --admin: how many requests the journal keeps',
    proxyTo:
      'forward every operation to this real service, answer what it answers, report answers that break the spec (log, journal)',
    proxyToTest: 'with --proxy-to: the real test_base_url, for the registration-update operations',
    record:
      'with --proxy-to: write what passed as a fixtures file, names, CPFs, cards, phones, e-mails and addresses pseudonymised',
    cors: "let web pages of this origin call the server and read its answers (repeatable; http://localhost:5173; '*': any, only without a token)",
    allowedOrigin: 'let web pages of this origin send requests without reading the answers (repeatable)',
    port: 'port to listen on (0 picks a free one)',
    db: 'SQLite database file, :memory:, or postgres://user:password@host:port/database (default: $COOPCTL_DB_URL, else a file under the XDG data home)',
    importSqlite: 'fill a new PostgreSQL database with a copy of this SQLite store',
    demo: 'load the deterministic demo dataset',
    fixtures: 'load this fixtures JSON document instead of the demo dataset',
    allowPrefer: 'honour the Prefer request header (forced outcomes, delays, 5xx)',
    logFormat: 'the log on stderr: text, or json lines (default: $COOPCTL_LOG_FORMAT, else text)',
    noMetrics: 'no counting of requests, no /metrics',
    readCache: 'memory for registration records kept between writes (SQLite; 0: none)',
    privateProbes: '/healthz and /readyz ask for the server token too (default: open, as probes send none)',
    metricsTokenFile: "/metrics asks for this file's token (default: $COOPCTL_METRICS_TOKEN, else it is open)",
    shutdownDelay: 'on SIGTERM, /readyz answers 503 and serving goes on this long before stopping',
    noAudit: 'record no request in the access audit (a throwaway or test server only)',
    auditRetention: 'days the access audit keeps a record (0: until coopctl audit purge)',
    auditKeyFile:
      "PostgreSQL: the access audit's key file (default: $COOPCTL_AUDIT_KEY_FILE, else one under the XDG data home); a SQLite database's is beside it",
    newAuditKey:
      "rotate the audit key (the old one kept beside its file, retired: its records still found by card), or begin one when the trail's key is lost",
    maxConnections:
      'connections open at once; past it, idle connections are closed first, oldest first, those without the token before those with it',
    dbTimeout:
      'PostgreSQL: seconds a statement may run, and an answer or a connection be waited for, before the request gets 503',
    tokenFile:
      'the token clients must send (Authorization: Bearer), or one "label:token" line a client, from a file or "-" for stdin',
    quiet: 'no banner and no access log (the URL is still printed on stdout)',
    note: 'The server token comes from --token-file, else $COOPCTL_SERVER_TOKEN. The client options (--output, --timeout, --profile, …) do not apply to the server.',
    memory: 'a throwaway server with the demo data, on a free port (its URL is printed first)',
    prefer: 'the default database (demo data on first start); the Prefer header may force outcomes',
    jsonLog: 'a log line a request as JSON, for a log shipper; GET /readyz and /metrics for monitoring',
  },
  config: {
    description: 'show and change the settings of a profile (--profile, else $COOPCTL_PROFILE, else "default")',
    path: 'print the path of the configuration file',
    list: 'show the settings in effect and where each comes from (the token is masked)',
    get: 'print the value in effect of a setting (the token is masked)',
    set: 'store a setting in the profile (the token is read from stdin or a prompt)',
    unset: 'remove a setting from the profile',
    value: 'the value (not for the token)',
    allowEmpty:
      'store an empty value (refused otherwise: an empty value is most often a mistake, such as a file that was not there)',
    /** The names of config's arguments in usage lines. */
    arguments: { key: 'key', value: 'value' },
    heading: 'Settings (precedence: flags > environment > profile > defaults):',
    settings: {
      baseUrl: 'URL of the host of the medical record, scheduling, enrolment and notification operations',
      testBaseUrl: 'URL of the (test-environment) host of the registration-update operations',
      token:
        'bearer token sent as Authorization (set it from stdin or a prompt, never on the command line); it goes only to URLs set with it',
      maxResponseSize: (ceiling: string) =>
        `largest answer read, in bytes or with a KiB, MiB or GiB suffix, up to ${ceiling} (--max-response-size)`,
      lang: 'language of messages and help: en or pt-BR (else the locale: LC_ALL, LC_MESSAGES, LANG)',
      providers:
        'provider names the booking wizard offers: code=name pairs separated by ";" (9001=Clínica Geral; 9002=Cardiologia)',
      listStyle:
        'how a list travels in form bodies and query strings: brackets (tipo_documento[]=RG, the default) or repeat (tipo_documento=RG&tipo_documento=CC) (--list-style)',
      healthQuestions:
        'texts of the health-declaration questions the enrolment wizard shows: form.question=text pairs separated by ";" (1.1=Any chronic disease?; 1.2=Any surgery?)',
      enrolCodes:
        'codes the enrolment wizard offers, with their meanings: field.code=meaning pairs separated by ";" (origem.WB=Web sale; estado_civil.C=Married)',
      mask: 'true to partly hide CPFs, cards, phones and e-mails in everything shown, for screens others may see (--mask)',
      sender: 'the sending user (usuario_envio) of notify send and send-all when --usuario-envio is not given',
    },
    langExample: 'messages and help in Portuguese, whatever the locale',
    prodProfile: 'a profile of its own for the production service',
  },
  /** The root help's lines of `audit` and `backup` (their own words: src/cli/audit/words.ts, src/cli/backup/words.ts). */
  audit: { description: 'list the access audit: who read or changed whose personal data, when, and with what outcome' },
  backup: { description: 'copy a SQLite database into a new file, consistent while coopctl serve runs and writes' },
  openapi: {
    description:
      'print the OpenAPI 3.1 document of the service, generated from the catalogue, with the configured hosts',
    file: 'into a file',
    oneLine: 'on one line, with another base host',
  },
  api: {
    description: 'raw call of any path on the configured hosts: coopctl api <METHOD> <path> [-f key=value]...',
    method: (methods: string) => `HTTP method: ${methods}`,
    path: 'path on the service, e.g. /api/svcweb/contrato/search (a query string may follow)',
    rawField: 'a parameter, as a string; key[]=value adds to a list; repeatable',
    field:
      'a typed parameter: true, false, null and numbers as JSON, @file the contents of a file (@- stdin); repeatable',
    header: 'an extra request header, e.g. "Prefer: confirma=3"; repeatable',
    host: "the configured host to call (default: the catalogue's host for a known path, else base)",
    note: 'GET and HEAD send the fields in the query string; POST in a JSON body (a form body with --body form). Prints the response body (pretty JSON when it is JSON). Exit code: for a catalogue path, as its command; otherwise 0 for 2xx, 1 for 4xx/5xx, 4 when unreachable.',
    dryRun: 'print the request as curl; send nothing',
    /** The names of api's arguments and option values in usage lines. */
    arguments: { method: 'method', path: 'path', pair: 'key=value', header: 'name:value' },
  },
  completion: {
    description: 'print a shell completion script: coopctl completion bash|zsh|fish',
    shell: 'the shell to complete in',
    note: "The script lists this version's commands: regenerate it after upgrading coopctl.",
    thisShell: 'bash, in this shell',
    bashEvery: 'bash, in every new shell (the folder bash-completion reads)',
    zsh: 'zsh: a folder of its fpath (fpath+=(~/.zfunc) in ~/.zshrc), then restart zsh',
    fish: 'fish, in its completions folder',
  },
  summary: {
    description: (n: number) => `all ${n} medical-record reads, fetched concurrently, one section each`,
  },
  wizard: {
    description:
      'interactive: contract → payer → beneficiaries with contact, documents, address and health declaration; review and edit; then submit step by step',
    contratoId: 'add beneficiaries to this existing contract instead of creating one',
    resume: 'go on with a saved draft (picked from a list when there are several)',
    discard: 'delete a saved draft (picked from a list when there are several), after asking',
    note: 'Needs a terminal (stdin and stdout TTYs, without --no-input). Nothing is sent before Submit is chosen on the review screen, where any section can be edited. The whole plan is checked before the first request. Ctrl-C, quitting at the review or a failed send keep a private draft ($XDG_STATE_HOME/coopctl/drafts, default ~/.local/state/coopctl/drafts; it holds personal data); --resume goes on from it without sending anything twice. It is deleted once the enrolment is finished (or discarded).',
    whole: 'on a terminal: a new contract, its payer and beneficiaries, question by question',
    existing: 'on a terminal: more beneficiaries for contract 6',
  },
  batch: {
    description:
      'enrol contracts, payers and beneficiaries from a CSV or JSON file (resumable; its columns: coopctl help batch)',
    file: 'a CSV file (one row per beneficiary) or a JSON file (an array of contracts); "-" reads stdin',
    concurrency: 'requests in flight at once',
    perContract:
      'beneficiaries of one contract created at once; above 1, an interrupted run may leave several in doubt that a rerun cannot tell apart (coopctl help batch)',
    skipInvalid: 'send the valid rows and report the invalid ones (by default an invalid row stops everything)',
    journal: 'the journal of the batch (default: <file>.journal.jsonl beside the file; none for stdin)',
    report:
      'the report file, one line per row: CSV, or JSON lines if it ends in .jsonl (default: <file>.report.csv beside the file)',
    format: 'the file format (default: by extension, else by content)',
    resendUncertain: 'send again the steps an interrupted run left in doubt that a rerun could not decide',
    dryRun: 'validate the file and say what would be sent; send nothing',
    columnsHeading: 'CSV: a header of column names, then one row per beneficiary. Columns:',
    columns: {
      /** The placeholder of a field name in a column name. */
      field: '<field>',
      beneficiary: 'the beneficiary (cpf, data_solicitacao, grau_dependencia, nome, …)',
      contract: 'a key of your choice grouping the rows of one contract',
      contractField: 'the contract (registro_ans, coop_id, produto_tabela_id, origem, …)',
      payerField: 'its financial responsible party (cpf, nome, …); optional',
      contact: 'a contact of the beneficiary (contact2.<field>, … for more)',
      address: 'an address of the beneficiary (address2.<field>, … for more)',
      document: 'a document of the beneficiary (document2.<field>, … for more)',
      answer: 'a declaration answer, S or N',
    },
    note: "Every column of each group is listed by coopctl help batch; coopctl enrol batch --template > members.csv writes an example file to fill in. Contract and payer columns go on one row of the contract, or repeat identically. A journal beside the file (<file>.journal.jsonl) records every step: rerun the same command after a failure or an interruption, and what is done is skipped. The terminal gets a short summary; every row's ids and result go to a report file (<file>.report.csv); -o json|jsonl|csv prints the rows on stdout too.",
    exit: 'Exit: 0 every row done, 1 some row not done, 2 invalid file (nothing sent), 4 unreachable, 130 interrupted.',
    check: 'check the whole file; send nothing',
    send: 'send, and print every row as JSON too',
  },
};

const ptBR: Translation<typeof en> = {
  serve: {
    description: 'executa o servidor embutido: um substituto local do serviço',
    host: 'endereço em que escutar',
    allowedHost:
      'responde também a requisições para este nome de host (repetível; .example.org: ele e seus subdomínios)',
    admin:
      'serve a API e o console de administração em /_coopctl/ (reinício, fixtures, snapshots, o diário de requisições; atrás do token)',
    journalBodies:
      'com --admin: o diário de requisições guarda os valores dos parâmetros e os corpos das respostas (dados pessoais: só com --demo, --fixtures ou --db :memory:)',
    journalSize: 'com --admin: quantas requisições o diário guarda',
    proxyTo:
      'encaminha cada operação a este serviço real, responde o que ele responder, relata respostas fora da especificação (log, diário)',
    proxyToTest: 'com --proxy-to: a test_base_url real, para as operações de atualização cadastral',
    record:
      'com --proxy-to: grava o que passou como arquivo de fixtures, com nomes, CPFs, carteirinhas, telefones, e-mails e endereços pseudonimizados',
    cors: "deixa páginas web desta origem chamarem o servidor e lerem as respostas (repetível; http://localhost:5173; '*': qualquer uma, só sem token)",
    allowedOrigin: 'deixa páginas web desta origem enviarem requisições sem lerem as respostas (repetível)',
    port: 'porta em que escutar (0 escolhe uma livre)',
    db: 'arquivo do banco SQLite, :memory: ou postgres://usuário:senha@host:porta/banco (padrão: $COOPCTL_DB_URL, senão um arquivo na pasta de dados XDG)',
    importSqlite: 'preenche um banco PostgreSQL novo com uma cópia deste armazenamento SQLite',
    demo: 'carrega o conjunto de dados de demonstração determinístico',
    fixtures: 'carrega este documento JSON de fixtures em vez dos dados de demonstração',
    allowPrefer: 'atende ao cabeçalho Prefer das requisições (resultados forçados, atrasos, 5xx)',
    logFormat: 'o log na saída de erros: text, ou linhas json (padrão: $COOPCTL_LOG_FORMAT, senão text)',
    noMetrics: 'sem contagem das requisições, sem /metrics',
    readCache: 'memória para os cadastros guardados entre gravações (SQLite; 0: nenhuma)',
    privateProbes:
      '/healthz e /readyz também exigem o token do servidor (padrão: abertos, pois as sondas não enviam token)',
    metricsTokenFile: '/metrics exige o token deste arquivo (padrão: $COOPCTL_METRICS_TOKEN, senão é aberto)',
    shutdownDelay: 'no SIGTERM, /readyz responde 503 e o atendimento continua por este tempo antes de encerrar',
    noAudit: 'não registra requisições na auditoria de acesso (só para um servidor descartável ou de teste)',
    auditRetention: 'dias em que a auditoria de acesso guarda um registro (0: até coopctl audit purge)',
    auditKeyFile:
      'PostgreSQL: o arquivo da chave da auditoria de acesso (padrão: $COOPCTL_AUDIT_KEY_FILE, senão um na pasta de dados XDG); a de um banco SQLite fica ao lado dele',
    newAuditKey:
      'troca a chave de auditoria (a antiga fica ao lado do arquivo, aposentada: os seus registros ainda são achados pelo cartão), ou começa uma quando a chave da trilha se perdeu',
    maxConnections:
      'conexões abertas ao mesmo tempo; além disso, as ociosas são fechadas primeiro, as mais antigas antes, as sem o token antes das com ele',
    dbTimeout:
      'PostgreSQL: segundos que um comando pode levar, e que uma resposta ou uma conexão pode ser esperada, antes de a requisição receber 503',
    tokenFile:
      'o token que os clientes devem enviar (Authorization: Bearer), ou uma linha "rótulo:token" por cliente, de um arquivo ou "-" para a entrada padrão',
    quiet: 'sem a apresentação e sem o log de acesso (a URL continua sendo impressa na saída padrão)',
    note: 'O token do servidor vem de --token-file, senão de $COOPCTL_SERVER_TOKEN. As opções do cliente (--output, --timeout, --profile, …) não se aplicam ao servidor.',
    memory: 'um servidor descartável com os dados de demonstração, numa porta livre (a URL é impressa primeiro)',
    prefer: 'o banco padrão (dados de demonstração na primeira vez); o cabeçalho Prefer pode forçar resultados',
    jsonLog:
      'uma linha de log por requisição em JSON, para um coletor de logs; GET /readyz e /metrics para o monitoramento',
  },
  config: {
    description: 'mostra e altera as configurações de um perfil (--profile, senão $COOPCTL_PROFILE, senão "default")',
    path: 'mostra o caminho do arquivo de configuração',
    list: 'mostra as configurações em vigor e de onde vem cada uma (o token aparece mascarado)',
    get: 'mostra o valor em vigor de uma configuração (o token aparece mascarado)',
    set: 'grava uma configuração no perfil (o token é lido da entrada padrão ou perguntado)',
    unset: 'remove uma configuração do perfil',
    value: 'o valor (não para o token)',
    allowEmpty:
      'grava um valor vazio (recusado sem esta opção: um valor vazio é quase sempre um engano, como um arquivo que não existia)',
    arguments: { key: 'chave', value: 'valor' },
    heading: 'Configurações (precedência: opções > ambiente > perfil > padrões):',
    settings: {
      baseUrl: 'URL do host das operações de prontuário, agendamento, adesão e notificação',
      testBaseUrl: 'URL do host (de homologação) das operações de atualização cadastral',
      token:
        'token bearer enviado em Authorization (grave-o pela entrada padrão ou por uma pergunta, nunca na linha de comando); só vai às URLs configuradas com ele',
      maxResponseSize: (ceiling) =>
        `maior resposta lida, em bytes ou com sufixo KiB, MiB ou GiB, até ${ceiling} (--max-response-size)`,
      lang: 'idioma das mensagens e da ajuda: en ou pt-BR (senão o locale: LC_ALL, LC_MESSAGES, LANG)',
      providers:
        'nomes dos prestadores que o assistente de agendamento oferece: pares código=nome separados por ";" (9001=Clínica Geral; 9002=Cardiologia)',
      listStyle:
        'como uma lista viaja em corpos de formulário e query strings: brackets (tipo_documento[]=RG, o padrão) ou repeat (tipo_documento=RG&tipo_documento=CC) (--list-style)',
      healthQuestions:
        'textos das perguntas da declaração de saúde que o assistente de inclusão mostra: pares formulário.pergunta=texto separados por ";" (1.1=Tem alguma doença crônica?; 1.2=Fez alguma cirurgia?)',
      enrolCodes:
        'códigos que o assistente de inclusão oferece, com seus significados: pares campo.código=significado separados por ";" (origem.WB=Venda pela internet; estado_civil.C=Casado(a))',
      mask: 'true para esconder em parte CPFs, cartões, telefones e e-mails em tudo o que é mostrado, para telas que outros podem ver (--mask)',
      sender: 'o usuário que envia (usuario_envio) de notify send e send-all quando --usuario-envio não é informado',
    },
    langExample: 'mensagens e ajuda em português, qualquer que seja o locale',
    prodProfile: 'um perfil próprio para o serviço de produção',
  },
  audit: {
    description:
      'lista a auditoria de acesso: quem leu ou alterou os dados pessoais de quem, quando e com que resultado',
  },
  backup: {
    description: 'copia um banco SQLite para um arquivo novo, consistente enquanto o coopctl serve funciona e grava',
  },
  openapi: {
    description: 'mostra o documento OpenAPI 3.1 do serviço, gerado a partir do catálogo, com os hosts configurados',
    file: 'num arquivo',
    oneLine: 'numa linha só, com outro host base',
  },
  api: {
    description:
      'chamada direta de qualquer caminho nos hosts configurados: coopctl api <MÉTODO> <caminho> [-f chave=valor]...',
    method: (methods) => `método HTTP: ${methods}`,
    path: 'caminho no serviço, ex.: /api/svcweb/contrato/search (pode ter uma query string)',
    rawField: 'um parâmetro, como texto; chave[]=valor acrescenta a uma lista; repetível',
    field:
      'um parâmetro tipado: true, false, null e números como JSON, @arquivo o conteúdo de um arquivo (@- a entrada padrão); repetível',
    header: 'um cabeçalho extra na requisição, ex.: "Prefer: confirma=3"; repetível',
    host: 'o host configurado a chamar (padrão: o host do catálogo para um caminho conhecido, senão o base)',
    note: 'GET e HEAD enviam os campos na query string; POST num corpo JSON (um corpo de formulário com --body form). Mostra o corpo da resposta (JSON formatado quando é JSON). Código de saída: para um caminho do catálogo, o mesmo do seu comando; senão 0 para 2xx, 1 para 4xx/5xx, 4 quando inacessível.',
    dryRun: 'mostra a requisição como curl; não envia nada',
    arguments: { method: 'método', path: 'caminho', pair: 'chave=valor', header: 'nome:valor' },
  },
  completion: {
    description: 'mostra um script de completação para o shell: coopctl completion bash|zsh|fish',
    shell: 'o shell em que completar',
    note: 'O script lista os comandos desta versão: gere-o de novo depois de atualizar o coopctl.',
    thisShell: 'bash, neste shell',
    bashEvery: 'bash, em todo shell novo (a pasta que o bash-completion lê)',
    zsh: 'zsh: uma pasta do seu fpath (fpath+=(~/.zfunc) no ~/.zshrc), depois reinicie o zsh',
    fish: 'fish, na pasta de completações dele',
  },
  summary: {
    description: (n) => `as ${n} consultas do prontuário, buscadas ao mesmo tempo, uma seção cada`,
  },
  wizard: {
    description:
      'interativo: contrato → responsável financeiro → beneficiários com contato, documentos, endereço e declaração de saúde; revisão e edição; depois o envio passo a passo',
    contratoId: 'inclui beneficiários neste contrato existente em vez de criar um',
    resume: 'continua um rascunho salvo (escolhido numa lista quando há vários)',
    discard: 'apaga um rascunho salvo (escolhido numa lista quando há vários), depois de perguntar',
    note: 'Precisa de um terminal (entrada e saída padrão TTYs, sem --no-input). Nada é enviado antes de Enviar ser escolhido na tela de revisão, onde qualquer seção pode ser editada. O plano inteiro é verificado antes da primeira requisição. Ctrl-C, sair na revisão ou uma falha no envio guardam um rascunho privado ($XDG_STATE_HOME/coopctl/drafts, por padrão ~/.local/state/coopctl/drafts; ele contém dados pessoais); --resume continua dele sem enviar nada duas vezes. Ele é apagado quando a adesão termina (ou é descartada).',
    whole: 'num terminal: um contrato novo, seu responsável financeiro e beneficiários, pergunta a pergunta',
    existing: 'num terminal: mais beneficiários para o contrato 6',
  },
  batch: {
    description:
      'inclui contratos, responsáveis financeiros e beneficiários a partir de um arquivo CSV ou JSON (retomável; as colunas do arquivo: coopctl help lote)',
    file: 'um arquivo CSV (uma linha por beneficiário) ou um arquivo JSON (uma lista de contratos); "-" lê a entrada padrão',
    concurrency: 'requisições em andamento ao mesmo tempo',
    perContract:
      'beneficiários de um contrato criados ao mesmo tempo; acima de 1, uma execução interrompida pode deixar vários em dúvida que uma nova execução não consegue distinguir (coopctl help lote)',
    skipInvalid: 'envia as linhas válidas e relata as inválidas (por padrão, uma linha inválida impede tudo)',
    journal: 'o diário do lote (padrão: <arquivo>.journal.jsonl ao lado do arquivo; nenhum para a entrada padrão)',
    report:
      'o arquivo de relatório, uma linha por linha do arquivo: CSV, ou linhas JSON se terminar em .jsonl (padrão: <arquivo>.report.csv ao lado do arquivo)',
    format: 'o formato do arquivo (padrão: pela extensão, senão pelo conteúdo)',
    resendUncertain:
      'envia de novo os passos que uma execução interrompida deixou em dúvida e que uma nova execução não conseguiu decidir',
    dryRun: 'valida o arquivo e diz o que seria enviado; não envia nada',
    columnsHeading: 'CSV: um cabeçalho com os nomes das colunas, depois uma linha por beneficiário. Colunas:',
    columns: {
      field: '<campo>',
      beneficiary: 'o beneficiário (cpf, data_solicitacao, grau_dependencia, nome, …)',
      contract: 'uma chave à sua escolha que agrupa as linhas de um contrato',
      contractField: 'o contrato (registro_ans, coop_id, produto_tabela_id, origem, …)',
      payerField: 'o responsável financeiro (cpf, nome, …); opcional',
      contact: 'um contato do beneficiário (contact2.<campo>, … para mais)',
      address: 'um endereço do beneficiário (address2.<campo>, … para mais)',
      document: 'um documento do beneficiário (document2.<campo>, … para mais)',
      answer: 'uma resposta da declaração de saúde, S ou N',
    },
    note: 'Todas as colunas de cada grupo estão em coopctl help lote; coopctl enrol batch --template > membros.csv escreve um arquivo de exemplo para preencher. As colunas do contrato e do responsável financeiro vão numa linha do contrato, ou se repetem iguais. Um diário ao lado do arquivo (<arquivo>.journal.jsonl) registra cada passo: execute o mesmo comando de novo depois de uma falha ou interrupção, e o que já foi feito é pulado. O terminal recebe um resumo curto; os ids e o resultado de cada linha vão para um arquivo de relatório (<arquivo>.report.csv); -o json|jsonl|csv também mostra as linhas na saída padrão.',
    exit: 'Saída: 0 todas as linhas feitas, 1 alguma linha não feita, 2 arquivo inválido (nada enviado), 4 inacessível, 130 interrompido.',
    check: 'verifica o arquivo inteiro; não envia nada',
    send: 'envia e também mostra cada linha como JSON',
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
