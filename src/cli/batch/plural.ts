/** Counts in messages: `1 row`, `3 rows`. */

/** `n` and the noun, singular for 1: `counted(1, 'row')` is `1 row`, `counted(2, 'beneficiary', 'beneficiaries')` is `2 beneficiaries`. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
