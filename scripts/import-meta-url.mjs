// Injected into the CommonJS bundle by scripts/bundle.mjs: the sources' import.meta.url is the bundle's own URL.
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
