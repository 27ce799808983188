// A throwaway PostgreSQL cluster for the tests and the benchmarks, from
// Debian's `postgresql` package: installed with apt-get when missing (as root,
// without letting the package create or start a cluster of its own), then
// `initdb` into a new folder under the system's temp folder (run as the
// `postgres` user when we are root: PostgreSQL refuses to run as root),
// started with `pg_ctl` on 127.0.0.1 and a free port (and a Unix socket in that
// folder), with a random password for its superuser `coopctl`. `stop()` stops
// it and removes the folder. A cluster left behind by a run that was killed
// (its owner process gone) is stopped and removed by the next start.
//
//   const cluster = await startCluster({ fsync: false });   // cluster.url: postgres://coopctl:…@127.0.0.1:port/postgres
//   const url = await cluster.createDatabase('coopctl_t1');
//   cluster.halt(); cluster.resume();                      // stopped, then started again on the same port
//   await cluster.stopServer('immediate'); await cluster.startServer();   // the same without blocking the event loop
//   cluster.freeze(); cluster.thaw();                      // SIGSTOP / SIGCONT of the postmaster and its backends
//   await cluster.stop();
//
// Every failure throws an Error that says why (never a silent skip).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'coopctl-pg-';
const SUPERUSER = 'coopctl';

/** The folder of the newest installed PostgreSQL's programs (Debian's layout, else pg_config's), or undefined. */
export function findBinaries() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter(
        (v) =>
          /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')),
      )
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(base, versions[0], 'bin');
  }
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = r.status === 0 ? r.stdout.trim() : '';
  return dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')) ? dir : undefined;
}

/** Installs Debian's `postgresql` package (root only), keeping it from creating and starting its own cluster. */
function install(log) {
  if (process.getuid?.() !== 0)
    throw new Error(
      "PostgreSQL is not installed and we are not root: install Debian's postgresql package (apt-get install postgresql)",
    );
  if (spawnSync('apt-get', ['--version']).status !== 0)
    throw new Error('PostgreSQL is not installed and apt-get is not available to install it');
  log("postgres: installing Debian's postgresql package with apt-get");
  // postgresql-common reads this before creating the "main" cluster: none is created (nor started).
  mkdirSync('/etc/postgresql-common/createcluster.d', { recursive: true });
  writeFileSync('/etc/postgresql-common/createcluster.d/coopctl-tests.conf', 'create_main_cluster = false\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'],
  ]) {
    const r = spawnSync('apt-get', args, { env, encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`apt-get ${args[0]} failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().slice(-500)}`);
  }
}

/** The uid and gid to run PostgreSQL as: ours, or the `postgres` user's when we are root. */
function runAs() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      "we are root and there is no `postgres` user to run PostgreSQL as (Debian's postgresql package creates it)",
    );
  }
}

/** Runs a PostgreSQL program; throws with its output when it fails. */
function run(bin, program, args, user) {
  const r = spawnSync(join(bin, program), args, { ...user, encoding: 'utf8', cwd: tmpdir() });
  if (r.status !== 0)
    throw new Error(
      `${program} failed (${r.error?.message ?? `exit ${r.status}`}): ${`${r.stdout}\n${r.stderr}`.trim().slice(-800)}`,
    );
  return r.stdout;
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Stops and removes the clusters that runs now gone left under the temp folder. */
function sweep(bin, log) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'));
    } catch {
      // No owner recorded (a start that failed early): only the folder is left.
    }
    if (owner && alive(owner)) continue;
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
      log(`postgres: stopping a cluster left by an earlier run (${dir})`);
      spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w'], {
        ...runAs(),
        cwd: tmpdir(),
      });
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs pg_ctl without blocking the event loop; rejects with its output when it fails. */
function ctl(bin, args, user) {
  return new Promise((resolve, reject) => {
    execFile(join(bin, 'pg_ctl'), args, { ...user, encoding: 'utf8', cwd: tmpdir() }, (err, stdout, stderr) =>
      err ? reject(new Error(`pg_ctl ${args[0]} failed: ${`${stdout}\n${stderr}`.trim().slice(-800)}`)) : resolve(),
    );
  });
}

/** The postmaster of the cluster in `data` and its child processes (the backends, the checkpointer…). */
function processes(data) {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' }).stdout;
  return [
    postmaster,
    ...children
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map(Number),
  ];
}

/** Sends `sig` to each process still there (a backend may end between the listing and the signal). */
function signal(pids, sig) {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch (err) {
      if (err.code !== 'ESRCH') throw err;
    }
  }
}

/** Runs one statement on a connection of its own. */
export async function admin(url, statement) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts a throwaway cluster. `fsync: false` (tests) trades durability on a
 * machine crash for speed; the benchmarks keep PostgreSQL's durable defaults.
 */
export async function startCluster({ fsync = false, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  let bin = findBinaries();
  if (!bin) {
    install(log);
    bin = findBinaries();
    if (!bin)
      throw new Error("Debian's postgresql package was installed, but its programs (initdb, pg_ctl) were not found");
  }
  sweep(bin, log);
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) {
    chownSync(dir, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  let started = false;
  const stop = () => {
    if (started) spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w'], { ...user, cwd: tmpdir() });
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(
      bin,
      'initdb',
      [
        '-D',
        data,
        '-U',
        SUPERUSER,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        '--no-locale',
        '--no-sync',
      ],
      user,
    );
    rmSync(pwfile);
    const settings = [
      "listen_addresses='127.0.0.1'",
      `unix_socket_directories='${dir}'`,
      'max_connections=300',
      ...(fsync ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
    ];
    let port = 0;
    let opts = '';
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      opts = [`-p ${port}`, ...settings.map((s) => `-c ${s}`)].join(' ');
      const r = spawnSync(
        join(bin, 'pg_ctl'),
        ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', opts],
        {
          ...user,
          encoding: 'utf8',
          cwd: tmpdir(),
        },
      );
      if (r.status === 0) break;
      const why = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().slice(-800) : r.stderr;
      if (attempt >= 3 || !/already in use|could not bind/i.test(why))
        throw new Error(`PostgreSQL did not start: ${why}`);
    }
    started = true;
    const url = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
    return {
      url,
      dir,
      /** Creates a database and answers its URL. */
      async createDatabase(name) {
        await admin(url, `CREATE DATABASE "${name}"`);
        return url.replace(/\/postgres$/, `/${name}`);
      },
      /** Drops a database, closing its connections. */
      async dropDatabase(name) {
        await admin(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
      /** Stops the server (fast: its clients are disconnected), keeping the cluster for `resume`. */
      halt() {
        const r = spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w'], {
          ...user,
          encoding: 'utf8',
          cwd: tmpdir(),
        });
        if (r.status !== 0) throw new Error(`PostgreSQL did not stop: ${r.stderr}`);
        started = false;
      },
      /** Starts the halted server again, on the same port. */
      resume() {
        const r = spawnSync(
          join(bin, 'pg_ctl'),
          ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', opts],
          { ...user, encoding: 'utf8', cwd: tmpdir() },
        );
        if (r.status !== 0) throw new Error(`PostgreSQL did not start again: ${r.stderr}`);
        started = true;
      },
      /** Stops the server in `mode` (fast, immediate), without blocking the event loop; `startServer` starts it again. */
      async stopServer(mode = 'fast') {
        await ctl(bin, ['stop', '-D', data, '-m', mode, '-w'], user);
        started = false;
      },
      /** Starts the stopped server again, on the same port (after an immediate stop: crash recovery first). */
      async startServer() {
        await ctl(bin, ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', opts], user);
        started = true;
      },
      /** Freezes the server (SIGSTOP to the postmaster and each of its processes): connections open, nothing answered. */
      freeze() {
        signal(processes(data), 'SIGSTOP');
      },
      /** Lets a frozen server go on (SIGCONT). */
      thaw() {
        signal(processes(data), 'SIGCONT');
      },
      stop,
    };
  } catch (err) {
    stop();
    throw err;
  }
}
