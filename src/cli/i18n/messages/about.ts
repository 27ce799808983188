/** The words of `coopctl --version`: the version, the commit and how this coopctl was delivered. */
import type { Lang } from '../lang.js';
import type { BuildFacts } from '../../version.js';
import type { Translation, Words } from '../shape.js';

const en = {
  /** This catalogue's language (for what renders words itself: help topics). */
  lang: 'en' as Lang,
  /** The titles of `help options` and `help topics` (help/topics/index.ts). */
  optionsTitle: 'Global options (every command takes them)',
  topicsTitle: 'Help topics: coopctl help <topic>',
  /** What the help of the root and of a group says instead of listing the global options. */
  globalsNote:
    'Global options (--output, --json, --jq, --timeout, --profile, --lang, --mask, …): coopctl help options. More help: coopctl help topics.',
  /** `enrol batch --template`'s help. */
  batchTemplate: 'print an example CSV file to fill in (its columns: coopctl help batch)',
  /** `coopctl help WORD` where WORD names neither a command below `path` nor a topic. */
  unknownHelp: (path: string, word: string, similar: readonly string[]): string =>
    `no command or help topic '${word}' in ${path}${similar.length ? `; did you mean ${similar.join(', ')}?` : ''}`,
  /** The headings and words of the man pages (help/man.ts) that the help pages do not have. */
  man: {
    manual: 'coopctl manual',
    name: 'NAME',
    synopsis: 'Synopsis',
    description: 'Description',
    tree: 'Commands of coopctl',
    notes: 'Notes',
    seeAlso: 'See also',
    globalsIn:
      'The global options (--output, --json, --profile, --lang and the others) apply to every command: see coopctl(1), or coopctl help options.',
    helpTopics: 'coopctl help (its topics: coopctl help topics)',
  },
  version: (b: BuildFacts): string =>
    `coopctl ${b.version} (commit ${b.commit}; ${
      b.form === 'executable'
        ? `single executable, Node ${b.node} built in`
        : b.form === 'package'
          ? `npm package, on Node ${b.node}`
          : `sources, on Node ${b.node}`
    })`,
};

const ptBR: Translation<typeof en> = {
  lang: 'pt-BR',
  optionsTitle: 'Opções globais (todos os comandos as aceitam)',
  topicsTitle: 'Tópicos de ajuda: coopctl help <tópico>',
  globalsNote:
    'Opções globais (--output, --json, --jq, --timeout, --profile, --lang, --mask, …): coopctl help opcoes. Mais ajuda: coopctl help topicos.',
  batchTemplate: 'mostra um arquivo CSV de exemplo para preencher (suas colunas: coopctl help lote)',
  unknownHelp: (path, word, similar) =>
    `nenhum comando ou tópico de ajuda '${word}' em ${path}` +
    (similar.length ? `; você quis dizer ${similar.join(', ')}?` : ''),
  man: {
    manual: 'manual do coopctl',
    name: 'NOME',
    synopsis: 'Sinopse',
    description: 'Descrição',
    tree: 'Comandos do coopctl',
    notes: 'Notas',
    seeAlso: 'Veja também',
    globalsIn:
      'As opções globais (--output, --json, --profile, --lang e as outras) valem para todos os comandos: veja coopctl(1), ou coopctl help opcoes.',
    helpTopics: 'coopctl help (seus tópicos: coopctl help topicos)',
  },
  version: (b) =>
    `coopctl ${b.version} (commit ${b.commit}; ${
      b.form === 'executable'
        ? `executável único, com o Node ${b.node} embutido`
        : b.form === 'package'
          ? `pacote npm, no Node ${b.node}`
          : `código-fonte, no Node ${b.node}`
    })`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
