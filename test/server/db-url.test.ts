/**
 * What `--db` (or COOPCTL_DB_URL) names: a SQLite file, or a PostgreSQL URL
 * (postgres://, postgresql://); any other URL is a usage error (exit 2)
 * rather than a file in a folder named after its scheme, and a URL's
 * password never appears in what is printed.
 */
import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runServe } from '../../src/server/serve.js';
import { maskUrl, storeLocation, UnsupportedLocation } from '../../src/server/store/index.js';
import { startError } from '../helpers/server.js';

const ctx = () => ({ stdout: new PassThrough(), stderr: new PassThrough(), env: {} });

describe('storeLocation', () => {
  it.each([
    ['postgres://u:p@db.example.org:5432/coop', 'postgres'],
    ['postgresql://u@localhost/coop?sslmode=require', 'postgres'],
    ['POSTGRES://u@localhost/coop', 'postgres'],
    ['/var/lib/coopctl/coop.db', 'sqlite'],
    ['relative/coop.db', 'sqlite'],
    [':memory:', 'sqlite'],
  ])('%s is a %s store', (db, kind) => {
    expect(storeLocation(db).kind).toBe(kind);
  });

  it.each([
    ['mysql://root:hunter2@db/coop', /^mysql:\/\/root:\*\*\*@db\/coop: mysql URLs are not supported/],
    ['sqlite:///tmp/x.db', /sqlite URLs are not supported/],
    ['https://db.example.org/coop', /https URLs are not supported/],
    ['postgres:coop', /is not a PostgreSQL URL: write postgres:\/\/user:password@host:port\/database/],
    ['postgresql:/tmp/x', /is not a PostgreSQL URL/],
  ])('refuses %s', (db, message) => {
    expect(() => storeLocation(db)).toThrow(UnsupportedLocation);
    expect(() => storeLocation(db)).toThrow(message);
    expect(() => storeLocation(db)).not.toThrow(/hunter2/);
  });
});

describe('maskUrl', () => {
  it.each([
    ['postgres://coop:s3cret@db:5432/coop', 'postgres://coop:***@db:5432/coop'],
    ['postgresql://coop:p%40ss@db/coop', 'postgresql://coop:***@db/coop'],
    ['postgres://coop@db/coop', 'postgres://coop@db/coop'],
    [
      'postgres://db/coop?user=coop&password=s3cret&sslmode=require',
      'postgres://db/coop?user=coop&password=***&sslmode=require',
    ],
    ['cannot open postgres://a:b@h/d: reason', 'cannot open postgres://a:***@h/d: reason'],
  ])('%s → %s', (text, masked) => {
    expect(maskUrl(text)).toBe(masked);
  });
});

describe('coopctl serve --db with an unsupported URL', () => {
  it('is a usage error (exit 2) naming the scheme, creating no file and showing no password', async () => {
    const err = await startError(runServe({ host: '127.0.0.1', port: 0, db: 'mysql://root:hunter2@db/coop' }, ctx()));
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/mysql URLs are not supported/);
    expect(err.message).not.toContain('hunter2');
    expect(existsSync('mysql:')).toBe(false);
  });

  it('COOPCTL_DB_URL is checked the same way', async () => {
    const err = await startError(
      runServe({ host: '127.0.0.1', port: 0 }, { ...ctx(), env: { COOPCTL_DB_URL: 'redis://x:y@h/0' } }),
    );
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/redis URLs are not supported/);
  });
});
