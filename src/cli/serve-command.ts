/** `coopctl serve`: the embedded server, loaded only when this command runs. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { StartError } from '../server/start-error.js';
import { BindingError, type BindingProblem } from '../server/store/sqlite/binding.js';
import { ExitCode, UsageError } from './exit-codes.js';
import { wholeNumber } from './global-options.js';
import { addExamples, addNote, applicableGlobals } from './help/sections.js';
import type { Messages } from './i18n/index.js';
import type { Io } from './capabilities.js';
import type { RunState } from './run-state.js';

function port(m: Messages) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError(m.help.invalid.port);
    return Number(value);
  };
}

/** A host name for `--allowed-host`: letters, digits, `-`, `_` and dots; a leading dot also allows its subdomains. */
function hostName(m: Messages) {
  return (value: string, previous: string[] = []): string[] => {
    const name = value.trim().toLowerCase();
    if (!/^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name)) throw new InvalidArgumentError(m.help.invalid.hostName);
    return [...previous, name];
  };
}

/**
 * Why the SQLite binding is not usable, in full (every line the loader gave),
 * and what to run about it: a Node new enough, or a reinstall or a build.
 */
async function bindingFailure(inv: Io, problem: BindingProblem): Promise<void> {
  const words = inv.m.errors.binding;
  if (problem.kind === 'node') {
    await inv.notice(words.node(problem.node, problem.napi), 'error');
    inv.say(words.nodeHint);
    return;
  }
  await inv.notice(words.load, 'error');
  for (const line of problem.detail.split('\n')) inv.say(`  ${line}`);
  inv.say(words.reinstall(problem.root));
  if (problem.folder) inv.say(words.fromSource(problem.folder));
}

/**
 * The options and action of the `serve` command. Of the global options only
 * --token-file (the server's token), -q and --lang apply to it, and its help
 * lists only those: the client's (--output, --timeout, --profile, …) do not.
 */
export function defineServeCommand(cmd: Command, run: RunState): void {
  const { m } = run;
  const words = m.commandsHelp.serve;
  const p = m.help.field.placeholder;
  cmd
    .addOption(new Option(`--host <${p.address}>`, words.host).default('127.0.0.1'))
    .addOption(new Option(`--allowed-host <${p.name}>`, words.allowedHost).argParser(hostName(m)))
    .addOption(new Option('--port <n>', words.port).argParser(port(m)).default(8787))
    .addOption(new Option(`--db <${p.pathOrUrl}>`, words.db))
    .addOption(new Option(`--import-sqlite <${p.file}>`, words.importSqlite).conflicts(['demo', 'fixtures']))
    .addOption(new Option('--demo', words.demo).conflicts('fixtures'))
    .addOption(new Option(`--fixtures <${p.file}>`, words.fixtures))
    .addOption(new Option('--allow-prefer', words.allowPrefer))
    .addOption(new Option(`--log-format <${p.format}>`, words.logFormat).choices(['text', 'json']))
    .addOption(new Option('--no-metrics', words.noMetrics))
    .addOption(new Option(`--metrics-token-file <${p.file}>`, words.metricsTokenFile))
    .addOption(new Option('--private-probes', words.privateProbes))
    .addOption(new Option('--read-cache <MiB>', words.readCache).argParser(wholeNumber(0, 4096, m)).default(16))
    .addOption(
      new Option(`--shutdown-delay <${p.seconds}>`, words.shutdownDelay).argParser(wholeNumber(0, 600, m)).default(0),
    )
    .addOption(new Option('--no-audit', words.noAudit))
    .addOption(
      new Option(`--audit-retention <${p.days}>`, words.auditRetention)
        .argParser(wholeNumber(0, 36_500, m))
        .default(180),
    )
    .addOption(new Option(`--audit-key-file <${p.file}>`, words.auditKeyFile))
    .addOption(new Option('--new-audit-key', words.newAuditKey))
    .addOption(
      new Option('--max-connections <n>', words.maxConnections).argParser(wholeNumber(1, 1_000_000, m)).default(1024),
    );
  applicableGlobals(cmd, { '--token-file': words.tokenFile, '--quiet': words.quiet, '--lang': undefined });
  addExamples(cmd, [
    { command: 'coopctl serve --port 0 --db :memory:', note: words.memory },
    { command: 'coopctl serve --port 0 --allow-prefer', note: words.prefer },
    { command: 'coopctl serve --port 0 --db :memory: --log-format json', note: words.jsonLog },
  ]);
  addNote(cmd, words.note);
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
      logFormat?: string;
      metrics: boolean;
      metricsTokenFile?: string;
      privateProbes?: boolean;
      shutdownDelay: number;
      audit: boolean;
      auditRetention: number;
      auditKeyFile?: string;
      newAuditKey?: boolean;
      maxConnections: number;
      readCache: number;
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
      ...(o.logFormat === undefined ? {} : { logFormat: o.logFormat }),
      ...(o.metrics ? {} : { metrics: false }),
      ...(o.metricsTokenFile === undefined ? {} : { metricsTokenFile: o.metricsTokenFile }),
      ...(o.shutdownDelay ? { shutdownDelay: o.shutdownDelay } : {}),
      ...(o.audit ? {} : { audit: false }),
      auditRetention: o.auditRetention,
      ...(o.auditKeyFile === undefined ? {} : { auditKeyFile: o.auditKeyFile }),
      ...(o.newAuditKey ? { newAuditKey: true } : {}),
      maxConnections: o.maxConnections,
      readCache: o.readCache,
      ...(o.privateProbes ? { privateProbes: true } : {}),
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
      if (err instanceof BindingError) {
        await bindingFailure(inv, err.problem);
        return ExitCode.failed;
      }
      if (!(err instanceof StartError)) throw err;
      const said = inv.m.common.said(err.said);
      if (err.exitCode === ExitCode.usage) throw new UsageError(said, 'coopctl serve --help');
      await inv.notice(said, 'error');
      return ExitCode.failed;
    }
    return ExitCode.ok;
  });
}
