/**
 * Written from the spec's tables of section 4, independently of the catalogue: the parameters each POST endpoint
 * types `int`, which a JSON body carries as numbers (leading zeros dropped: `01310100` is 1310100; the 18-digit
 * scheduling codes and the 30-digit beneficiario_id of /ds too, written digit for digit); every other parameter
 * travels as given. Every POST endpoint is here, with none when it has no int.
 */
export const JSON_NUMBERS: Readonly<Record<string, readonly string[]>> = {
  '/api/svcmobile/atualizacaocadastral/atualizacontato': [],
  '/api/svcmobile/atualizacaocadastral/atualizaendereco': ['endereco_ind'],
  '/api/svcmobile/atualizacaocadastral/excluiendereco': ['endereco_ind'],
  '/api/svccard/agendamento/cancelaagendamento': ['cd_evento'],
  '/api/svccard/agendamento/enviaagendamento': [
    'cd_local',
    'prest_cod_svc_card',
    'tp_evento',
    'nr_ddd_celular',
    'nr_celular',
  ],
  '/api/svcweb/contrato': [
    'coop_id',
    'empresa_id',
    'produto_tabela_id',
    'desconto',
    'numero_proposta',
    'coparticipacao_opcao_id',
  ],
  '/api/svcweb/contrato/alterar_situacao': ['contrato_id', 'opcao_id', 'beneficiario_id'],
  '/api/svcweb/contrato/responsavel_financeiro': ['contrato_id', 'telefone_principal', 'telefone_secundario', 'cep'],
  '/api/svcweb/beneficiario': ['contrato_id', 'peso', 'altura'],
  '/api/svcweb/beneficiario/contato': ['beneficiario_id', 'telefone_principal', 'telefone_celular', 'fax'],
  '/api/svcweb/beneficiario/documento': ['beneficiario_id'],
  '/api/svcweb/beneficiario/endereco': ['beneficiario_id', 'cep'],
  '/api/svcweb/beneficiario/ds': ['beneficiario_id', 'formulario_id', 'pergunta_id'],
  '/api/svccentral/notificacao/cadastradispositivo': ['dispositivo_tipo'],
  '/api/svccentral/notificacao/alteradispositivo': ['dispositivo_tipo'],
  '/api/svccentral/notificacao/envianotificacao': [
    'tipo_notificacao',
    'grupo_usuario',
    'tipo_beneficiario',
    'usuario_envio',
  ],
  '/api/svccentral/notificacao/envianotificacaotodos': ['tipo_notificacao', 'usuario_envio'],
};
