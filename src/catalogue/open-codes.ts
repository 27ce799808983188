/**
 * Fields whose code list the spec leaves open ("allowed values: not shown"):
 * the codes coopctl documents (codes.ts) are suggestions, offered in prompts,
 * completion and help; any other code within the spec's bounds is valid, and
 * the CLI warns about it (docs/decisions.md, "Input forms and warnings").
 */
import {
  addressPurposes,
  addressTypes,
  beneficiaryTypes,
  contractOptionMeanings,
  dependencyDegrees,
  deviceTypes,
  documentTypes,
  invoiceByEmail,
  notificationTypes,
  userGroups,
} from './codes.js';
import { anyCase, yesNoInput, type InputForms } from './input-forms.js';
import type { Said } from './lang.js';
import { codes, extend, int, text, withExample, type FieldRule } from './rules.js';

/**
 * `base` for a code list the spec leaves open: the documented `table` (codes
 * and their meaning) as suggestions, and a warning for any other code. Text
 * codes are accepted in any case (`rg` → `RG`), or by `forms` when given.
 */
export function suggest<T>(
  base: FieldRule<T>,
  table: Readonly<Record<string | number, Said>>,
  forms?: InputForms,
): FieldRule<T> {
  const known = (v: unknown) => Object.hasOwn(table, String(v));
  const warn = (field: string, value: unknown) => {
    const others = (Array.isArray(value) ? value : [value]).filter((v) => !known(v)).map(String);
    return others.length ? { code: 'undocumented' as const, field, codes: others, known: table } : undefined;
  };
  const typed = base.kind === 'int' ? {} : (forms ?? anyCase(Object.keys(table), Object.keys(table)));
  return extend(base, { suggestions: table, warn, ...typed });
}

/** `tipo_documento` (each element). */
export const documentType = suggest(
  withExample(codes, 'RG'),
  documentTypes,
  anyCase(Object.keys(documentTypes), ['RG', 'rg', 'Cpf']),
);
/** `finalidade` (each element). */
export const addressPurpose = suggest(
  withExample(codes, 'RES'),
  addressPurposes,
  anyCase(Object.keys(addressPurposes), ['RES', 'res', 'Cob']),
);
/** An enrolment address's `tipo_endereco`: R residential, C commercial (how the stand-in stores it, docs/decisions.md). */
export const enrolAddressType = suggest(
  text(3, 0, 'R'),
  addressTypes,
  anyCase(Object.keys(addressTypes), ['R', 'r', 'c']),
);
/** `grau_dependencia`. */
export const dependencyDegree = suggest(
  text(2, 0, 'T'),
  dependencyDegrees,
  anyCase(Object.keys(dependencyDegrees), ['T', 't', 'd']),
);
/** `fatura_email`: S or N, typed as any indicator is (`sim`, `não`…). */
export const invoiceEmail = suggest(text(2, 0, 'S'), invoiceByEmail, yesNoInput);
/** `dispositivo_tipo`. */
export const deviceType = suggest(int(1, 1, '1'), deviceTypes);
/** `tipo_notificacao`. */
export const notificationType = suggest(int(1, 2, '1'), notificationTypes);
/** `grupo_usuario`. */
export const userGroup = suggest(int(1, 2, '1'), userGroups);
/** `tipo_beneficiario`. */
export const beneficiaryType = suggest(int(1, 2, '1'), beneficiaryTypes);
/** `opcao_id` of `contrato/alterar_situacao`: each option's action and transition. */
export const contractOption = suggest(int(1, 10, '2'), contractOptionMeanings);
