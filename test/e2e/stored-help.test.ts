/**
 * `--help` from the pages the build stored (src/boot/stored-help.ts, run by
 * bin/coopctl before the CLI itself) writes what the CLI writes: for every
 * stored page, in both languages, at three widths, the stored page rendered
 * by dist/help.cjs equals the in-process CLI's help for the same command line.
 * The built launcher answers from the stored pages (its code cache says which
 * bundle ran), and leaves to the CLI what they do not cover.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContext } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/run/run.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const exec = promisify(execFile);

/** A stream that keeps what is written, with a terminal's width. */
class Screen extends Writable {
  text = '';
  constructor(readonly columns: number) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

type PrintStoredHelp = (argv: readonly string[], env: Record<string, string>, stdout: Writable) => boolean;
let printStoredHelp: PrintStoredHelp;
let home: string;
beforeAll(async () => {
  ({ printStoredHelp } = createRequire(import.meta.url)(join(root, 'dist', 'help.cjs')) as {
    printStoredHelp: PrintStoredHelp;
  });
  home = mkdtempSync(join(tmpdir(), 'coopctl-stored-help-'));
}, 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The command paths of the stored pages (`coopctl.record.allergies.json` → record allergies). */
const paths = (): string[][] =>
  readdirSync(join(root, 'dist', 'help', 'en')).map((name) =>
    name
      .replace(/\.json$/, '')
      .split('.')
      .slice(1),
  );

async function cliHelp(argv: readonly string[], columns: number): Promise<string> {
  const stdout = new Screen(columns);
  const ctx = makeContext({
    stdin: Readable.from([]),
    stdout,
    stderr: new Screen(columns),
    env: { XDG_CONFIG_HOME: home },
    tty: { stdin: false, stdout: false, stderr: false },
  });
  expect(await runCli(argv, ctx)).toBe(0);
  return stdout.text;
}

function storedHelp(argv: readonly string[], columns: number): string {
  const stdout = new Screen(columns);
  expect(printStoredHelp(argv, { XDG_CONFIG_HOME: home }, stdout)).toBe(true);
  return stdout.text;
}

describe('stored help pages', () => {
  it('cover every command of the tree, in both languages', () => {
    const names = (lang: string) => readdirSync(join(root, 'dist', 'help', lang)).sort();
    expect(names('en')).toEqual(names('pt-BR'));
    // The root, the groups and the operations' commands are there.
    for (const page of ['coopctl.json', 'coopctl.record.json', 'coopctl.record.allergies.json', 'coopctl.serve.json'])
      expect(names('en')).toContain(page);
    expect(names('en').length).toBeGreaterThan(45);
  });

  for (const lang of ['en', 'pt-BR'])
    for (const columns of [40, 80, 132])
      it(`render as the CLI's help: ${lang}, ${columns} columns`, async () => {
        for (const path of paths()) {
          const argv = ['--lang', lang, ...path, '--help'];
          expect(storedHelp(argv, columns), argv.join(' ')).toBe(await cliHelp(argv, columns));
        }
      }, 120_000);

  it('decline what they do not cover', () => {
    for (const argv of [
      ['record', 'allergies', '00010001000001005', '--help'],
      ['nosuch', '--help'],
      ['--json', '--help'],
      ['record', '--help', 'allergies'],
      ['help', 'record'],
      ['record', '--', '--help'],
      // Values the CLI refuses, or a value missing: the CLI's error, not help.
      ['--lang', 'xx', '--help'],
      ['--lang', 'pt', '--help'],
      ['--lang', '--help'],
      ['--lang=', '--help'],
      ['--profile', '--help'],
    ])
      expect(printStoredHelp(argv, { XDG_CONFIG_HOME: home }, new Screen(80)), argv.join(' ')).toBe(false);
  });
});

describe('bin/coopctl and the stored help', () => {
  const coopctl = async (argv: readonly string[], cache: string) => {
    try {
      const { stdout, stderr } = await exec(process.execPath, [join(root, 'bin', 'coopctl'), ...argv], {
        env: { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: cache, LANG: 'C' },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return e;
    }
  };
  /** The bundles that ran, by the code cache files they left (help, or a group of the CLI). */
  const ran = (cache: string) =>
    readdirSync(join(cache, 'coopctl', 'code-cache')).map((name) => /-([a-z-]+)\.bin$/.exec(name)![1]);

  it('answers plain help from the stored pages, with the CLI text', async () => {
    const cache = mkdtempSync(join(home, 'cache-'));
    const shown = await coopctl(['record', 'allergies', '--help'], cache);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toBe(await cliHelp(['record', 'allergies', '--help'], 80));
    expect(ran(cache)).toEqual(['help']);
    // Bare coopctl: the root's help, on stdout, exit 0.
    expect((await coopctl([], cache)).stdout).toBe(await cliHelp(['--help'], 80));
  });

  it('ends quietly when the reader of its pipe has gone', async () => {
    const bin = join(root, 'bin', 'coopctl');
    for (let i = 0; i < 5; i++) {
      // `true` exits without reading: the write may meet a closed pipe (EPIPE), which must not show.
      const { stdout, stderr } = await exec(
        'bash',
        ['-c', `set -o pipefail; '${process.execPath}' '${bin}' --help | true`],
        {
          env: { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: home, LANG: 'C' },
        },
      );
      expect(stdout + stderr).toBe('');
    }
  });

  it('writes to /dev/null, a file or a pipe without making a stream: only a terminal gets process.stdout', async () => {
    const bin = join(root, 'bin', 'coopctl');
    // Preloaded into the launcher's process: at exit, the names of Node's modules it loaded, straight to stderr.
    const probe = join(mkdtempSync(join(home, 'probe-')), 'probe.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => require('node:fs').writeSync(2, process.moduleLoadList.join('\\n')));\n",
    );
    const out = join(home, 'help.txt');
    for (const [where, redirect] of [
      ['/dev/null', '> /dev/null'],
      ['a file', `> '${out}'`],
      ['a pipe', '| cat > /dev/null'],
    ]) {
      const { stderr } = await exec('bash', ['-c', `'${process.execPath}' '${bin}' --help ${redirect}`], {
        env: {
          PATH: process.env['PATH'],
          HOME: home,
          XDG_CONFIG_HOME: home,
          LANG: 'C',
          NODE_OPTIONS: `--require=${probe}`,
        },
      });
      const loaded = stderr.split('\n');
      expect(loaded, where).toContain('NativeModule fs');
      expect(
        loaded.filter((m) => /^NativeModule (stream|tty|net|internal\/fs\/sync_write_stream)$/.test(m)),
        where,
      ).toEqual([]);
    }
    expect(readFileSync(out, 'utf8')).toBe(await cliHelp(['--help'], 80));
  });

  it('takes the language from --lang, --lang=, --profile and the locale as the CLI does', async () => {
    for (const argv of [
      ['--lang', 'pt-BR', 'record', '--help'],
      ['--lang=pt-BR', 'record', 'allergies', '-h'],
      ['--profile', 'nosuch', '--help'],
      ['--profile=nosuch', 'schedule', '--help'],
    ])
      expect(storedHelp(argv, 80), argv.join(' ')).toBe(await cliHelp(argv, 80));
  });

  it('leaves other command lines to the CLI', async () => {
    const cache = mkdtempSync(join(home, 'cache-'));
    const argv = ['record', 'allergies', '00010001000001005', '--help'];
    const shown = await coopctl(argv, cache);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(await cliHelp(argv, 80));
    expect(ran(cache).sort()).toEqual(['help', 'record']);
  });
});
