/** Databases of their own for the PostgreSQL-only tests, in the cluster test/setup/postgres.ts started. */
import pg from 'pg';
import { clusterUrl } from '../store/backend.js';

/** Runs one statement on a connection of its own; answers its rows (8-byte integers as numbers). */
export async function sql(url: string, text: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const c = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, f?: 'text') => (oid === 20 ? Number : pg.types.getTypeParser(oid, f))) as never,
    },
  });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** A new database named after `what` and this process; answers its name and URL. */
export async function createDatabase(what: string): Promise<{ name: string; url: string }> {
  const name = `coopctl_${what}_${process.pid}_${Date.now()}`;
  await sql(clusterUrl(), `CREATE DATABASE ${name}`);
  return { name, url: clusterUrl().replace(/\/[^/?]*(\?.*)?$/, `/${name}`) };
}

export async function dropDatabase(name: string): Promise<void> {
  await sql(clusterUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
