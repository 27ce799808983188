/**
 * Messages on a terminal narrower than them: wrapped on spaces short of the
 * last column (the terminal would cut a word in two there), in both
 * languages, errors as the other messages; a word wider than the room (a
 * URL) whole on a line of its own; into a pipe, one line as before. (In a
 * real terminal: test/interactive/pty-screen.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageLines } from '../../src/cli/output/wrap.js';
import { answerAfter } from '../../src/cli/prompter.js';
import { startHarness, type Harness, type RunOptions } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const at = (columns: number, lang: string, tty = true): RunOptions => ({
  tty: { stdout: tty, stderr: tty },
  screen: { columns, rows: 30 },
  env: { NO_COLOR: '1', COOPCTL_LANG: lang },
});

describe('a message wider than the terminal', () => {
  it.each([
    [
      'en',
      [
        'error: usuario_cartao (--usuario-cartao): must be 17',
        'digits; understood 3 digits "123" (see coopctl registration',
        'show --help)',
      ],
    ],
    [
      'pt-BR',
      [
        'erro: usuario_cartao (--usuario-cartao): deve ter 17',
        'dígitos; foram lidos 3 dígitos "123" (veja coopctl',
        'registration show --help)',
      ],
    ],
  ])('an error, in %s, at 60 columns: wrapped on spaces, each line under 60', async (lang, lines) => {
    const r = await h.run(['registration', 'show', '123'], at(60, lang));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${lines.join('\n')}\n`);
  });

  it('into a pipe: one line, whatever the columns', async () => {
    const r = await h.run(['registration', 'show', '123'], at(60, 'pt-BR', false));
    expect(r.stderr).toBe(
      'erro: usuario_cartao (--usuario-cartao): deve ter 17 dígitos; foram lidos 3 dígitos "123" (veja coopctl registration show --help)\n',
    );
  });

  it('a URL wider than the room stays whole on a line of its own, neither cut nor shortened', () => {
    const url = 'http://127.0.0.1:8787/api/svccentral/notificacao/envianotificacao';
    expect(messageLines(`Serviço: POST ${url} (agora)`, 40)).toBe(`Serviço: POST\n${url}\n(agora)`);
  });

  it('a line that fits, and a terminal too narrow to wrap for, are left as they are', () => {
    expect(messageLines('Nada foi enviado.', 40)).toBe('Nada foi enviado.');
    expect(messageLines('uma linha mais longa que vinte colunas', 20)).toBe('uma linha mais longa que vinte colunas');
  });
});

describe("an answered question's answer", () => {
  const plain = (text: string) => `<${text}>`;
  it("on the question's line when it fits there, after the mark and the question", () => {
    // 2 (the mark) + 26 + 1 + 5 = 34 columns, under 39.
    expect(answerAfter('Nome [nome] (opcional, ok)', 40, plain)('Pedro')).toBe('<Pedro>');
  });

  it('else on lines of its own, indented, cut at spaces: never past the last column', () => {
    const answer = answerAfter('Código do tipo de notificação [tipo_notificacao]', 60, plain);
    expect(answer('2 (lembrete ou alteração de consulta)')).toBe('\n  <2 (lembrete ou alteração de consulta)>');
    const long = answerAfter('Conteúdo [conteudo]', 30, plain);
    expect(long('Sua consulta é amanhã às 9h na unidade central')).toBe(
      // 2 + 27 = 29 columns, short of the 30th.
      '\n  <Sua consulta é amanhã às 9h>\n  <na unidade central>',
    );
  });

  it('a question of several lines: its last line counts, with no mark before it', () => {
    const answer = answerAfter('Uma pergunta longa cortada\nem duas linhas', 40, plain);
    // 14 + 1 + 20 = 35 columns, under 39: on the last line.
    expect(answer('uma resposta curtinh')).toBe('<uma resposta curtinh>');
  });

  it('not a terminal (no columns): as the library shows it', () => {
    expect(answerAfter('x', undefined, plain)('y'.repeat(300))).toBe(`<${'y'.repeat(300)}>`);
  });
});
