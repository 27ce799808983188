/**
 * The answers of an enrolment wizard run in Portuguese (one beneficiary, no
 * document, one declaration question), for the fake prompter and the pty.
 * Field questions are matched by the wizard's own Portuguese prefix and the
 * field's spec name (`Beneficiário 1 · … [nome]`), whatever the field's help
 * text says; the wizard's own questions by their Portuguese words.
 */
import { ENTER, type Scripted } from './fake-prompter.js';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Field questions: the prefix, any help text, then `[field]`, each with its answer. */
const ask = (prefix: string, pairs: ReadonlyArray<readonly [string, string | typeof ENTER]>): Scripted[] =>
  pairs.map(([name, a]) => ({ q: new RegExp(`^${escaped(prefix)} .*\\[${escaped(name)}\\]`), a }));

export const contractPt: Scripted[] = [
  ...ask('Contrato ·', [
    ['registro_ans', '123456'],
    ['coop_id', '1'],
    ['produto_tabela_id', '10'],
    ['origem', 'WB'],
  ]),
  { q: 'Contrato · Preencher campos opcionais (', a: false },
];

export const payerPt: Scripted[] = [
  ...ask('Responsável financeiro ·', [
    ['cpf', '529.982.247-25'],
    ['nome', 'Ana Souza'],
    ['nome_mae', 'Maria Souza'],
    ['data_nascimento', '15/03/1985'],
    ['sexo', 'F'],
    ['grau_parentesco', 'TIT'],
    ['estado_civil', 'C'],
    ['telefone_principal', '11987654321'],
    ['email', 'ana.souza@example.com'],
    ['cep', '01310-100'],
    ['logradouro', 'Avenida Paulista'],
    ['logradouro_numero', '1578'],
    ['complemento', 'apto 12'],
    ['bairro', 'Bela Vista'],
    ['inicio_vigencia', '01/01/2027'],
    ['fatura_email', 'S'],
  ]),
  { q: 'Responsável financeiro · Preencher campos opcionais (', a: false },
];

/** Who the holder is: a name, and a sex (M, F, or ENTER: the optional list left empty). */
export interface HolderPt {
  readonly nome: string;
  readonly sexo: 'M' | 'F' | typeof ENTER;
}

/**
 * Beneficiary 1, the holder: `birth`, the dates of birth typed in turn (each
 * but the last refused, so asked again). Once her sexo is F, the questions
 * about her say `Beneficiária 1`.
 */
export function holderPt(
  birth: readonly string[] = ['10/05/2012'],
  who: HolderPt = { nome: 'Pedro Souza', sexo: 'M' },
): Scripted[] {
  const p = 'Beneficiário 1 ·';
  const then = who.sexo === 'F' ? 'Beneficiária 1 ·' : p;
  const [first, ...again] = birth;
  return [
    ...ask(p, [
      ['nome', who.nome],
      ['cpf', ENTER],
      ['data_nascimento', first!],
    ]),
    ...again,
    ...ask(p, [
      ['sexo', who.sexo],
      ['nome_mae', ENTER],
      ['data_solicitacao', ENTER],
      ['grau_dependencia', 'T'],
    ]),
    { q: `${p} Preencher campos opcionais (`, a: false },
    ...ask(then, [
      ['nome', ENTER],
      ['telefone_principal', '11987654321'],
      ['email', 'b1@example.com'],
    ]),
    { q: `${then} Preencher campos opcionais (`, a: false },
    { q: `${then} Incluir um documento?`, a: false },
    ...ask(then, [
      ['finalidade', 'RES'],
      ['tipo_endereco', 'R'],
      ['cep', ENTER],
      ['logradouro', ENTER],
      ['logradouro_numero', ENTER],
      ['complemento', ENTER],
      ['bairro', ENTER],
    ]),
    { q: `${then} Preencher campos opcionais (`, a: false },
    ...ask('Declaração de saúde ·', [['formulario_id', ENTER]]),
    { q: 'Declaração de saúde · Número de perguntas do formulário 1 (0 para nenhuma)', a: '1' },
    ...ask(`${then} pergunta 1 ·`, [['resposta', 'N']]),
    { q: 'Incluir outro beneficiário?', a: false },
  ];
}

/** The review screen's question; `then` is the value of the choice taken (submit, quit, …). */
export const reviewPt = (then: string): Scripted => ({
  q: 'E agora? (digite o número de uma seção para editá-la)',
  a: then,
});
