/** Building valid CPFs (the check digits are the catalogue's rule). */
import { cpfCheckDigits } from '../../../catalogue/rules.js';

/** The 11-digit CPF whose first nine digits are `nine`. */
export function cpfFrom(nine: string): string {
  return nine + cpfCheckDigits(nine);
}

/** `99999999999` → `999.999.999-99`. */
export function maskCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}
