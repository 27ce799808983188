/** `coopctl serve`: the embedded server, loaded only when this command runs. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { StartError } from '../server/start-error.js';
import { ExitCode, UsageError } from './exit-codes.js';
import type { RunState } from './run-state.js';

function port(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535)
    throw new InvalidArgumentError('must be a port number from 0 to 65535.');
  return Number(value);
}

/** A host name for `--allowed-host`: letters, digits, `-`, `_` and dots; a leading dot also allows its subdomains. */
function hostName(value: string, previous: string[] = []): string[] {
  const name = value.trim().toLowerCase();
  if (!/^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name)) {
    throw new InvalidArgumentError(
      'must be a host name such as coop.example.org, or .example.org for it and its subdomains.',
    );
  }
  return [...previous, name];
}

/** The options and action of the `serve` command. */
export function defineServeCommand(cmd: Command, run: RunState): void {
  cmd
    .addHelpText('after', '\nThe server token comes from the global --token-file, else $COOPCTL_SERVER_TOKEN.')
    .addOption(new Option('--host <address>', 'address to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--allowed-host <name>',
        'also answer requests for this host name (repeatable; .example.org: and its subdomains)',
      ).argParser(hostName),
    )
    .addOption(new Option('--port <n>', 'port to listen on (0 picks a free one)').argParser(port).default(8787))
    .addOption(
      new Option(
        '--db <path|url>',
        'SQLite database file, :memory:, or postgres://user:password@host:port/database (default: $COOPCTL_DB_URL, else a file under the XDG data home)',
      ),
    )
    .addOption(
      new Option('--import-sqlite <file>', 'fill a new PostgreSQL database with a copy of this SQLite store').conflicts(
        ['demo', 'fixtures'],
      ),
    )
    .addOption(new Option('--demo', 'load the deterministic demo dataset').conflicts('fixtures'))
    .addOption(new Option('--fixtures <file>', 'load this fixtures JSON document instead of the demo dataset'))
    .addOption(new Option('--allow-prefer', 'honour the Prefer request header (forced outcomes, delays, 5xx)'));
  run.bind(cmd, async (inv, _args, command) => {
    const o = command.opts<{
      host: string;
      allowedHost?: string[];
      port: number;
      db?: string;
      importSqlite?: string;
      demo?: boolean;
      fixtures?: string;
      allowPrefer?: boolean;
    }>();
    const opts = {
      host: o.host,
      ...(o.allowedHost ? { allowedHosts: o.allowedHost } : {}),
      port: o.port,
      ...(o.db === undefined ? {} : { db: o.db }),
      ...(o.importSqlite === undefined ? {} : { importSqlite: o.importSqlite }),
      ...(o.demo ? { demo: true } : {}),
      ...(o.fixtures === undefined ? {} : { fixtures: o.fixtures }),
      ...(inv.globals.tokenFile === undefined ? {} : { tokenFile: inv.globals.tokenFile }),
      ...(o.allowPrefer ? { allowPrefer: true } : {}),
      ...(inv.globals.quiet ? { quiet: true } : {}),
    };
    const { runServe } = await import('../server/serve.js');
    // The server speaks English by itself; a Portuguese run gives it its words.
    const words = inv.lang === 'pt-BR' ? { words: (await import('./i18n/serve-words.js')).ptServeWords } : {};
    try {
      // The server stops on SIGINT/SIGTERM itself; the run's signal is not passed, or one Ctrl-C would count twice.
      await runServe(opts, {
        stdout: inv.ctx.stdout,
        stderr: inv.ctx.stderr,
        env: inv.ctx.env,
        stdin: inv.ctx.stdin,
        ...words,
      });
    } catch (err) {
      if (!(err instanceof StartError)) throw err;
      if (err.exitCode === ExitCode.usage) throw new UsageError(err.message, 'coopctl serve --help');
      await inv.notice(err.message, 'error');
      return ExitCode.failed;
    }
    return ExitCode.ok;
  });
}
