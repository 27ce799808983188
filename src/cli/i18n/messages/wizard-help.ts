/**
 * The help of `enrol wizard` (src/cli/commands/enrol/wizard.ts) and `enrol
 * batch` (src/cli/batch/command.ts): descriptions, options, and the text
 * after the options. Column names, file names and options stay as typed.
 */
import type { Translation } from '../shape.js';

export const en = {
  wizard: {
    description:
      'interactive: contract → payer → beneficiaries with contact, documents, address and health declaration; review and edit; then submit step by step',
    contratoId: 'add beneficiaries to this existing contract instead of creating one',
    resume: 'go on with a saved draft (picked from a list when there are several)',
    after:
      '\nNeeds a terminal (stdin and stdout TTYs, without --no-input). Nothing is sent before Submit is chosen on the\n' +
      'review screen, where any section can be edited. The whole plan is checked before the first request.\n' +
      'Ctrl-C, quitting at the review or a failed send keep a private draft ($XDG_STATE_HOME/coopctl/drafts,\n' +
      'default ~/.local/state/coopctl/drafts; it holds personal data); --resume goes on from it without sending\n' +
      'anything twice. It is deleted once the enrolment is finished (or discarded).\n' +
      'Example: coopctl enrol wizard\n         coopctl enrol wizard --contrato-id 6\n         coopctl enrol wizard --resume',
  },
  batch: {
    description: 'enrol contracts, payers and beneficiaries from a CSV or JSON file (resumable: see docs/batch.md)',
    file: 'a CSV file (one row per beneficiary) or a JSON file (an array of contracts); "-" reads stdin',
    concurrency: 'requests in flight at once',
    perContract:
      'beneficiaries of one contract created at once; above 1, an interrupted run may leave several in doubt that a rerun cannot tell apart (docs/batch.md)',
    skipInvalid: 'send the valid rows and report the invalid ones (by default an invalid row stops everything)',
    journal: 'the journal of the batch (default: <file>.journal.jsonl beside the file; none for stdin)',
    report:
      'the report file, one line per row: CSV, or JSON lines if it ends in .jsonl (default: <file>.report.csv beside the file)',
    format: 'the file format (default: by extension, else by content)',
    resendUncertain: 'send again the steps an interrupted run left in doubt that a rerun could not decide',
    dryRun: 'validate the file and say what would be sent; send nothing',
    upTo64: 'must be a whole number from 1 to 64.',
    after: `
CSV: a header of column names, then one row per beneficiary. Columns:
  contract                  a key of your choice grouping the rows of one contract
  contract.<field>          the contract (registro_ans, coop_id, produto_tabela_id, origem, …)
  payer.<field>             its financial responsible party (cpf, nome, …); optional
  <field>                   the beneficiary (cpf, data_solicitacao, grau_dependencia, nome, …)
  contact.<field>, address.<field>, document.<field>   (contact2., address2., … for more)
  ds.<formulario_id>.<pergunta_id>                     a declaration answer, S or N
Contract and payer columns go on one row of the contract, or repeat identically.
A journal beside the file (<file>.journal.jsonl) records every step: rerun the same
command after a failure or an interruption, and what is done is skipped.
The terminal gets a short summary; every row's ids and result go to a report file
(<file>.report.csv); -o json|jsonl|csv prints the rows on stdout too.
Exit: 0 every row done, 1 some row not done, 2 invalid file (nothing sent), 4 unreachable, 130 interrupted.

Example: coopctl enrol batch members.csv --concurrency 8 -o json`,
  },
};

export const ptBR: Translation<typeof en> = {
  wizard: {
    description:
      'interativo: contrato → responsável financeiro → beneficiários com contato, documentos, endereço e declaração de saúde; revisão e edição; depois o envio passo a passo',
    contratoId: 'incluir os beneficiários neste contrato existente em vez de criar um',
    resume: 'continuar um rascunho salvo (escolhido numa lista quando há vários)',
    after:
      '\nPrecisa de um terminal (stdin e stdout TTYs, sem --no-input). Nada é enviado antes de escolher Enviar na tela\n' +
      'de revisão, onde qualquer seção pode ser editada. O plano inteiro é conferido antes da primeira requisição.\n' +
      'Ctrl-C, sair na revisão ou um envio que falha mantêm um rascunho privado ($XDG_STATE_HOME/coopctl/drafts,\n' +
      'por padrão ~/.local/state/coopctl/drafts; ele tem dados pessoais); --resume continua dele sem enviar nada\n' +
      'duas vezes. Ele é apagado quando a inclusão termina (ou é descartada).\n' +
      'Exemplo: coopctl enrol wizard\n         coopctl enrol wizard --contrato-id 6\n         coopctl enrol wizard --resume',
  },
  batch: {
    description:
      'incluir contratos, responsáveis financeiros e beneficiários a partir de um arquivo CSV ou JSON (retomável: veja docs/batch.md)',
    file: 'um arquivo CSV (uma linha por beneficiário) ou um arquivo JSON (uma lista de contratos); "-" lê o stdin',
    concurrency: 'requisições em andamento ao mesmo tempo',
    perContract:
      'beneficiários de um mesmo contrato criados ao mesmo tempo; acima de 1, uma execução interrompida pode deixar vários em dúvida que uma nova execução não consegue distinguir (docs/batch.md)',
    skipInvalid: 'enviar as linhas válidas e relatar as inválidas (por padrão uma linha inválida para tudo)',
    journal: 'o diário do lote (padrão: <arquivo>.journal.jsonl ao lado do arquivo; nenhum para o stdin)',
    report:
      'o arquivo de relatório, uma linha por linha do arquivo: CSV, ou JSON lines se terminar em .jsonl (padrão: <arquivo>.report.csv ao lado do arquivo)',
    format: 'o formato do arquivo (padrão: pela extensão, senão pelo conteúdo)',
    resendUncertain:
      'enviar de novo os passos que uma execução interrompida deixou em dúvida e que uma nova execução não conseguiu decidir',
    dryRun: 'validar o arquivo e dizer o que seria enviado; não enviar nada',
    upTo64: 'deve ser um número inteiro de 1 a 64.',
    after: `
CSV: um cabeçalho com os nomes das colunas, depois uma linha por beneficiário. Colunas:
  contract                  uma chave à sua escolha que agrupa as linhas de um contrato
  contract.<campo>          o contrato (registro_ans, coop_id, produto_tabela_id, origem, …)
  payer.<campo>             o responsável financeiro dele (cpf, nome, …); opcional
  <campo>                   o beneficiário (cpf, data_solicitacao, grau_dependencia, nome, …)
  contact.<campo>, address.<campo>, document.<campo>   (contact2., address2., … para mais)
  ds.<formulario_id>.<pergunta_id>                     uma resposta da declaração, S ou N
As colunas do contrato e do responsável financeiro vão numa linha do contrato, ou se repetem iguais.
Um diário ao lado do arquivo (<arquivo>.journal.jsonl) registra cada passo: rode o mesmo
comando de novo depois de uma falha ou interrupção, e o que foi feito é pulado.
O terminal recebe um resumo curto; os ids e o resultado de cada linha vão para um arquivo de
relatório (<arquivo>.report.csv); -o json|jsonl|csv imprime as linhas no stdout também.
Saída: 0 todas as linhas feitas, 1 alguma linha não feita, 2 arquivo inválido (nada enviado), 4 inalcançável, 130 interrompido.

Exemplo: coopctl enrol batch membros.csv --concurrency 8 -o json`,
  },
};
