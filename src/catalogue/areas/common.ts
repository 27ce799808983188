/** What the areas' declarations share: the method sets, the card parameter, words, and declaring within an area. */
import { req } from '../field.js';
import { said } from '../lang.js';

export { said };
import { type Area, defineOperation, type Host, type OperationDef } from '../operation.js';
import * as r from '../rules.js';

/** A field's label, when it is not its help capitalised. */
export const label = (en: string, pt: string) => ({ label: said(en, pt) });
/** What a read lists: `allergy`, `allergies`; `f` for a feminine Portuguese noun (`Nenhuma alergia`). */
export const nouns = (one: string, many: string, um: string, muitos: string, gender: 'm' | 'f' = 'm') => ({
  en: { one, many },
  'pt-BR': { one: um, many: muitos, feminine: gender === 'f' },
});

export const READ = ['GET', 'HEAD'] as const;
export const WRITE = ['POST'] as const;

/** The beneficiary's card number, the parameter most operations take. */
export const cardParam = {
  usuario_cartao: req(r.card, said("beneficiary's card number", 'número do cartão do beneficiário'), {
    label: said('Card', 'Cartão'),
  }),
};

/** An entry as an area declares it: the area fills in the rest. */
export type AreaEntry = Omit<OperationDef, 'area' | 'host' | 'path'>;

/**
 * Declares operations of one area: each on the area's host, served at the
 * area's path `prefix` followed by the operation's spec name
 * (`/api/svcweb` + `contrato/search`).
 */
export function inArea<const A extends Area, const H extends Host, const P extends string>(
  area: A,
  host: H,
  prefix: P,
) {
  return <const D extends AreaEntry>(entry: D) =>
    defineOperation({ ...entry, area, host, path: `${prefix}/${entry.name}` as `${P}/${D['name']}` });
}
