import { defineConfig } from 'vitest/config';

/**
 * One run of every test, and the end-to-end suite (test/e2e: the built
 * bin/coopctl as a real process) twice more: in Brazilian Portuguese
 * (LANG=pt_BR.UTF-8) and in the C locale (English). Its tests pass that LANG
 * alone to the processes they start (test/e2e/locale.ts).
 */
const e2e = (name: string, LANG: string) => ({
  extends: true as const,
  test: { name, include: ['test/e2e/**/*.test.ts'], env: { LANG } },
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] } },
      e2e('e2e pt_BR', 'pt_BR.UTF-8'),
      e2e('e2e C', 'C'),
    ],
  },
});
