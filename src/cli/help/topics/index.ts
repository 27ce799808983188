/**
 * Every help topic (`coopctl help <topic>`), found by any of its names in
 * either language, and `help topics` (`help topicos`), their list. The
 * global options (`help options`, `help opcoes`) are a topic made from the
 * root command's own options (help-topic.ts).
 */
import type { Lang } from '../../i18n/lang.js';
import { messagesFor } from '../../i18n/messages.js';
import { batchTopic } from '../../i18n/topics/batch.js';
import { codesTopic } from '../../i18n/topics/codes.js';
import { type Block, plain, type Topic } from './model.js';
import { environmentTopic, exitCodesTopic, maskingTopic } from '../../i18n/topics/running.js';

/** The topics written out; `options` is added by the help command, which has the tree's options. */
export const writtenTopics: readonly Topic[] = [batchTopic, codesTopic, environmentTopic, exitCodesTopic, maskingTopic];

/** The topic of the global options, from the root command's options (term and description, in the run's language). */
export function optionsTopic(globals: ReadonlyArray<readonly [string, string]>): Topic {
  return {
    names: ['options', 'opcoes', 'global-options', 'opcoes-globais'],
    title: (lang) => messagesFor(lang).about.optionsTitle,
    body: () => [{ dl: globals }],
  };
}

/** `help topics`: every topic with its name in the run's language and its title. */
export function topicsTopic(all: readonly Topic[]): Topic {
  const name = (t: Topic, lang: Lang) => (lang === 'en' ? t.names[0] : t.names[1]);
  return {
    names: ['topics', 'topicos'],
    title: (lang) => messagesFor(lang).about.topicsTitle,
    body: (lang): Block[] => [{ dl: all.map((t) => [name(t, lang), t.title(lang)] as const) }],
  };
}

/** The topic a word names (any of its names, accents and case aside), if any. */
export function findTopic(topics: readonly Topic[], word: string): Topic | undefined {
  const wanted = plain(word);
  return topics.find((t) => t.names.some((n) => plain(n) === wanted));
}
