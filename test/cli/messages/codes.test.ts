/**
 * Code values shown with their meaning (src/cli/i18n/messages/codes.ts): the
 * documented code tables live in the catalogue, every code's meaning in both
 * languages (src/catalogue/codes.ts), and the CLI shows them in the run's.
 */
import { describe, expect, it } from 'vitest';
import { codeTables } from '../../../src/catalogue/codes.js';
import type { Said } from '../../../src/catalogue/index.js';
import { messagesFor } from '../../../src/cli/i18n/index.js';

/** Meanings that are the same words in both languages (names of systems). */
const same = new Set(['deviceTypes 1', 'deviceTypes 2']);

describe('the documented codes in both languages', () => {
  const tables = Object.entries(codeTables) as Array<[keyof typeof codeTables, Readonly<Record<string, Said>>]>;

  it.each(tables.map(([name, table]) => [name, table] as const))(
    '%s: every code has a meaning in each',
    (name, table) => {
      for (const code of Object.keys(table)) {
        const pt = messagesFor('pt-BR').codes.meaning(name, code);
        const en = messagesFor('en').codes.meaning(name, code);
        expect(pt.trim(), `${name} ${code}`).not.toBe('');
        expect(en.trim(), `${name} ${code}`).not.toBe('');
        if (!same.has(`${name} ${code}`)) expect(pt, `${name} ${code}`).not.toBe(en);
      }
    },
  );

  it('shows a code with its meaning, and says when a code has none', () => {
    const en = messagesFor('en').codes;
    const pt = messagesFor('pt-BR').codes;
    expect(en.coded('tipo_notificacao', 'notificationTypes', 2)).toBe(
      'tipo_notificacao 2 (appointment reminder or change)',
    );
    expect(pt.coded('tipo_notificacao', 'notificationTypes', 2)).toBe(
      'tipo_notificacao 2 (lembrete ou alteração de consulta)',
    );
    expect(en.coded('confirma_operacao', 'confirmationCodes', 3)).toBe('confirma_operacao 3 (no result)');
    expect(pt.coded('confirma_operacao', 'confirmationCodes', 3)).toBe('confirma_operacao 3 (nenhum resultado)');
    expect(pt.coded('grupo_usuario', 'userGroups', '2')).toBe('grupo_usuario 2 (plano empresarial)');
    expect(pt.coded('grupo_usuario', 'userGroups', 9)).toBe('grupo_usuario 9 (sem significado documentado)');
    expect(en.coded('grupo_usuario', 'userGroups', 9)).toBe('grupo_usuario 9 (no documented meaning)');
    expect(pt.coded('opcao_id', 'contractOptions', 2)).toBe('opcao_id 2 (suspender (ativo → suspenso))');
    expect(en.coded('opcao_id', 'contractOptions', 2)).toBe('opcao_id 2 (suspend (ativo → suspenso))');
    expect(pt.code('documentTypes', 'CNH')).toBe('CNH (carteira de habilitação)');
    expect(pt.code('documentTypes', 'XYZ')).toBe('XYZ');
  });
});
