/**
 * Running coopctl as a user who got it without the repository does: from a
 * folder of their own, with a HOME of their own, and a server of
 * `coopctl serve --demo` on a free loopback port.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A folder of the user's own (their cwd and HOME), removed by `remove`. */
export function userFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-user-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment of a user's shell: only what is given (no Node on the PATH unless it is given). */
export const userEnv = (home: string, extra: Record<string, string> = {}): Record<string, string> => ({
  HOME: home,
  PATH: '/usr/bin:/bin',
  ...extra,
});

export function runIn(cwd: string, file: string, args: readonly string[], env: Record<string, string>): Ran {
  const r = spawnSync(file, args, { cwd, env, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `coopctl serve --demo` on a free port: its URL (the first line it prints), and a stop that waits for its exit. */
export async function serveDemo(
  cwd: string,
  file: string,
  prefixArgs: readonly string[],
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(file, [...prefixArgs, 'serve', '--demo', '--port', '0'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve --demo printed no URL in 20 s: ${out}${err}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const first = /^(http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (first) {
        clearTimeout(timer);
        resolve(first[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve --demo exited (${code}) before printing its URL: ${out}${err}`));
    });
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The variables that point coopctl at a server. */
export const at = (url: string): Record<string, string> => ({ COOPCTL_BASE_URL: url, COOPCTL_TEST_BASE_URL: url });

/** Whether a program is on the PATH. */
export const which = (name: string): boolean => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
