/**
 * The business rules, as pure functions (src/server/domain/): each is held to
 * literal cases here; the store tests check them end to end through the
 * handlers and SQLite.
 */
import { describe, expect, it } from 'vitest';
import { contractOptions } from '../../src/catalogue/codes.js';
import {
  beneficiariesFollow,
  beneficiaryTransition,
  contractRefusal,
  lives,
  validity,
} from '../../src/server/domain/enrol.js';
import { audienceDevices, registeredDevice, sendingFor } from '../../src/server/domain/notify.js';
import { cepForms, freeAddressCode, mergeContact, restampOn } from '../../src/server/domain/registration.js';
import { bookingRefusal, isFree, offered, offeredDates, requestedTimes } from '../../src/server/domain/schedule.js';
import type { Slot } from '../../src/server/store/areas/schedule.js';

describe('registration', () => {
  it('a CEP of 8 to 11 digits has the forms of its 8 digits padded with zeros, the given one first', () => {
    expect(cepForms('00001310100')).toEqual(['00001310100', '01310100', '001310100', '0001310100']);
    expect(cepForms('01310100')).toEqual(['01310100', '001310100', '0001310100', '00001310100']);
    expect(cepForms('10001310100')).toEqual(['10001310100']);
    expect(cepForms('000001310100')).toEqual(['000001310100']);
  });

  const counters = { lote: 40, movimento: 700 };

  it('opens a batch with the first change of a day and joins it later that day; every change is a movement', () => {
    const first = restampOn('2026-01-15')({ lote: 12, movimento: 90, changed_on: '2026-01-14' }, counters);
    expect(first).toEqual({
      stamp: { lote: 41, movimento: 701, changed_on: '2026-01-15' },
      counters: { lote: 41, movimento: 701 },
    });
    const again = restampOn('2026-01-15')(first.stamp, first.counters);
    expect(again).toEqual({
      stamp: { lote: 41, movimento: 702, changed_on: '2026-01-15' },
      counters: { lote: 41, movimento: 702 },
    });
    expect(restampOn('2026-01-15')({ lote: 0, movimento: 0, changed_on: null }, { lote: 0, movimento: 0 })).toEqual({
      stamp: { lote: 1, movimento: 1, changed_on: '2026-01-15' },
      counters: { lote: 1, movimento: 1 },
    });
  });

  it('gives a new address the code after the highest, then the lowest free one, and none past 99 taken', () => {
    expect(freeAddressCode([])).toBe(1);
    expect(freeAddressCode([1, 2])).toBe(3);
    expect(freeAddressCode([2, 5])).toBe(6);
    expect(freeAddressCode([1, 3, 99])).toBe(2);
    expect(freeAddressCode(Array.from({ length: 99 }, (_, i) => i + 1))).toBeUndefined();
  });

  it('changes the contact fields given; a new contact has the others empty and codigo 1', () => {
    const current = { telefone: '(11)33334444', celular: '(11)999998888', fax: '', email: 'a@example.com', codigo: 2 };
    expect(mergeContact(current, { email: 'b@example.com' })).toEqual({ ...current, email: 'b@example.com' });
    expect(mergeContact(undefined, { fax: '(11)33335555' })).toEqual({
      telefone: '',
      celular: '',
      fax: '(11)33335555',
      email: '',
      codigo: 1,
    });
  });
});

describe('scheduling', () => {
  const slot = (hora_inicio: string, statuses: Slot['statuses'] = [], data_consulta = '2026-01-16'): Slot => ({
    tp_evento: 1,
    data_consulta,
    hora_inicio,
    hora_fim: '23:59',
    statuses,
  });

  it('a slot is free unless an appointment that is not cancelled holds it', () => {
    expect(isFree(slot('09:00'))).toBe(true);
    expect(isFree(slot('09:00', ['cancelado', 'cancelado']))).toBe(true);
    for (const s of ['aguardando', 'confirmado', 'realizado', 'faltou'] as const)
      expect(isFree(slot('09:00', ['cancelado', s])), s).toBe(false);
  });

  it('offers the free slots that start after now, and their dates once each', () => {
    const slots = [
      slot('09:00', [], '2026-01-15'),
      slot('11:00', [], '2026-01-15'),
      slot('08:00', ['confirmado'], '2026-01-16'),
      slot('09:00', ['cancelado'], '2026-01-16'),
      slot('10:00', [], '2026-01-16'),
      slot('08:00', ['aguardando'], '2026-01-19'),
    ];
    expect(offered(slots, '2026-01-15 10:00').map((s) => `${s.data_consulta} ${s.hora_inicio}`)).toEqual([
      '2026-01-15 11:00',
      '2026-01-16 09:00',
      '2026-01-16 10:00',
    ]);
    expect(offeredDates(slots, '2026-01-15 10:00')).toEqual(['2026-01-15', '2026-01-16']);
  });

  it('books a free slot of the agenda only', () => {
    expect(bookingRefusal(undefined)).toBe('no-slot');
    expect(bookingRefusal(slot('09:00', ['aguardando']))).toBe('taken');
    expect(bookingRefusal(slot('09:00', ['cancelado']))).toBeUndefined();
  });

  it('takes a slot that has not started (that it ends later on its day is the catalogue’s check)', () => {
    expect(requestedTimes('2026-01-16 09:00', '2026-01-16 09:30', '2026-01-15 10:00')).toEqual({
      data_consulta: '2026-01-16',
      hora_inicio: '09:00',
      hora_fim: '09:30',
    });
    expect(requestedTimes('2026-01-15 10:00', '2026-01-15 10:30', '2026-01-15 10:00')).toBeUndefined();
    expect(requestedTimes('2026-01-15 09:59', '2026-01-15 10:30', '2026-01-15 10:00')).toBeUndefined();
  });
});

describe('enrolment', () => {
  it('counts a contract’s lives: its beneficiaries in state ativo', () => {
    const counts = [
      { contract_id: 1, status: 'ativo', count: 4 },
      { contract_id: 1, status: 'suspenso', count: 2 },
      { contract_id: 1, status: 'cancelado', count: 1 },
      { contract_id: 2, status: 'ativo', count: 9 },
    ] as const;
    expect(lives(counts, 1)).toBe(4);
    expect(lives(counts, 2)).toBe(9);
    expect(lives(counts, 3)).toBe(0);
  });

  it('starts validity with the payer’s date, else the month after creation; renews the card every year', () => {
    expect(validity({ created_on: '2025-03-20', start_on: null }, '2026-01-15')).toEqual({
      start: '2025-04-01',
      renewal: '2026-04-01',
    });
    expect(validity({ created_on: '2019-03-11', start_on: '2019-04-01' }, '2026-01-15')).toEqual({
      start: '2019-04-01',
      renewal: '2026-04-01',
    });
    expect(validity({ created_on: '2019-03-11', start_on: '2019-04-01' }, '2026-04-01')).toEqual({
      start: '2019-04-01',
      renewal: '2027-04-01',
    });
  });

  it('moves contracts and beneficiaries only from the states a transition starts from', () => {
    const [activate, suspend, , cancel] = [1, 2, 3, 4].map((k) => contractOptions[k]!);
    expect(contractRefusal(activate!, 6, 'proposta')).toBeUndefined();
    expect(contractRefusal(activate!, 1, 'ativo')).toEqual({
      en: 'cannot activate contract 1: it is ativo',
      'pt-BR': 'não é possível ativar o contrato 1: ele está ativo',
    });
    expect(contractRefusal(cancel!, 9, undefined)?.en).toBe('no contract has contrato_id 9');
    expect(beneficiariesFollow('cancelado')).toBe('cancelado');
    expect(beneficiariesFollow('suspenso')).toBeUndefined();
    const b = { id: 5, contract_id: 2, status: 'ativo' } as const;
    expect(beneficiaryTransition(suspend!, 5, b, undefined)).toEqual({ to: 'suspenso' });
    expect(beneficiaryTransition(suspend!, 5, b, 3)).toEqual({
      en: 'beneficiary 5 is not on contract 3',
      'pt-BR': 'o beneficiário 5 não é do contrato 3',
    });
    expect(beneficiaryTransition(activate!, 5, b, 2)).toHaveProperty(
      'en',
      'cannot activate beneficiary 5: it is ativo',
    );
    expect(beneficiaryTransition(suspend!, 8, undefined, undefined)).toHaveProperty(
      ['pt-BR'],
      'nenhum beneficiário tem beneficiario_id 8',
    );
  });
});

describe('notifications', () => {
  const request = { token: 't1', tipo: 2, holderId: null, pushid: 'new-id', today: '2026-01-15' };

  it('registers a new token as a new active device; a known token updates that device, keeping its card', () => {
    expect(registeredDevice(undefined, request)).toEqual({
      pushid: 'new-id',
      token: 't1',
      tipo: 2,
      holderId: null,
      active: true,
      registered_on: '2026-01-15',
    });
    const known = { pushid: 'p0', token: 't1', tipo: 1, holderId: 7, active: false, registered_on: '2025-05-05' };
    expect(registeredDevice(known, request)).toEqual({ ...known, tipo: 2, active: true });
    expect(registeredDevice(known, { ...request, holderId: 8 })).toEqual({
      ...known,
      tipo: 2,
      holderId: 8,
      active: true,
    });
  });

  it('sends to active devices of the audience, and stores a sending only when someone receives it', () => {
    expect(audienceDevices('all')).toEqual({ active: true });
    expect(audienceDevices({ grupo_usuario: 2, tipo_beneficiario: 1 })).toEqual({
      grupo_usuario: 2,
      tipo_beneficiario: 1,
      active: true,
    });
    const sending = {
      id: 'n1',
      conteudo: 'x',
      tipo_notificacao: 1,
      usuario_envio: 1,
      audience: 'all',
      sent_at: 's',
    } as const;
    expect(sendingFor(sending)(0)).toBeUndefined();
    expect(sendingFor(sending)(3)).toEqual({ ...sending, recipients: 3 });
  });
});
