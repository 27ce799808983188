/**
 * The enrolment wizard's plan, alone: the commands that continue a failed
 * enrolment (quoted for the shell, list flags repeated, the file read with
 * base64, a comment before a command whose id later ones need) and the
 * summary of what was created.
 */
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import {
  commandOf,
  continuation,
  createdSummary,
  type Ids,
  type Step,
} from '../../src/cli/commands/enrol/wizard/plan.js';
import { messagesFor } from '../../src/cli/i18n/index.js';

const EN = messagesFor('en');

describe('the plan (unit)', () => {
  const add = operation('enrol.beneficiary.add');
  const doc = operation('enrol.beneficiary.document');
  const steps: Step[] = [
    {
      id: 'b1.person',
      kind: 'beneficiary',
      op: add,
      label: 'beneficiary 1',
      params: { cpf: '529.982.247-25', data_solicitacao: '01/02/2026', grau_dependencia: 'T', nome: "D'Ávila" },
      parent: 'contrato_id',
      from: { kind: 'contract' },
      creates: 'beneficiario_id',
      defines: { kind: 'beneficiary', index: 1 },
    },
    {
      id: 'b1.document.1',
      kind: 'document',
      op: doc,
      label: 'beneficiary 1 · document 1',
      params: { tipo_documento: ['RG', 'CPF'], numero: '1', tipo_arquivo: 'pdf', arquivo: 'AAAA' },
      parent: 'beneficiario_id',
      from: { kind: 'beneficiary', index: 1 },
      creates: 'documento_id',
      file: '/tmp/my file.pdf',
    },
  ];

  it('commands quote what the shell would split, repeat list flags, and read the file with base64', () => {
    const ids: Ids = { contract: '9', beneficiaries: new Map() };
    expect(commandOf(steps[0]!, ids)).toBe(
      `coopctl enrol beneficiary add 9 --nome 'D'\\''Ávila' --cpf 529.982.247-25 --data-solicitacao 01/02/2026 --grau-dependencia T`,
    );
    expect(commandOf(steps[1]!, ids, ['--profile', 'x y'])).toBe(
      `coopctl --profile 'x y' enrol beneficiary document "$BENEFICIARIO_ID_1" --tipo-documento RG --tipo-documento CPF --numero 1 --arquivo "$(base64 -w0 '/tmp/my file.pdf')" --tipo-arquivo pdf`,
    );
    ids.beneficiaries.set(1, '77');
    expect(continuation(EN, steps.slice(1), ids)[0]).toMatch(/^coopctl enrol beneficiary document 77 /);
  });

  it('a comment before a command whose id later commands need', () => {
    const lines = continuation(EN, steps, { beneficiaries: new Map() });
    expect(lines[0]).toBe('# beneficiary 1: set BENEFICIARIO_ID_1 to the beneficiario_id that this command prints');
    expect(lines[1]).toMatch(/^coopctl enrol beneficiary add "\$CONTRATO_ID" /);
  });

  it('the summary of what was created', () => {
    expect(createdSummary(EN, [])).toBe('nothing');
    expect(
      createdSummary(EN, [
        { step: steps[0]!, id: '5' },
        { step: steps[1]!, id: '6' },
      ]),
    ).toBe('beneficiary 1: beneficiario_id 5 (documento_id 6)');
  });
});
