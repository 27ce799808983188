/**
 * The catalogue's types, inferred from its zod field rules: `tsc --noEmit`
 * (npm run typecheck) fails when a parameter's or a record field's type is
 * not what the spec's rule makes it, and the runtime checks beside them show
 * that validation yields values of exactly those types.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  operation,
  operations,
  sampleParams,
  validateParams,
  type Operation,
  type OperationId,
  type ParamsOf,
  type RecordOf,
} from '../../src/catalogue/index.js';
import type { COMMAND_ORDER } from './spec-endpoints.js';

/** The parsed parameters of `id` from its sample values, or a failure naming the errors. */
function parsedSample<Id extends OperationId>(id: Id): ParamsOf<Id> {
  const v = validateParams(operation(id), sampleParams(operation(id)));
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.value;
}

describe('ParamsOf', () => {
  it('types a 17-digit card as a string, required', () => {
    expectTypeOf<ParamsOf<'registration.show'>>().toEqualTypeOf<{ usuario_cartao: string }>();
    expectTypeOf<ParamsOf<'registration.show'>['usuario_cartao']>().toBeString();
    expect(parsedSample('registration.show')).toEqual({ usuario_cartao: '00010001000001005' });
  });

  it('types an int of up to 15 digits as a number, and of 16 digits or more as a digit string', () => {
    type Book = ParamsOf<'schedule.book'>;
    expectTypeOf<Book['nr_celular']>().toEqualTypeOf<number>(); // up to 9 digits
    expectTypeOf<Book['nr_ddd_celular']>().toEqualTypeOf<number>(); // exactly 2
    expectTypeOf<Book['cd_local']>().toEqualTypeOf<string>(); // up to 18
    expectTypeOf<Book['prest_cod_svc_card']>().toEqualTypeOf<string>(); // up to 18
    expectTypeOf<ParamsOf<'enrol.beneficiary.declaration'>['beneficiario_id']>().toEqualTypeOf<string>(); // up to 30
    expectTypeOf<ParamsOf<'enrol.payer'>['contrato_id']>().toEqualTypeOf<number>(); // up to 10
    const book = parsedSample('schedule.book');
    expect(book.nr_celular).toBe(987654321);
    expect(book.nr_ddd_celular).toBe(11);
    expect(book.cd_local).toBe('101');
    expect(book.prest_cod_svc_card).toBe('9001');
  });

  it('types a list as string[] and a closed set as the union of its letters', () => {
    expectTypeOf<ParamsOf<'enrol.beneficiary.document'>['tipo_documento']>().toEqualTypeOf<string[]>();
    expectTypeOf<ParamsOf<'enrol.beneficiary.address'>['finalidade']>().toEqualTypeOf<string[]>();
    expectTypeOf<ParamsOf<'enrol.beneficiary.declaration'>['resposta']>().toEqualTypeOf<'S' | 'N'>();
    expectTypeOf<ParamsOf<'registration.save-address'>['tipo_endereco']>().toEqualTypeOf<'R' | 'C'>();
    expectTypeOf<ParamsOf<'enrol.payer'>['sexo']>().toEqualTypeOf<'M' | 'F'>();
    expect(parsedSample('enrol.beneficiary.document').tipo_documento).toEqual(['RG']);
    expect(parsedSample('enrol.beneficiary.declaration').resposta).toBe('S');
  });

  it('makes optional parameters optional, and required ones required', () => {
    type Send = ParamsOf<'notify.send'>;
    expectTypeOf<Send>().toEqualTypeOf<{
      conteudo: string;
      tipo_notificacao: number;
      usuario_envio: number;
      grupo_usuario?: number | undefined;
      tipo_beneficiario?: number | undefined;
      usuario_cartao?: string | undefined;
    }>();
    expectTypeOf<ParamsOf<'enrol.contract.search'>>().toEqualTypeOf<{ contrato_id?: number | undefined }>();
    expectTypeOf<ParamsOf<'schedule.list'>>().toHaveProperty('ind_apenas_concluidas').toEqualTypeOf<'S' | 'N'>();
    expect(parsedSample('enrol.contract.search')).toEqual({ contrato_id: 1 });
  });

  it('has no parameter the operation does not declare', () => {
    expectTypeOf<ParamsOf<'registration.cep'>>().not.toHaveProperty('usuario_cartao');
    expectTypeOf<ParamsOf<'registration.cep'>>().toEqualTypeOf<{ cep: string }>();
  });
});

describe('RecordOf', () => {
  it('types the registration record with its groups and its envelope', () => {
    type Show = RecordOf<'registration.show'>;
    expectTypeOf<Show['cpf']>().toEqualTypeOf<string>();
    expectTypeOf<Show['contrato']>().toEqualTypeOf<number>();
    expectTypeOf<Show['situacao']>().toEqualTypeOf<'E' | 'A'>();
    // The spec does not say whether a group is one object or a list: each is typed as either.
    type Address = Exclude<Show['endereco'], unknown[]>;
    type Contact = Exclude<Show['contato'], unknown[]>;
    expectTypeOf<Show['endereco']>().toEqualTypeOf<Address | Address[]>();
    expectTypeOf<Show['contato']>().toEqualTypeOf<Contact | Contact[]>();
    expectTypeOf<Address['cep']>().toEqualTypeOf<string>();
    expectTypeOf<Address['ind_fatura']>().toEqualTypeOf<'S' | 'N'>();
    expectTypeOf<Contact['email']>().toEqualTypeOf<string>();
    expectTypeOf<Show['confirma_operacao']>().toEqualTypeOf<number>();
    expectTypeOf<Show['mensagem_erro']>().toEqualTypeOf<string>();
  });

  it('types 18-digit codes of a record as strings, and follows the envelope mode', () => {
    expectTypeOf<RecordOf<'schedule.list'>['cd_evento']>().toEqualTypeOf<string>();
    expectTypeOf<RecordOf<'schedule.list'>['cd_coop_prest']>().toEqualTypeOf<number>();
    expectTypeOf<RecordOf<'enrol.contract.search'>>().not.toHaveProperty('confirma_operacao');
    expectTypeOf<RecordOf<'enrol.contract.search'>['cv_situacao']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordOf<'enrol.beneficiary.contact'>>().toEqualTypeOf<{
      contato_id?: number | undefined;
      confirma_operacao?: number | undefined;
      mensagem_erro?: string | undefined;
    }>();
    expectTypeOf<RecordOf<'notify.device.change'>['success']>().toEqualTypeOf<'true' | 'false'>();
  });
});

describe('operations by id', () => {
  it('knows every id of the catalogue, and only those', () => {
    expectTypeOf<'registration.show'>().toExtend<OperationId>();
    expectTypeOf<'enrol.beneficiary.declaration'>().toExtend<OperationId>();
    expectTypeOf<'registration.nope'>().not.toExtend<OperationId>();
    expectTypeOf<`record.${string}`>().not.toExtend<OperationId>();
    expectTypeOf<OperationId>().toEqualTypeOf<keyof typeof operations>();
    expectTypeOf<OperationId>().toEqualTypeOf<(typeof COMMAND_ORDER)[number]>();
  });

  it('types operation(id) and operations[id] by id, each still an Operation', () => {
    const show = operation('registration.show');
    expectTypeOf(show.id).toEqualTypeOf<'registration.show'>();
    expectTypeOf(operations['schedule.book']).toEqualTypeOf(operation('schedule.book'));
    expectTypeOf(show.params.usuario_cartao.required).toEqualTypeOf<true>();
    expectTypeOf(operation('enrol.beneficiary.add').params.nome.required).toEqualTypeOf<false>();
    expectTypeOf(show).toExtend<Operation>();
    expect(operations['schedule.book']).toBe(operation('schedule.book'));
    expect(show.params.usuario_cartao.required).toBe(true);
  });

  it('gives untyped parameters for an id known only at run time', () => {
    const id: string = 'registration.cep';
    const v = validateParams(operation(id), { cep: '01310100' });
    if (v.ok) expectTypeOf(v.value).toEqualTypeOf<Record<string, unknown>>();
    expect(v).toEqual({ ok: true, value: { cep: '01310100' } });
  });
});
