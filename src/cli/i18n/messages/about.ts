/** The words of `coopctl --version`: the version, the commit and how this coopctl was delivered. */
import type { BuildFacts } from '../../version.js';
import type { Translation } from '../shape.js';

export const en = {
  version: (b: BuildFacts): string =>
    `coopctl ${b.version} (commit ${b.commit}; ${
      b.form === 'executable'
        ? `single executable, Node ${b.node} built in`
        : b.form === 'package'
          ? `npm package, on Node ${b.node}`
          : `sources, on Node ${b.node}`
    })`,
};

export const ptBR: Translation<typeof en> = {
  version: (b) =>
    `coopctl ${b.version} (commit ${b.commit}; ${
      b.form === 'executable'
        ? `executável único, com o Node ${b.node} embutido`
        : b.form === 'package'
          ? `pacote npm, no Node ${b.node}`
          : `código-fonte, no Node ${b.node}`
    })`,
};
