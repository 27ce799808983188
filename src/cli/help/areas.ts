/**
 * The top-level command groups of the catalogue's areas, in the order of the
 * root help (their descriptions are in the messages: help.areas), each with
 * its Portuguese name, and the Portuguese names of the groups below them.
 * Kept apart from the catalogue so that `coopctl --help` lists them without
 * loading it (and zod). A Portuguese name is written as it is spelt
 * (`adesão`) and accepted with or without its accents (`adesao`): see
 * `aliasesOf`.
 */
import type { Area } from '../../catalogue/index.js';

export const areas = {
  registration: 'cadastro',
  record: 'prontuário',
  schedule: 'agenda',
  enrol: 'adesão',
  notify: 'notificação',
} as const satisfies Record<Area, string>;

/** The Portuguese names of the groups below an area, by their words. */
export const subgroupNames: Readonly<Record<string, string>> = {
  'enrol contract': 'contrato',
  'enrol beneficiary': 'beneficiário',
  'notify device': 'dispositivo',
};

/** A word without its accents (`adesão` → `adesao`). */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{Mn}/gu, '');
}

/**
 * The aliases a command of English name `name` gets from its Portuguese name:
 * the name without accents first (what help shows and what is easiest to
 * type), then as spelt; none that repeats the English name.
 */
export function aliasesOf(name: string, portuguese: string | undefined): string[] {
  if (portuguese === undefined) return [];
  return [...new Set([withoutAccents(portuguese), portuguese.normalize('NFC')])].filter((a) => a !== name);
}

/** The area a command-line word names, by its English or Portuguese name (with or without accents). */
export function areaOf(word: string): Area | undefined {
  if (Object.hasOwn(areas, word)) return word as Area;
  const plain = withoutAccents(word.normalize('NFC'));
  return (Object.keys(areas) as Area[]).find((area) => withoutAccents(areas[area]) === plain);
}

export function isArea(word: string): word is Area {
  return Object.hasOwn(areas, word);
}
