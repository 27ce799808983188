import { defineConfig } from 'vitest/config';

/**
 * Every test runs in English whatever the machine's locale (the locale
 * variables are set for the test processes and whatever they start, a tmux
 * server included; a test that wants Portuguese says so), and the end-to-end
 * suite (test/e2e: the built bin/coopctl as a real process) runs twice more:
 * in Brazilian Portuguese (LANG=pt_BR.UTF-8) and in the C locale (English).
 * Its tests pass that LANG alone to the processes they start (test/e2e/locale.ts).
 */
const locale = (LANG: string) => ({ LANG, LC_ALL: '', LC_MESSAGES: '', COOPCTL_LANG: '' });

const e2e = (name: string, LANG: string) => ({
  extends: true as const,
  test: { name, include: ['test/e2e/**/*.test.ts'], env: locale(LANG) },
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'], env: locale('C') },
      },
      e2e('e2e pt_BR', 'pt_BR.UTF-8'),
      e2e('e2e C', 'C'),
    ],
  },
});
