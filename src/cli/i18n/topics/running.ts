/**
 * The topics of running coopctl: `help environment` (configuration and its
 * variables), `help exit-codes`, and `help masking` (what --mask hides, and
 * the access audit the server keeps).
 */
import type { Block, Topic } from '../../help/topics/model.js';

const environmentEn: Block[] = [
  {
    p: 'Each setting comes from, first found: a flag, an environment variable, the selected profile of the configuration file, the default. The file is $XDG_CONFIG_HOME/coopctl/config.json (coopctl config path), written with mode 0600; coopctl config set/get/list/unset change and show it (a token is read from stdin or a prompt, never from the command line, and shown as ********).',
  },
  { h: 'Settings (coopctl config set NAME VALUE) and their variables:' },
  {
    dl: [
      [
        'baseUrl',
        "COOPCTL_BASE_URL: medical record, scheduling, enrolment and notifications (default http://127.0.0.1:8787, coopctl serve's address)",
      ],
      [
        'testBaseUrl',
        "COOPCTL_TEST_BASE_URL: the registration operations (the spec's test_base_url; same default). Pointing coopctl at another service means setting both",
      ],
      ['token', 'COOPCTL_TOKEN, or --token-file FILE: the bearer token, sent only to URLs configured with it'],
      [
        'lang',
        'COOPCTL_LANG, --lang: en or pt-BR (default: the locale, LC_ALL, LC_MESSAGES, LANG; a pt locale is Portuguese)',
      ],
      ['mask', 'COOPCTL_MASK, --mask/--no-mask: hide part of CPFs, cards, phones and e-mails (coopctl help masking)'],
      ['listStyle', 'COOPCTL_LIST_STYLE, --list-style: brackets or repeat'],
      ['maxResponseSize', 'COOPCTL_MAX_RESPONSE_SIZE, --max-response-size: the largest answer read (default 64MiB)'],
      ['providers', 'COOPCTL_PROVIDERS: provider names for the booking wizard, 9001=Clínica Geral; 9002=Cardiologia'],
      [
        'healthQuestions',
        'COOPCTL_HEALTH_QUESTIONS: the health-declaration questions for the enrolment wizard, 1.1=Tem alguma doença crônica?; 1.2=…',
      ],
      [
        'enrolCodes',
        'COOPCTL_ENROL_CODES: the codes the enrolment wizard offers, origem.WB=Web sale; estado_civil.C=Married',
      ],
    ],
  },
  { h: 'Other variables:' },
  {
    dl: [
      ['COOPCTL_PROFILE', 'the profile (--profile; default "default")'],
      ['COOPCTL_PAGER, PAGER', 'the pager for long output on a terminal (default less -FRX; empty or cat: none)'],
      ['NO_COLOR', 'no colours'],
      ['XDG_CONFIG_HOME', 'where the configuration file is (default ~/.config)'],
      ['XDG_DATA_HOME', 'where coopctl serve keeps its database (default ~/.local/share)'],
      [
        'XDG_CACHE_HOME',
        'where coopctl keeps its code cache, and the executable its SQLite binding (default ~/.cache)',
      ],
      ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'a proxy for the requests'],
      ['NODE_EXTRA_CA_CERTS', 'extra certificate authorities (a file of PEM certificates)'],
    ],
  },
  { h: 'coopctl serve:' },
  {
    dl: [
      ['COOPCTL_DB_URL', 'the database (--db): a SQLite file or a postgres:// URL'],
      ['COOPCTL_SERVER_TOKEN', 'the tokens the server accepts (a file of label:token lines)'],
      ['COOPCTL_METRICS_TOKEN', 'the token of GET /metrics'],
      ['COOPCTL_LOG_FORMAT', 'text or json (--log-format)'],
      ['COOPCTL_AUDIT_KEY_FILE', 'the audit key (coopctl help masking)'],
    ],
  },
  {
    pre: [
      'coopctl config set baseUrl https://services.example.coop --profile prod',
      'COOPCTL_PROFILE=prod coopctl record allergies 00010001000001005',
    ],
  },
];

const environmentPt: Block[] = [
  {
    p: 'Cada configuração vem de, o primeiro que houver: uma opção, uma variável de ambiente, o perfil escolhido do arquivo de configuração, o padrão. O arquivo é $XDG_CONFIG_HOME/coopctl/config.json (coopctl config path), gravado com modo 0600; coopctl config set/get/list/unset o alteram e mostram (um token é lido da entrada padrão ou de uma pergunta, nunca da linha de comando, e aparece como ********).',
  },
  { h: 'Configurações (coopctl config set NOME VALOR) e suas variáveis:' },
  {
    dl: [
      [
        'baseUrl',
        'COOPCTL_BASE_URL: prontuário, agendamento, adesão e notificações (padrão http://127.0.0.1:8787, o endereço do coopctl serve)',
      ],
      [
        'testBaseUrl',
        'COOPCTL_TEST_BASE_URL: as operações de cadastro (o test_base_url da especificação; mesmo padrão). Para usar outro serviço, configure as duas',
      ],
      ['token', 'COOPCTL_TOKEN, ou --token-file ARQUIVO: o token de acesso, enviado só às URLs configuradas com ele'],
      [
        'lang',
        'COOPCTL_LANG, --lang: en ou pt-BR (padrão: o locale, LC_ALL, LC_MESSAGES, LANG; um locale pt é português)',
      ],
      [
        'mask',
        'COOPCTL_MASK, --mask/--no-mask: esconde parte de CPFs, cartões, telefones e e-mails (coopctl help mascara)',
      ],
      ['listStyle', 'COOPCTL_LIST_STYLE, --list-style: brackets ou repeat'],
      ['maxResponseSize', 'COOPCTL_MAX_RESPONSE_SIZE, --max-response-size: a maior resposta lida (padrão 64MiB)'],
      [
        'providers',
        'COOPCTL_PROVIDERS: nomes dos prestadores para o assistente de agendamento, 9001=Clínica Geral; 9002=Cardiologia',
      ],
      [
        'healthQuestions',
        'COOPCTL_HEALTH_QUESTIONS: as perguntas da declaração de saúde para o assistente de adesão, 1.1=Tem alguma doença crônica?; 1.2=…',
      ],
      [
        'enrolCodes',
        'COOPCTL_ENROL_CODES: os códigos que o assistente de adesão oferece, origem.WB=Venda pela internet; estado_civil.C=Casado(a)',
      ],
    ],
  },
  { h: 'Outras variáveis:' },
  {
    dl: [
      ['COOPCTL_PROFILE', 'o perfil (--profile; padrão "default")'],
      ['COOPCTL_PAGER, PAGER', 'o paginador das saídas longas num terminal (padrão less -FRX; vazio ou cat: nenhum)'],
      ['NO_COLOR', 'sem cores'],
      ['XDG_CONFIG_HOME', 'onde fica o arquivo de configuração (padrão ~/.config)'],
      ['XDG_DATA_HOME', 'onde o coopctl serve guarda seu banco de dados (padrão ~/.local/share)'],
      [
        'XDG_CACHE_HOME',
        'onde o coopctl guarda seu cache de código, e o executável sua biblioteca do SQLite (padrão ~/.cache)',
      ],
      ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'um proxy para as requisições'],
      ['NODE_EXTRA_CA_CERTS', 'autoridades certificadoras a mais (um arquivo de certificados PEM)'],
    ],
  },
  { h: 'coopctl serve:' },
  {
    dl: [
      ['COOPCTL_DB_URL', 'o banco de dados (--db): um arquivo SQLite ou uma URL postgres://'],
      ['COOPCTL_SERVER_TOKEN', 'os tokens que o servidor aceita (um arquivo de linhas rótulo:token)'],
      ['COOPCTL_METRICS_TOKEN', 'o token do GET /metrics'],
      ['COOPCTL_LOG_FORMAT', 'text ou json (--log-format)'],
      ['COOPCTL_AUDIT_KEY_FILE', 'a chave da auditoria (coopctl help mascara)'],
    ],
  },
  {
    pre: [
      'coopctl config set baseUrl https://servicos.example.coop --profile prod',
      'COOPCTL_PROFILE=prod coopctl record allergies 00010001000001005',
    ],
  },
];

export const environmentTopic: Topic = {
  names: ['environment', 'ambiente', 'configuration', 'configuracao'],
  title: (lang) => (lang === 'en' ? 'Configuration and environment' : 'Configuração e ambiente'),
  body: (lang) => (lang === 'en' ? environmentEn : environmentPt),
};

export const exitCodesTopic: Topic = {
  names: ['exit-codes', 'codigos-de-saida', 'exit', 'saida'],
  title: (lang) => (lang === 'en' ? 'Exit codes' : 'Códigos de saída'),
  body: (lang) =>
    lang === 'en'
      ? [
          { p: 'Every command ends with one of these, for scripts and cron jobs:' },
          {
            dl: [
              ['0', 'success (confirma_operacao 1 or 2)'],
              ['1', 'the service refused or failed: confirma_operacao 4, or an HTTP 4xx or 5xx'],
              ['2', 'usage or validation error: nothing was sent (a wrong flag, a bad value, an unknown help topic)'],
              ['3', 'no result: confirma_operacao 3'],
              ['4', 'transport failure: unreachable, timed out, or an answer that is not the documented shape'],
              ['130', 'interrupted (Ctrl-C)'],
            ],
          },
          { pre: ['coopctl registration show 00010001000001005 --json > out.json || echo "exit $?"'] },
        ]
      : [
          { p: 'Todo comando termina com um destes, para scripts e tarefas do cron:' },
          {
            dl: [
              ['0', 'sucesso (confirma_operacao 1 ou 2)'],
              ['1', 'o serviço recusou ou falhou: confirma_operacao 4, ou um HTTP 4xx ou 5xx'],
              [
                '2',
                'erro de uso ou de validação: nada foi enviado (uma opção errada, um valor inválido, um tópico de ajuda desconhecido)',
              ],
              ['3', 'sem resultado: confirma_operacao 3'],
              ['4', 'falha de comunicação: sem conexão, tempo esgotado, ou uma resposta fora do formato documentado'],
              ['130', 'interrompido (Ctrl-C)'],
            ],
          },
          { pre: ['coopctl registration show 00010001000001005 --json > saida.json || echo "saída $?"'] },
        ],
};

export const maskingTopic: Topic = {
  names: ['masking', 'mascara', 'audit', 'auditoria', 'privacy', 'privacidade'],
  title: (lang) => (lang === 'en' ? 'Masking, and the access audit' : 'Máscara, e a auditoria de acesso'),
  body: (lang) =>
    lang === 'en'
      ? [
          {
            p: "--mask (the profile's mask setting, COOPCTL_MASK; --no-mask shows the data in full) is for a screen a customer at the desk or a colleague may see, and for screenshots. Everything shown then hides part of the personal data, in every output format and in messages:",
          },
          {
            dl: [
              ['a CPF', '***.982.247-** (its middle six digits)'],
              ['a card', '0001 **** **** **05 (its cooperative and its last two digits)'],
              ['a phone', '(11) *****-4321 (the area code and the last four digits)'],
              ['an e-mail', 'a***@example.com (its first character and the domain)'],
            ],
          },
          {
            p: 'Names are not hidden. What a person types is not masked, and files coopctl writes (the batch report and journal, drafts, the configuration) keep the data. Without --mask, messages still show a card as *************1005, and the -v trace masks cards and CPFs.',
          },
          { h: 'The access audit' },
          {
            p: "coopctl serve records every request that reads or changes personal data: the time, the client's address, its token's label, the operation, the status and whom it was about. A card, CPF or device id is kept only as an HMAC-SHA-256 with the audit key (a file of mode 0600; COOPCTL_AUDIT_KEY_FILE, else beside the database), never in clear. An answer with personal data is sent only once its record is taken.",
          },
          {
            pre: [
              "coopctl audit --card 00010001000001005   # who read or changed this card's data",
              'coopctl audit purge --older-than 365      # remove the records older than a year',
            ],
          },
        ]
      : [
          {
            p: '--mask (a configuração mask do perfil, COOPCTL_MASK; --no-mask mostra os dados inteiros) é para uma tela que um cliente no balcão ou um colega pode ver, e para capturas de tela. Tudo o que é mostrado esconde então parte dos dados pessoais, em todos os formatos de saída e nas mensagens:',
          },
          {
            dl: [
              ['um CPF', '***.982.247-** (seus seis dígitos do meio)'],
              ['um cartão', '0001 **** **** **05 (a cooperativa e os dois últimos dígitos)'],
              ['um telefone', '(11) *****-4321 (o DDD e os quatro últimos dígitos)'],
              ['um e-mail', 'a***@example.com (o primeiro caractere e o domínio)'],
            ],
          },
          {
            p: 'Nomes não são escondidos. O que a pessoa digita não é mascarado, e os arquivos que o coopctl grava (o relatório e o diário do lote, os rascunhos, a configuração) guardam os dados. Sem --mask, as mensagens ainda mostram um cartão como *************1005, e o rastro do -v mascara cartões e CPFs.',
          },
          { h: 'A auditoria de acesso' },
          {
            p: 'O coopctl serve registra toda requisição que lê ou altera dados pessoais: a hora, o endereço do cliente, o rótulo do seu token, a operação, a situação e de quem era o dado. Um cartão, CPF ou identificador de dispositivo é guardado só como HMAC-SHA-256 com a chave da auditoria (um arquivo de modo 0600; COOPCTL_AUDIT_KEY_FILE, senão ao lado do banco de dados), nunca em claro. Uma resposta com dados pessoais só é enviada depois que seu registro é feito.',
          },
          {
            pre: [
              'coopctl audit --card 00010001000001005   # quem leu ou alterou os dados deste cartão',
              'coopctl audit purge --older-than 365      # remove os registros com mais de um ano',
            ],
          },
        ],
};
