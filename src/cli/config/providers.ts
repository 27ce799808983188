/**
 * The `providers` setting: the cooperative's names for provider codes, which
 * the interface cannot list (docs/decisions.md). Written `code=name` pairs
 * separated by `;` or line breaks: `9001=Clínica Geral; 9002=Cardiologia`.
 */

/** Provider code → name. Codes are kept without leading zeros, as the service answers them (JSON numbers). */
export type ProviderDirectory = ReadonlyMap<string, string>;

const CODE = /^\d{1,18}$/;

/** The code as the service writes it: `09001` → `9001`. */
export function providerCode(code: string): string {
  return code.replace(/^0+(?=\d)/, '');
}

/** The directory a setting's value holds, or the problem with it (words after the setting's name). */
export function parseProviders(
  value: string,
): { ok: true; directory: ProviderDirectory } | { ok: false; problem: string } {
  const directory = new Map<string, string>();
  const entries = value
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const code = eq < 0 ? '' : entry.slice(0, eq).trim();
    const name = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (!CODE.test(code) || name === '')
      return {
        ok: false,
        problem: `must be code=name pairs separated by ";" (a code of up to 18 digits, then a name), e.g. 9001=Clínica Geral; 9002=Cardiologia; "${entry}" is not`,
      };
    const key = providerCode(code);
    if (directory.has(key)) return { ok: false, problem: `names provider ${key} twice` };
    directory.set(key, name);
  }
  return { ok: true, directory };
}

/** The problem with a `providers` value, for the setting's check. */
export function providersProblem(value: string): string | undefined {
  const parsed = parseProviders(value);
  return parsed.ok ? undefined : parsed.problem;
}
