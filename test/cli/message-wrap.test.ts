/**
 * Messages on a terminal narrower than them: wrapped on spaces short of the
 * last column (the terminal would cut a word in two there), in both
 * languages, errors as the other messages; a word wider than the room (a
 * URL) whole on a line of its own; into a pipe, one line as before. (In a
 * real terminal: test/interactive/pty-screen.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageLines } from '../../src/cli/output/wrap.js';
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
  it('an error, in English, at 60 columns: wrapped on spaces, each line under 60', async () => {
    const r = await h.run(['registration', 'show', '123'], at(60, 'en'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      [
        'error: usuario_cartao (--usuario-cartao): must be 17',
        'digits; understood 3 digits "123" (see coopctl registration',
        'show --help)',
        '',
      ].join('\n'),
    );
  });

  it('the same in Portuguese', async () => {
    const r = await h.run(['registration', 'show', '123'], at(60, 'pt-BR'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      [
        'erro: usuario_cartao (--usuario-cartao): deve ter 17',
        'dígitos; foram lidos 3 dígitos "123" (veja coopctl',
        'registration show --help)',
        '',
      ].join('\n'),
    );
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
