/**
 * Which columns of a list a narrow terminal leaves out first (table.ts): the
 * fields a person at the screen needs least, because the record's other
 * fields say it already or it is bookkeeping (the provider's cooperative,
 * when a record was registered, a contract's next card renewal, when a
 * certificate's visit ended, where an exam was done). The others
 * go from the right, the catalogue's order putting what identifies a record
 * first; a medical record's link is kept longest. `--columns` chooses the columns; `-o json` shows every field.
 */

/** Fields left out before any other, in this order. */
const SECONDARY: readonly string[] = [
  'cd_coop_prest',
  'data_cadastro',
  'cv_dat_prox_renov_cart',
  'dt_hr_saida',
  'local',
];

/** Fields kept over any other but the first column: the links of medical records (shown whole or shortened). */
const LINKS: ReadonlySet<string> = new Set(['url_atestado', 'url_exame']);

/** Each column's priority (higher is kept longer): the secondary fields below every other, the first of them lowest. */
export function priorityOf(columns: readonly string[]): number[] {
  return columns.map((c) => {
    if (LINKS.has(c)) return 1;
    const at = SECONDARY.indexOf(c);
    return at === -1 ? 0 : at - SECONDARY.length;
  });
}
