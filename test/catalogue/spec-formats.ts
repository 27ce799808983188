/**
 * An oracle of the parameters' rules written from the spec, independently of src/catalogue: each parameter's
 * Type and Format as the spec's tables of section 4 write them, and what those words allow, made here into values
 * that must be accepted and values that must be refused. Where the project decided otherwise than the spec's words,
 * the decision (docs/decisions.md) is written out below, with its values.
 */

/** Values a parameter must accept, and values it must refuse. */
export interface Oracle {
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

/** Type and Format of each parameter, as in the spec: by name, or `path name` where two endpoints differ. */
const SPEC: Readonly<Record<string, string>> = {
  altura: 'int | 1 to 3 digits',
  arquivo: 'string | base64 of the binary file',
  bairro: 'string | up to 40',
  beneficiario_id: 'int | 1 to 10 digits',
  '/api/svcweb/beneficiario/ds beneficiario_id': 'int | 1 to 30 digits',
  caixa_postal: 'string | up to 30',
  cd_evento: 'int | up to 18 digits',
  cd_local: 'int | up to 18 digits',
  cep: 'int | 1 to 10 digits',
  '/api/svcmobile/atualizacaocadastral/buscacep cep': 'string | 11 digits as in the material, no hyphen',
  complemento: 'string | up to 30',
  conteudo: 'string | up to 200',
  contrato_id: 'int | 1 to 10 digits',
  coop_id: 'int | 1 to 4 digits',
  coparticipacao_opcao_id: 'int | 1 to 10 digits',
  cpf: 'string | 999.999.999-99',
  data_consulta: 'date | yyyy-mm-dd',
  data_expedicao: 'date | d/m/Y',
  data_nascimento: 'date | d/m/Y',
  data_solicitacao: 'date | d/m/Y',
  desconto: 'int | 1 to 10 digits',
  descricao: 'string | up to 500',
  dispositivo_tipo: 'int | 1 digit',
  dispositivo_token: 'string | up to 255',
  ds_email: 'string | up to 60',
  ds_endereco: 'string | up to 300',
  dt_hr_fim: 'date | yyyy-mm-dd hh:mi',
  dt_hr_inicio: 'date | yyyy-mm-dd hh:mi',
  email: 'string | up to 70',
  empresa_id: 'int | 1 to 10 digits',
  endereco_bairro: 'string | up to 40',
  endereco_caixa_postal: 'string | up to 30',
  endereco_cep: 'string | 11 digits as in the material, no hyphen',
  endereco_cidade: 'string | up to 72',
  endereco_complemento: 'string | up to 30',
  endereco_estado: 'string | 2 characters',
  endereco_ind: 'int | 1 to 2 digits',
  endereco_ind_correspondencia: 'string | S or N',
  endereco_ind_fatura: 'string | S or N',
  endereco_logradouro: 'string | up to 100',
  endereco_numero: 'string | up to 5',
  endereco_ponto_referencia: 'string | up to 40',
  estado_civil: 'string | up to 2',
  fatura_email: 'string | up to 2',
  fax: 'int | 10 to 11 digits',
  finalidade: 'array | elements up to 3 characters',
  formulario_id: 'int | 1 to 5 digits',
  grau_dependencia: 'string | up to 2',
  grau_parentesco: 'string | up to 3',
  grupo_usuario: 'int | 1 to 2 digits',
  ind_apenas_concluidas: 'string | S or N',
  inicio_vigencia: 'date | d/m/Y',
  logradouro: 'string | up to 100',
  logradouro_numero: 'string | up to 5',
  nome: 'string | up to 120',
  nome_mae: 'string | up to 70',
  nr_celular: 'int | up to 9 digits',
  nr_ddd_celular: 'int | 2 digits',
  numero: 'string | up to 45',
  numero_proposta: 'int | 1 to 10 digits',
  opcao_id: 'int | operation option',
  orgao_emissor: 'string | up to 3',
  origem: 'string | up to 2',
  pergunta_id: 'int | 1 to 10 digits',
  peso: 'int | 1 to 3 digits',
  ponto_referencia: 'string | up to 40',
  prest_cod_svc_card: 'int | up to 18 digits',
  produto_tabela_id: 'int | 1 to 10 digits',
  pushid: 'string | up to 128',
  registro_ans: 'string | alphanumeric, 1 to 15',
  resposta: 'string | S or N',
  sexo: 'string | M or F',
  site: 'string | up to 70',
  tabela_preco_vigencia: 'date | d/m/Y',
  telefone_celular: 'int | 10 to 11 digits',
  telefone_principal: 'int | 10 to 11 digits',
  telefone_secundario: 'int | 10 to 11 digits',
  tipo_arquivo: 'string | up to 45',
  tipo_beneficiario: 'int | 1 to 2 digits',
  tipo_documento: 'array | elements up to 3 characters',
  tipo_endereco: 'string | up to 3',
  '/api/svcmobile/atualizacaocadastral/atualizaendereco tipo_endereco': 'string | R = residential, C = commercial',
  tipo_notificacao: 'int | 1 to 2 digits',
  tp_evento: 'int | up to 18 digits',
  url: 'string | up to 500',
  usuario_cartao: 'string | 17 digits',
  usuario_celular: 'string | (99)999999999',
  usuario_email: 'email | e-mail address',
  usuario_envio: 'int | 1 to 10 digits',
  usuario_fax: 'string | (99)999999999',
  usuario_telefone: 'string | (99)999999999',
};

/** The project's decisions against the spec's words (docs/decisions.md), with the values they allow. */
const DECIDED: Readonly<Record<string, Oracle>> = {
  // "11 digits as in the material": the CEPs in use have 8; 8 to 11 digits, never a hyphen.
  endereco_cep: { valid: ['01310100', '01310100000'], invalid: ['01310-100', '1234567', '123456789012'] },
  '/api/svcmobile/atualizacaocadastral/buscacep cep': {
    valid: ['01310100', '01310100000'],
    invalid: ['01310-100', '1234567', '123456789012'],
  },
  // Up to 50 characters, what the registration record's [endereco]cidade holds, not section 4.1's 72.
  endereco_cidade: { valid: ['x'.repeat(50)], invalid: ['x'.repeat(51), 12] },
  // A slot's start and end are a pair, the end after the start: each is tried beside the other's sample (09:00 to
  // 09:30 on 1 December 2026).
  dt_hr_inicio: { valid: ['2026-12-01 08:00'], invalid: ['2026-12-01 24:00', '2026-12-01', '2026-02-30 09:00'] },
  dt_hr_fim: { valid: ['2026-12-01 10:00'], invalid: ['2026-12-01 24:00', '2026-12-01', '2026-02-30 09:00'] },
};

const text = (min: number, max: number): Oracle => ({
  valid: [...new Set(['x'.repeat(Math.max(min, 1)), 'x'.repeat(max)])],
  invalid: ['x'.repeat(max + 1), 12, ...(min > 0 ? ['x'.repeat(min - 1)] : [])],
});

const digitsOf = (n: number) => '123456789012345678901234567890'.slice(0, n);

const int = (min: number, max: number): Oracle => ({
  valid: [digitsOf(Math.max(min, 1)), digitsOf(max), ...(max <= 15 ? [Number(digitsOf(max))] : [])],
  invalid: ['9'.repeat(max + 1), '12a', '-1', '1.5', ...(min > 1 ? ['9'.repeat(min - 1)] : [])],
});

const choice = (values: readonly string[]): Oracle => ({
  valid: values,
  invalid: ['X', values[0]!.toLowerCase(), `${values[0]}${values[0]}`],
});

/** Formats that count digits or characters: the type, the words, and what they allow. */
const COUNTED: ReadonlyArray<readonly [string, RegExp, (m: RegExpExecArray) => Oracle]> = [
  ['int', /^(?:(\d+) to )?(\d+) digits?$/, (m) => int(Number(m[1] ?? m[2]), Number(m[2]))],
  ['int', /^up to (\d+) digits$/, (m) => int(1, Number(m[1]))],
  ['string', /^(?:up to|0 to) (\d+)$/, (m) => text(0, Number(m[1]))],
  ['string', /^(\d+) to (\d+)$/, (m) => text(Number(m[1]), Number(m[2]))],
  ['string', /^(\d+) characters$/, (m) => text(Number(m[1]), Number(m[1]))],
];

/** What a Type and Format allow, read as their words say. */
function oracleOf(spec: string): Oracle {
  const [type, format] = spec.split(' | ') as [string, string];
  if (format === '17 digits')
    return {
      valid: ['00010001000001005', '12345678901234567'],
      invalid: ['1'.repeat(16), '1'.repeat(18), `${'1'.repeat(16)}a`, '0001.0001.000001.00.5'],
    };
  for (const [kind, re, make] of COUNTED) {
    const m = kind === type ? re.exec(format) : null;
    if (m) return make(m);
  }
  if (format === 'operation option') return { valid: ['2'], invalid: ['12a', '-1', '1.5'] };
  if (format === 'S or N') return choice(['S', 'N']);
  if (format === 'M or F') return choice(['M', 'F']);
  if (format === 'R = residential, C = commercial') return choice(['R', 'C']);
  if (format === '(99)999999999')
    return {
      valid: ['(11)987654321', '(11)98765432'],
      invalid: ['11987654321', '(11)9876543210', '(1)987654321', '(11)1234567'],
    };
  if (format === 'e-mail address')
    return { valid: ['ana.souza@example.com'], invalid: ['ana.souza', 'ana@', '@example.com'] };
  if (format === '999.999.999-99')
    return { valid: ['529.982.247-25'], invalid: ['529.982.247-26', '111.111.111-11', '529.982.247'] };
  if (format === 'd/m/Y')
    return { valid: ['15/03/1985', '29/02/2024'], invalid: ['31/02/2020', '1985-03-15', '5/3/1985', '29/02/2023'] };
  if (format === 'yyyy-mm-dd') return { valid: ['2026-12-01'], invalid: ['2026-02-30', '01/12/2026', '2026-12-1'] };
  if (format === 'yyyy-mm-dd hh:mi')
    return { valid: ['2026-12-01 09:00'], invalid: ['2026-12-01 24:00', '2026-12-01', '2026-02-30 09:00'] };
  if (format === 'base64 of the binary file') return { valid: ['JVBERi0xLjQK'], invalid: ['not base64!'] };
  if (format === 'elements up to 3 characters') return { valid: [['RG'], ['RES', 'COM']], invalid: [['ABCD'], []] };
  if (format === 'alphanumeric, 1 to 15')
    return { valid: ['123456', 'ABC123', 'A'.repeat(15)], invalid: ['A'.repeat(16), 'AB-12', ''] };
  throw new Error(`spec-formats.ts cannot read the format ${spec}`);
}

/** The oracle of parameter `name` of the endpoint at `path`, or undefined when this file does not have it. */
export function specOracle(path: string, name: string): Oracle | undefined {
  const key = `${path} ${name}` in SPEC || `${path} ${name}` in DECIDED ? `${path} ${name}` : name;
  if (DECIDED[key]) return DECIDED[key];
  const spec = SPEC[key];
  return spec === undefined ? undefined : oracleOf(spec);
}
