/**
 * The input forms of every field type with an input normaliser, each with the
 * value the CLI sends for it (the field's parsed value), written by hand from
 * the spec's wire formats. Keyed by the rule; a rule whose `accept` is not
 * here fails test/catalogue/input-forms.test.ts.
 */
import type { Field, FieldRule } from '../../src/catalogue/index.js';
import * as codes from '../../src/catalogue/open-codes.js';
import { birthDate } from '../../src/catalogue/birth-date.js';
import * as r from '../../src/catalogue/rules.js';

/** The day `hoje` names in these rows: 30 November 2026 (local noon), so `amanhã` is 1 December 2026. */
export const TODAY = new Date(2026, 10, 30, 12, 0);

/** Forms as typed, each with the value sent, in the order of the rule's `forms`. */
export type Rows = ReadonlyArray<readonly [form: string, sent: unknown]>;

const yesNo: Rows = [
  ['S', 'S'],
  ['N', 'N'],
  ['s', 'S'],
  ['n', 'N'],
  ['sim', 'S'],
  ['não', 'N'],
  ['nao', 'N'],
  ['yes', 'S'],
  ['no', 'N'],
  ['Sim', 'S'],
  ['NÃO', 'N'],
];

/** Each rule's forms → the value sent. */
export const WIRE = new Map<FieldRule, Rows>([
  [
    r.card,
    [
      ['00010001000001005', '00010001000001005'],
      ['0001 0001 000001 00 5', '00010001000001005'],
      ['0001.0001.000001.00-5', '00010001000001005'],
      ['0001-0001-000001-00-5', '00010001000001005'],
    ],
  ],
  [
    r.cep,
    [
      ['01310100', '01310100'],
      ['01310-100', '01310100'],
      ['01.310-100', '01310100'],
    ],
  ],
  [
    r.cepNumber,
    [
      ['01310100', 1310100],
      ['01310-100', 1310100],
      ['01.310-100', 1310100],
      ['1310100', 1310100],
    ],
  ],
  [
    r.phone,
    [
      ['(11)987654321', '(11)987654321'],
      ['(11) 98765-4321', '(11)987654321'],
      ['11 98765-4321', '(11)987654321'],
      ['11987654321', '(11)987654321'],
      ['+55 11 98765-4321', '(11)987654321'],
      ['+55 (11) 98765-4321', '(11)987654321'],
      ['(11) 3333-4444', '(11)33334444'],
    ],
  ],
  [
    r.phoneNumber,
    [
      ['11987654321', 11987654321],
      ['(11) 98765-4321', 11987654321],
      ['11 98765-4321', 11987654321],
      ['+55 11 98765-4321', 11987654321],
      ['(11)987654321', 11987654321],
      ['(11) 3333-4444', 1133334444],
    ],
  ],
  [
    r.areaCode,
    [
      ['11', 11],
      ['(11)', 11],
    ],
  ],
  [
    r.localNumber,
    [
      ['987654321', 987654321],
      ['98765-4321', 987654321],
      ['98765 4321', 987654321],
      ['3333-4444', 33334444],
    ],
  ],
  [
    r.cpfMasked,
    [
      ['529.982.247-25', '529.982.247-25'],
      ['52998224725', '529.982.247-25'],
      ['529 982 247 25', '529.982.247-25'],
      ['529982247-25', '529.982.247-25'],
    ],
  ],
  [
    r.dateBR,
    [
      ['15/03/1985', '15/03/1985'],
      ['5/3/1985', '05/03/1985'],
      ['15-03-1985', '15/03/1985'],
      ['15.03.1985', '15/03/1985'],
      ['1985-03-15', '15/03/1985'],
      // Two-digit years within 50 years of this one (2026): 27 is 2027.
      ['1/2/27', '01/02/2027'],
      ['hoje', '30/11/2026'],
      ['ontem', '29/11/2026'],
    ],
  ],
  [
    birthDate,
    [
      ['15/03/1985', '15/03/1985'],
      ['5/3/1985', '05/03/1985'],
      ['15-03-1985', '15/03/1985'],
      ['15.03.1985', '15/03/1985'],
      ['1985-03-15', '15/03/1985'],
      // A birth is in the past: the latest year with those two digits not after 2026.
      ['1/2/85', '01/02/1985'],
      ['1/2/26', '01/02/2026'],
      ['1/2/27', '01/02/1927'],
      ['hoje', '30/11/2026'],
      ['ontem', '29/11/2026'],
    ],
  ],
  [
    r.dateISO,
    [
      ['2026-12-01', '2026-12-01'],
      ['01/12/2026', '2026-12-01'],
      ['hoje', '2026-11-30'],
      ['amanhã', '2026-12-01'],
      ['today', '2026-11-30'],
      ['tomorrow', '2026-12-01'],
      ['1/12/2026', '2026-12-01'],
      ['01-12-2026', '2026-12-01'],
      ['HOJE', '2026-11-30'],
      // An appointment is in the future: the earliest year with those two digits not before 2026.
      ['1/12/26', '2026-12-01'],
      ['ontem', '2026-11-29'],
      ['yesterday', '2026-11-29'],
    ],
  ],
  [
    r.dateTime,
    [
      ['2026-12-01 09:00', '2026-12-01 09:00'],
      ['01/12/2026 09:00', '2026-12-01 09:00'],
      ['1/12/2026 9:00', '2026-12-01 09:00'],
      ['2026-12-01T09:00', '2026-12-01 09:00'],
      ['amanhã 09:00', '2026-12-01 09:00'],
      ['tomorrow 9:00', '2026-12-01 09:00'],
      ['amanhã 8:30', '2026-12-01 08:30'],
      ['1/12/26 9:00', '2026-12-01 09:00'],
    ],
  ],
  [
    r.dateTimeEnd,
    [
      ['2026-12-01 09:30', '2026-12-01 09:30'],
      ['01/12/2026 09:30', '2026-12-01 09:30'],
      ['1/12/2026 9:30', '2026-12-01 09:30'],
      ['2026-12-01T09:30', '2026-12-01 09:30'],
      ['amanhã 09:30', '2026-12-01 09:30'],
      ['tomorrow 9:30', '2026-12-01 09:30'],
      ['amanhã 14:30', '2026-12-01 14:30'],
    ],
  ],
  [
    r.state,
    [
      ['SP', 'SP'],
      ['sp', 'SP'],
      ['Rj', 'RJ'],
    ],
  ],
  [r.flagSN, yesNo],
  [
    r.sexMF,
    [
      ['M', 'M'],
      ['F', 'F'],
      ['m', 'M'],
      ['f', 'F'],
    ],
  ],
  [
    r.addressRC,
    [
      ['R', 'R'],
      ['C', 'C'],
      ['r', 'R'],
      ['c', 'C'],
    ],
  ],
  [
    codes.documentType,
    [
      ['RG', ['RG']],
      ['rg', ['RG']],
      ['Cpf', ['CPF']],
    ],
  ],
  [
    codes.addressPurpose,
    [
      ['RES', ['RES']],
      ['res', ['RES']],
      ['Cob', ['COB']],
    ],
  ],
  [
    codes.dependencyDegree,
    [
      ['T', 'T'],
      ['t', 'T'],
      ['d', 'D'],
    ],
  ],
  [
    codes.enrolAddressType,
    [
      ['R', 'R'],
      ['r', 'R'],
      ['c', 'C'],
    ],
  ],
  [codes.invoiceEmail, yesNo],
]);

/** The rows of a field: those of the rule whose normaliser and forms it carries; undefined when no rule here has them. */
export function rowsOf(field: Field): Rows | undefined {
  for (const [rule, rows] of WIRE) if (rule.accept === field.accept && rule.forms === field.forms) return rows;
  return undefined;
}
