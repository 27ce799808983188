/**
 * vitest globalSetup of the `postgres` project (vitest.config.ts): one
 * throwaway PostgreSQL cluster for the run (scripts/postgres.mjs installs
 * Debian's postgresql package when it is missing), its URL given to the
 * tests (and the servers they start) as COOPCTL_TEST_PG_URL, stopped and
 * removed at the end. If PostgreSQL cannot be started the run fails, saying why.
 */
import { startCluster } from '../../scripts/postgres.mjs';

export default async function setup(): Promise<() => void> {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  try {
    cluster = await startCluster({ fsync: false });
  } catch (err) {
    throw new Error(
      `the PostgreSQL store tests need a PostgreSQL server, and none could be started: ${(err as Error).message}`,
    );
  }
  process.env['COOPCTL_TEST_PG_URL'] = cluster.url;
  return () => cluster.stop();
}
