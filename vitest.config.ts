import { defineConfig } from 'vitest/config';

/**
 * The store contract suite: the tests of data access and domain rules, each
 * run twice, on SQLite (project `sqlite`, with everything else) and on
 * PostgreSQL (project `postgres`: a throwaway cluster started by
 * test/setup/postgres.ts, a new database per store: test/store/backend.ts).
 * test/postgres/ holds what only PostgreSQL has (several server processes on
 * one database, the SQLite import).
 */
export const storeContract = [
  'test/store/demo.test.ts',
  'test/store/enrol.test.ts',
  'test/store/fixtures.test.ts',
  'test/store/notify.test.ts',
  'test/store/persistence.test.ts',
  'test/store/record.test.ts',
  'test/store/registration.test.ts',
  'test/store/registration-json.test.ts',
  'test/store/schedule.test.ts',
  'test/store/unchanged.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/postgres/**'] },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...storeContract, 'test/postgres/**/*.test.ts'],
          env: { COOPCTL_TEST_STORE: 'postgres' },
          globalSetup: ['test/setup/postgres.ts'],
        },
      },
    ],
  },
});
