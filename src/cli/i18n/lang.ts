/**
 * The language of a run: English or Brazilian Portuguese. Chosen, first match
 * wins: `--lang`, `$COOPCTL_LANG`, the profile's `lang` setting, then the
 * POSIX locale variables in their order of precedence (`LC_ALL`,
 * `LC_MESSAGES`, `LANG`); a `pt_BR…` / `pt-BR` / `pt` locale is Portuguese,
 * anything else (`C`, `POSIX`, `en_US.UTF-8`, unset) English.
 */
import type { Lang } from '../../catalogue/lang.js';

export { langs, type Lang } from '../../catalogue/lang.js';

/** The language a value names (`pt-BR`, `pt_BR.UTF-8`, `pt`, `en`, `C` …), or undefined when it names none we have. */
export function langOf(value: string | undefined): Lang | undefined {
  if (!value) return undefined;
  const tag = value.split(/[.@]/)[0]!.replace('_', '-').toLowerCase();
  if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
  if (tag === 'en' || tag.startsWith('en-') || tag === 'c' || tag === 'posix') return 'en';
  return undefined;
}

/** The value of `--lang` in argv (`--lang pt-BR` or `--lang=pt-BR`), if given. */
export function langFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return undefined;
    if (a === '--lang') return argv[i + 1];
    if (a.startsWith('--lang=')) return a.slice('--lang='.length);
  }
  return undefined;
}

/**
 * The language of this run. The locale variables follow POSIX: the first of
 * LC_ALL, LC_MESSAGES, LANG that is set and not empty decides, even when it
 * names a language coopctl does not have (then English).
 */
export function chooseLang(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  setting?: string,
): Lang {
  for (const explicit of [langFlag(argv), env['COOPCTL_LANG'], setting]) {
    const lang = langOf(explicit);
    if (lang) return lang;
  }
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((v) => v !== undefined && v !== '');
  return langOf(locale) ?? 'en';
}
