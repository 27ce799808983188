/** The `healthQuestions` setting (the texts of a health-declaration form's questions): its form, its check. */
import { describe, expect, it } from 'vitest';
import { healthQuestionsProblem, parseHealthQuestions, questionsOf } from '../../src/cli/config/health-questions.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { useHarness } from './harness.js';

describe('parseHealthQuestions', () => {
  it('reads form.question=text pairs separated by ";" or line breaks, numbers without leading zeros', () => {
    const parsed = parseHealthQuestions(' 1.1 = Tem alguma doença crônica?;01.02=Fez cirurgia? Qual=?\n2.7=Fuma?; ');
    expect(parsed).toEqual({
      ok: true,
      pairs: new Map([
        ['1.1', 'Tem alguma doença crônica?'],
        ['1.2', 'Fez cirurgia? Qual=?'],
        ['2.7', 'Fuma?'],
      ]),
    });
    if (!parsed.ok) return;
    // The number of questions of a form it knows: its highest question.
    expect([questionsOf(parsed.pairs, '1'), questionsOf(parsed.pairs, '02'), questionsOf(parsed.pairs, '3')]).toEqual([
      2, 7, 0,
    ]);
  });

  it.each([
    ['1=Fuma?', { kind: 'entry', entry: '1=Fuma?' }, '"1=Fuma?" is not'],
    ['1.1=', { kind: 'entry', entry: '1.1=' }, '"1.1=" is not'],
    ['123456.1=Fuma?', { kind: 'entry', entry: '123456.1=Fuma?' }, '"123456.1=Fuma?" is not'],
    ['1.1=A; 1.01=B', { kind: 'twice', key: '1.1' }, 'gives question 1.1 twice'],
  ])('refuses %j', (value, fault, words) => {
    expect(parseHealthQuestions(value)).toEqual({ ok: false, fault });
    expect(healthQuestionsProblem(value)?.(messagesFor('en'))).toContain(words);
  });
});

const setup = useHarness('coopctl-health-questions-');

describe('coopctl config set healthQuestions', () => {
  it('stores a valid value; refuses a bad one naming the form, in the run’s language (exit 2)', async () => {
    const run = (argv: string[]) => setup.h.run(argv, { env: { XDG_CONFIG_HOME: setup.home } });
    const set = await run(['config', 'set', 'healthQuestions', '1.1=Tem alguma doença crônica?']);
    expect(set.code, set.stderr).toBe(0);
    expect((await run(['config', 'get', 'healthQuestions'])).stdout).toBe('1.1=Tem alguma doença crônica?\n');
    const bad = await run(['--lang', 'pt-BR', 'config', 'set', 'healthQuestions', 'Fuma?']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'healthQuestions (origem: a linha de comando) deve ser pares formulário.pergunta=texto separados por ";"',
    );
  });
});
