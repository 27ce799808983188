/** POSIX shell quoting, for command lines that users copy and paste (dry runs, examples). */

const SAFE = /^[\w@%+=:,./-]+$/;

/** One shell word that stands for `value` exactly: bare when safe, else in single quotes. */
export function shellQuote(value: string): string {
  if (value !== '' && SAFE.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
