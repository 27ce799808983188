/** The `enrolCodes` setting (the codes the enrolment wizard offers, with their meanings): its form, its check, its languages. */
import { describe, expect, it } from 'vitest';
import { codesIn, enrolCodesOf, enrolCodesProblem, parseEnrolCodes } from '../../src/cli/config/enrol-codes.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { useHarness } from './harness.js';

describe('parseEnrolCodes', () => {
  it('reads field.code[@lang]=meaning pairs separated by ";" or line breaks, codes as their field takes them', () => {
    const parsed = parseEnrolCodes(
      ' origem.WB = Venda pela internet;grau_parentesco.TIT=Titular\ntipo_endereco.r=Residencial; estado_civil.C@en=Married; produto_tabela_id.11=Tabela 11',
    );
    expect(parsed).toEqual({
      ok: true,
      pairs: new Map([
        ['origem.WB', 'Venda pela internet'],
        ['grau_parentesco.TIT', 'Titular'],
        ['tipo_endereco.R', 'Residencial'],
        ['estado_civil.C@en', 'Married'],
        ['produto_tabela_id.11', 'Tabela 11'],
      ]),
    });
  });

  it.each([
    // No field of the list.
    ['cor.A=Azul', { kind: 'entry', entry: 'cor.A=Azul' }, '"cor.A=Azul" is not'],
    // grau_parentesco is up to 3 characters; produto_tabela_id digits; origem at least 1 character.
    ['grau_parentesco.TITU=Titular', { kind: 'entry', entry: 'grau_parentesco.TITU=Titular' }, 'is not'],
    ['produto_tabela_id.X1=Tabela', { kind: 'entry', entry: 'produto_tabela_id.X1=Tabela' }, 'is not'],
    ['origem.=Sem código', { kind: 'entry', entry: 'origem.=Sem código' }, 'is not'],
    // A language coopctl does not speak; a meaning left empty.
    ['estado_civil.C@fr=Marié', { kind: 'entry', entry: 'estado_civil.C@fr=Marié' }, 'is not'],
    ['estado_civil.C=', { kind: 'entry', entry: 'estado_civil.C=' }, 'is not'],
    [
      'tipo_endereco.R=Residencial; tipo_endereco.r=Casa',
      { kind: 'twice', key: 'tipo_endereco.R' },
      'gives tipo_endereco.R twice',
    ],
  ])('refuses %j', (value, fault, words) => {
    expect(parseEnrolCodes(value)).toEqual({ ok: false, fault });
    expect(enrolCodesProblem(value)?.(messagesFor('en'))).toContain(words);
  });
});

describe('the codes of a run', () => {
  const pairs = new Map([
    ['estado_civil.C', 'Casado(a)'],
    ['estado_civil.C@en', 'Married'],
    ['estado_civil.S@pt-BR', 'Solteiro(a)'],
    ['origem.WB', 'Venda pela internet'],
  ]);

  it('take the meaning in the run’s language, else the one without a language, else the other’s', () => {
    expect(codesIn(pairs, 'en')).toEqual(
      new Map([
        [
          'estado_civil',
          new Map([
            ['C', 'Married'],
            ['S', 'Solteiro(a)'],
          ]),
        ],
        ['origem', new Map([['WB', 'Venda pela internet']])],
      ]),
    );
    expect(codesIn(pairs, 'pt-BR').get('estado_civil')).toEqual(
      new Map([
        ['C', 'Casado(a)'],
        ['S', 'Solteiro(a)'],
      ]),
    );
  });

  it('are none when the setting is unset or malformed', () => {
    expect(enrolCodesOf(undefined, 'en').size).toBe(0);
    expect(enrolCodesOf('origem=WB', 'en').size).toBe(0);
  });
});

const setup = useHarness('coopctl-enrol-codes-');

describe('coopctl config set enrolCodes', () => {
  it('stores a valid value; refuses a code its field’s rule refuses, in the run’s language (exit 2)', async () => {
    const run = (argv: string[]) => setup.h.run(argv, { env: { XDG_CONFIG_HOME: setup.home } });
    const set = await run(['config', 'set', 'enrolCodes', 'origem.WB=Venda pela internet']);
    expect(set.code, set.stderr).toBe(0);
    expect((await run(['config', 'get', 'enrolCodes'])).stdout).toBe('origem.WB=Venda pela internet\n');
    const bad = await run(['--lang', 'pt-BR', 'config', 'set', 'enrolCodes', 'grau_parentesco.TITU=Titular']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'enrolCodes (origem: a linha de comando) deve ser pares campo.código=significado separados por ";"',
    );
    expect(bad.stderr).toContain('"grau_parentesco.TITU=Titular" não é');
  });
});
