import { describe, expect, it } from 'vitest';
import {
  chooseLang,
  formatIsoDate,
  formatNumber,
  messagesFor,
  monthName,
  weekdayNames,
} from '../../src/cli/i18n/index.js';
import { exportingWords, groupWordsModules, namedAsWords, wordsOf } from './words-modules.js';

/** Every key path of a message tree, with `()` after a function's. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? keys(v, `${prefix}${k}.`)
      : [`${prefix}${k}${typeof v === 'function' ? `(${v.length})` : ''}`],
  );
}

/** The key paths of `en`'s strings that `pt` says the same (an English word left in the Portuguese). */
function untranslated(en: object, pt: object): string[] {
  const same: string[] = [];
  const walk = (a: object, b: object, path: string) => {
    for (const [k, v] of Object.entries(a)) {
      const w = (b as Record<string, unknown>)[k];
      if (typeof v === 'object' && v !== null) walk(v, w as object, `${path}${k}.`);
      else if (typeof v === 'string' && v === w) same.push(`${path}${k}`);
    }
  };
  walk(en, pt, '');
  return same;
}

describe('the message catalogue', () => {
  it('has every key in both languages, functions with the same number of arguments', () => {
    const en = keys(messagesFor('en'));
    expect(en.length).toBeGreaterThan(0);
    expect(keys(messagesFor('pt-BR'))).toEqual(en);
  });

  it('has no message left untranslated but the ones that read the same in both languages', () => {
    expect(untranslated(messagesFor('en'), messagesFor('pt-BR'))).toEqual([]);
  });
});

describe("every words module, the shared catalogue's and each command group's own", () => {
  const modules = exportingWords();

  it("is found on disk, named as a words module, the groups' ones in their folders", () => {
    expect(modules.filter((path) => !namedAsWords(path))).toEqual([]);
    expect(groupWordsModules()).toEqual(
      expect.arrayContaining([
        'src/cli/audit/words.ts',
        'src/cli/backup/words.ts',
        'src/cli/batch/file-words.ts',
        'src/cli/batch/journal-words.ts',
        'src/cli/batch/words.ts',
        'src/cli/commands/enrol/wizard/words.ts',
        'src/cli/commands/schedule/book/words.ts',
        'src/cli/enrol/draft-words.ts',
        'src/cli/serve/words.ts',
      ]),
    );
    expect(modules).toEqual(
      expect.arrayContaining(['src/cli/i18n/messages/common.ts', 'src/cli/i18n/messages/prompts.ts']),
    );
  });

  it.each(modules)('%s: every key in both languages, none left in English', async (path) => {
    const words = await wordsOf(path);
    const en = keys(words.en);
    expect(en.length).toBeGreaterThan(0);
    expect(keys(words['pt-BR'])).toEqual(en);
    expect(untranslated(words.en, words['pt-BR'])).toEqual([]);
  });
});

describe('the language of a run', () => {
  it.each([
    [[], {}, undefined, 'en'],
    [[], { LANG: 'pt_BR.UTF-8' }, undefined, 'pt-BR'],
    [[], { LANG: 'C' }, undefined, 'en'],
    [[], { LANG: 'pt_BR.UTF-8', LC_ALL: 'C' }, undefined, 'en'],
    [[], { LANG: 'C', LC_MESSAGES: 'pt_BR.UTF-8' }, undefined, 'pt-BR'],
    [[], { LANG: 'C', LC_ALL: '', LC_MESSAGES: 'pt_BR' }, undefined, 'pt-BR'],
    [[], { LANG: 'pt_PT.UTF-8' }, undefined, 'pt-BR'],
    [[], { LANG: 'fr_FR.UTF-8' }, undefined, 'en'],
    [[], { LANG: 'C' }, 'pt-BR', 'pt-BR'],
    [[], { LANG: 'pt_BR.UTF-8', COOPCTL_LANG: 'en' }, undefined, 'en'],
    [[], { COOPCTL_LANG: 'pt-BR' }, 'en', 'pt-BR'],
    [['--lang', 'en'], { LANG: 'pt_BR.UTF-8', COOPCTL_LANG: 'pt-BR' }, 'pt-BR', 'en'],
    [['record', '--lang=pt-BR'], {}, undefined, 'pt-BR'],
    [['api', 'GET', '/x', '--', '--lang', 'pt-BR'], {}, undefined, 'en'],
  ] as const)('argv %j, env %j, setting %s → %s', (argv, env, setting, lang) => {
    expect(chooseLang(argv, env, setting)).toBe(lang);
  });
});

describe('dates and numbers for people', () => {
  it('writes them the Brazilian way in Portuguese, and leaves the spec’s layouts in English', () => {
    expect(formatIsoDate('pt-BR', '2026-12-01')).toBe('01/12/2026');
    expect(formatIsoDate('pt-BR', '2026-12-01 09:30')).toBe('01/12/2026 09:30');
    expect(formatIsoDate('en', '2026-12-01')).toBe('2026-12-01');
    expect(formatNumber('pt-BR', 1234567)).toBe('1.234.567');
    expect(formatNumber('en', 1234567)).toBe('1,234,567');
    expect(weekdayNames('pt-BR')).toEqual(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
    expect(weekdayNames('en')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(monthName('pt-BR', 11)).toBe('novembro');
    expect(monthName('en', 11)).toBe('November');
  });
});
