import { defineConfig } from 'vitest/config';

/**
 * The projects of the suite:
 *
 * - `sqlite`: every test but the end-to-end suite and test/postgres, on the
 *   SQLite store;
 * - `postgres`: the store contract suite (the tests of data access and domain
 *   rules) again on PostgreSQL (a throwaway cluster started by
 *   test/setup/postgres.ts, a new database per store: test/store/backend.ts),
 *   the operators' views of a server process (probes, metrics, the log),
 *   and test/postgres/, what only PostgreSQL has (several server processes on
 *   one database, the SQLite import);
 * - `package`: coopctl as a user without the repository gets it (test/package): the npm package packed from a
 *   copy of the sources and installed into a throwaway prefix, and the single executable, both made once per run
 *   by test/setup/package.ts;
 * - `e2e pt_BR` and `e2e C`: the end-to-end suite (test/e2e: the built
 *   bin/coopctl as a real process) twice, in Brazilian Portuguese
 *   (LANG=pt_BR.UTF-8) and in the C locale (English). Its tests pass that LANG
 *   alone to the processes they start (test/e2e/locale.ts).
 *
 * Every project but `package` first builds dist/ from the current sources, once per run and only when it is not
 * already a build of them (test/setup/build.ts): the tests that run bin/coopctl build nothing themselves.
 *
 * Every other test runs in English whatever the machine's locale (the locale
 * variables are set for the test processes and whatever they start, a tmux
 * server included; a test that wants Portuguese says so).
 */
export const storeContract = [
  'test/store/audit.test.ts',
  'test/store/demo.test.ts',
  'test/store/enrol.test.ts',
  'test/store/fixtures.test.ts',
  'test/store/notify.test.ts',
  'test/store/persistence.test.ts',
  'test/store/record.test.ts',
  'test/store/registration.test.ts',
  'test/store/registration-json.test.ts',
  'test/store/schedule.test.ts',
  'test/store/schema.test.ts',
  'test/store/statements.test.ts',
  'test/store/unchanged.test.ts',
];

/** What operators see of a real `coopctl serve` process (probes, metrics, the log, the access audit), on both stores. */
export const operatorViews = [
  'test/server/probes.test.ts',
  'test/server/metrics.test.ts',
  'test/server/json-log.test.ts',
  'test/server/audit.test.ts',
  'test/server/admin.test.ts',
  'test/server/audit-chain.test.ts',
];

const locale = (LANG: string) => ({ LANG, LC_ALL: '', LC_MESSAGES: '', COOPCTL_LANG: '' });

/** Builds dist/ from the current sources once per run unless it already is (test/setup/build.ts). */
const build = 'test/setup/build.ts';

const e2e = (name: string, LANG: string) => ({
  extends: true as const,
  test: { name, include: ['test/e2e/**/*.test.ts'], env: locale(LANG), globalSetup: [build] },
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // As many test files at once as there are cores (vitest's default leaves one free): the suite mostly waits on
    // processes, sockets and ptys (docs/decisions.md, "Test files run as many at once as the machine has cores").
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/postgres/**', 'test/e2e/**', 'test/package/**'],
          env: locale('C'),
          globalSetup: [build],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...storeContract, ...operatorViews, 'test/postgres/**/*.test.ts'],
          env: { ...locale('C'), COOPCTL_TEST_STORE: 'postgres' },
          globalSetup: [build, 'test/setup/postgres.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          env: locale('C'),
          globalSetup: ['test/setup/package.ts'],
        },
      },
      e2e('e2e pt_BR', 'pt_BR.UTF-8'),
      e2e('e2e C', 'C'),
    ],
  },
});
