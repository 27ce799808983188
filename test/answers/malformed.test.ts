/**
 * Answers that are not the documented shape: exit 4, one line naming the
 * record, the field's path, what the rule expects and what was received
 * (type and a bounded excerpt, personal numbers masked). One case per kind.
 */
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord, type Operation, type Row } from '../../src/catalogue/index.js';
import { callArgv } from '../cli/argv.js';
import { useHarness } from '../cli/harness.js';

const run = useHarness('coopctl-answers-');

const show = operation('registration.show');
const list = operation('schedule.list');
const allergies = operation('record.allergies');
const record = sampleRecord(show);
const address = (record['endereco'] as Row[])[0]!;
const envelope = (code: unknown): Row => ({ confirma_operacao: code, mensagem_erro: '' });

/** The one error line of a run that must end in exit 4. */
async function faultOf(op: Operation, body: unknown): Promise<string> {
  (op.host === 'test' ? run.h.test : run.h.base).reply({ json: body });
  const r = await run.h.run(callArgv(op, sampleParams(op)));
  expect(r.code, r.stderr).toBe(4);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const cases: [string, Operation, unknown, string][] = [
  [
    'a field of the wrong type',
    show,
    [{ ...record, nome: 12 }],
    'record 0 field nome: must be up to 120 characters; received a number (12)',
  ],
  [
    'a required field absent',
    show,
    [{ ...record, nome_mae: undefined }],
    'record 0 field nome_mae: is required (up to 70 characters); received nothing (the field is absent)',
  ],
  [
    'a text past its bound (the excerpt cut at 40 characters)',
    show,
    [{ ...record, nome: 'A'.repeat(121) }],
    `record 0 field nome: must be up to 120 characters; received a string of 121 characters ("${'A'.repeat(40)}…")`,
  ],
  [
    'an int given as other text',
    show,
    [{ ...record, contrato: '12a' }],
    'record 0 field contrato: must be an integer of up to 10 digits; received a string of 3 characters ("12a")',
  ],
  [
    'a field inside a group given as a list',
    show,
    [{ ...record, endereco: [address, { ...address, cep: '01310-100' }] }],
    'record 0 field endereco.1.cep: must be 8 to 11 digits; received a string of 9 characters ("01310-100")',
  ],
  [
    'a field inside a group given as one object',
    show,
    [{ ...record, contato: { ...(record['contato'] as Row), codigo: true } }],
    'record 0 field contato.codigo: must be an integer of up to 2 digits; received a boolean (true)',
  ],
  [
    'a group that is neither an object nor a list',
    show,
    [{ ...record, endereco: 'Rua A' }],
    'record 0 field endereco: must be an object or an array of objects; received a string of 5 characters ("Rua A")',
  ],
  [
    'a list element of a group that is not an object',
    show,
    [{ ...record, endereco: [5] }],
    'record 0 field endereco.0: must be an object; received a number (5)',
  ],
  [
    'a CPF in the wrong form, masked in the message',
    show,
    [{ ...record, cpf: '529.982.247-25' }],
    'record 0 field cpf: must be 11 digits; received a string of 14 characters ("***.***.*47-25")',
  ],
  [
    'a code that is not an int',
    allergies,
    [envelope(1.5)],
    'record 0 field confirma_operacao: must be an integer; received a number (1.5)',
  ],
  [
    'a registration code written as a word',
    show,
    [envelope('um')],
    'record 0 field confirma_operacao: must be an integer; received a string of 2 characters ("um")',
  ],
  [
    'a scheduling code that is null',
    list,
    [envelope(null)],
    'record 0 field confirma_operacao: must be an integer; received null',
  ],
  [
    'a missing mensagem_erro',
    allergies,
    [{ confirma_operacao: 3 }],
    'record 0 field mensagem_erro: is required (up to 4000 characters); received nothing (the field is absent)',
  ],
  [
    'bad data under a code without a documented meaning',
    list,
    [{ ...sampleRecord(list, 7), cd_coop_prest: 'x' }],
    'record 0 field cd_coop_prest: must be an integer of up to 4 digits; received a string of 1 character ("x")',
  ],
  [
    'the second record wrong',
    allergies,
    [sampleRecord(allergies), { ...sampleRecord(allergies), status: null }],
    'record 1 field status: must be up to 255 characters; received null',
  ],
  ['a record that is not an object', allergies, [7], 'record 0: must be an object; received a number (7)'],
  [
    'one object where a list is required',
    allergies,
    sampleRecord(allergies),
    'expected a JSON array of records, got object',
  ],
];

describe('an answer that is not the documented shape', () => {
  it.each(cases)('%s: exit 4 naming the field and what was received', async (_what, op, body, problem) => {
    const line = await faultOf(op, body);
    expect(line.startsWith(`error: GET ${op.host === 'test' ? run.h.test.url : run.h.base.url}${op.path}`), line).toBe(
      true,
    );
    expect(line).toContain(' answered HTTP 200 (application/json): ');
    expect(line.endsWith(`: not the documented shape: ${problem}`), line).toBe(true);
  });

  it('a long excerpt is bounded and its control characters are shown, not sent to the terminal', async () => {
    const line = await faultOf(allergies, [{ ...sampleRecord(allergies), categoria: `\u001b[31m${'x'.repeat(300)}` }]);
    expect(line).not.toContain('\u001b');
    expect(line).toContain(`received a string of 305 characters ("\\u001b[31m${'x'.repeat(35)}…")`);
    expect(line.length).toBeLessThan(400);
  });
});
