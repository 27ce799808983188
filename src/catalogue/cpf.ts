/** The CPF's check digits (modulus 11), which the CPF rule (schema-of.ts), the fixtures and the pseudonyms share. */

/** The two CPF check digits of nine leading digits (modulus 11). */
export function cpfCheckDigits(nine: string): string {
  const digit = (d: string) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += Number(d[i]) * (d.length + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const first = digit(nine);
  return `${first}${digit(nine + first)}`;
}

/** True when the 11 digits carry valid CPF check digits. */
export function cpfValid(d: string): boolean {
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  return cpfCheckDigits(d.slice(0, 9)) === d.slice(9);
}
