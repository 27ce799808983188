/**
 * `coopctl serve admin reset|load FILE|snapshot NAME|restore NAME|snapshots`
 * and `coopctl serve journal [--follow]`: a running `coopctl serve --admin`
 * driven over its admin API (src/server/admin/, docs/server.md), at the
 * configured base URL with the configured token, as `api` calls it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseExact } from '../../catalogue/exact-json.js';
import { baseHeaders } from '../../client/request.js';
import type { HttpRequest, HttpResponse } from '../../client/types.js';
import type { Method } from '../../catalogue/index.js';
import type { Io } from '../capabilities.js';
import { ExitCode, type ExitCodeValue, UsageError } from '../exit-codes.js';
import { transportProblem } from '../run/failure.js';
import type { FlagDecls } from '../flags/declared.js';
import { defineCommand } from '../commands/command-def.js';
import type { Messages } from '../i18n/index.js';
import { sanitize } from '../output/sanitize.js';
import type { ArgDecl } from '../flags/positional.js';
import { TransportError } from '../../client/errors.js';
import { words as standInWords } from './words.js';

/** The header of the admin API's answers (src/server/admin/routes.ts): the CLI does not load the server for it. */
const ADMIN_HEADER = 'x-coopctl-admin';

const ACTIONS = ['reset', 'load', 'snapshot', 'restore', 'snapshots'] as const;
/** How often `journal --follow` asks for new requests. */
const FOLLOW_MS = 500;

const adminArgs = [
  {
    name: (m: Messages) => standInWords[m.common.lang].admin.names.action,
    help: (m: Messages) => standInWords[m.common.lang].admin.action,
    choices: ACTIONS,
  },
  {
    name: (m: Messages) => standInWords[m.common.lang].admin.names.argument,
    help: (m: Messages) => standInWords[m.common.lang].admin.argument,
    optional: true,
  },
] as const satisfies readonly ArgDecl[];

const journalFlags = {
  follow: { type: 'boolean', help: (m: Messages) => standInWords[m.common.lang].journal.follow },
  operation: {
    type: 'value',
    placeholder: () => 'id',
    help: (m: Messages) => standInWords[m.common.lang].journal.operation,
  },
  card: {
    type: 'value',
    placeholder: (m: Messages) => standInWords[m.common.lang].journal.placeholders.card,
    help: (m: Messages) => standInWords[m.common.lang].journal.card,
  },
  since: {
    type: 'value',
    placeholder: (m: Messages) => standInWords[m.common.lang].journal.placeholders.since,
    help: (m: Messages) => standInWords[m.common.lang].journal.since,
  },
  limit: { type: 'value', placeholder: () => 'n', help: (m: Messages) => standInWords[m.common.lang].journal.limit },
} as const satisfies FlagDecls;

/** One call of the admin API: its JSON answer, or undefined after saying why there is none (the exit code set). */
async function call(inv: Io, method: Method, path: string, body?: string): Promise<unknown> {
  const target = await inv.target('base');
  const url = new URL(`/_coopctl/${path}`, target.baseUrl);
  const headers = baseHeaders(target, 'base');
  const req: HttpRequest =
    body === undefined
      ? { method, url, headers }
      : { method, url, headers: { ...headers, 'content-type': 'application/json' }, body };
  let res: HttpResponse;
  try {
    res = await (await inv.client()).send(req);
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    await inv.notice(transportProblem(err, inv.m), 'error');
    return undefined;
  }
  let value: unknown;
  try {
    value = parseExact(res.body);
  } catch {
    await inv.notice(standInWords[inv.lang].notJson(res.status), 'error');
    return undefined;
  }
  if (res.status === 200) return value;
  const said = Array.isArray(value) ? (value[0] as { mensagem_erro?: unknown } | undefined)?.mensagem_erro : undefined;
  // A server without --admin answers the prefix as any unknown path, without the admin API's header.
  if (res.status === 404 && res.headers[ADMIN_HEADER] === undefined)
    await inv.notice(standInWords[inv.lang].noAdmin, 'error');
  else await inv.notice(standInWords[inv.lang].refused(res.status, sanitize(String(said ?? ''), 'show')), 'error');
  return undefined;
}

async function runAdmin(inv: Io, action: (typeof ACTIONS)[number], arg: string | undefined): Promise<ExitCodeValue> {
  const words = standInWords[inv.lang];
  if (action !== 'reset' && action !== 'snapshots' && arg === undefined)
    throw new UsageError(() => words.needsArgument(action), 'coopctl serve admin --help');
  const name = encodeURIComponent(arg ?? '');
  const answer =
    action === 'reset'
      ? await call(inv, 'POST', 'reset')
      : action === 'load'
        ? await call(inv, 'POST', 'load', await inv.readInput(arg!, 'load'))
        : action === 'snapshot'
          ? await call(inv, 'POST', `snapshots/${name}`)
          : action === 'restore'
            ? await call(inv, 'POST', `snapshots/${name}/restore`)
            : await call(inv, 'GET', 'snapshots');
  if (answer === undefined) return ExitCode.failed;
  if (inv.format === 'json') {
    inv.out(`${JSON.stringify(answer)}\n`);
    return ExitCode.ok;
  }
  if (action === 'snapshots') {
    const names = (answer as { snapshots?: string[] }).snapshots ?? [];
    inv.say(
      names.length ? words.snapshots.list(names.map((n) => sanitize(n, 'show')).join(', ')) : words.snapshots.none,
    );
  } else if (action === 'reset') inv.say(words.done.reset);
  else if (action === 'load') inv.say(words.done.load(sanitize(arg!, 'show')));
  else inv.say(words.done[action](sanitize(arg!, 'show')));
  return ExitCode.ok;
}

type Entry = Record<string, unknown>;

/** One entry as a line: id, time, method, operation, status, outcome, ms. */
const line = (e: Entry) =>
  [e['id'], e['time'], e['method'], e['operation'], e['status'], e['outcome'], e['duration_ms']]
    .map((v) => sanitize(String(v ?? ''), 'show'))
    .join('  ');

async function runJournal(inv: Io, flags: Readonly<Record<string, unknown>>): Promise<ExitCodeValue> {
  const words = standInWords[inv.lang].journal;
  const query = new URLSearchParams();
  for (const name of ['operation', 'card', 'since', 'limit'] as const)
    if (typeof flags[name] === 'string') query.set(name, flags[name]);
  const json = inv.format === 'json';
  let printed = 0;
  const print = (entries: Entry[]) => {
    for (const e of entries) inv.out(json ? `${JSON.stringify(e)}\n` : `${line(e)}\n`);
    printed += entries.length;
  };
  const fetchSince = async (): Promise<Entry[] | undefined> => {
    const answer = await call(inv, 'GET', `requests?${query.toString()}`);
    return answer === undefined ? undefined : ((answer as { requests?: Entry[] }).requests ?? []);
  };
  const first = await fetchSince();
  if (first === undefined) return ExitCode.failed;
  if (!json && (first.length || flags['follow'])) inv.out(`${words.head.join('  ')}\n`);
  print(first);
  if (!flags['follow']) {
    if (!printed && !json) inv.say(words.none);
    return ExitCode.ok;
  }
  let last = Number(first.at(-1)?.['id'] ?? query.get('since') ?? 0);
  if (!Number.isFinite(last)) last = 0;
  query.delete('limit');
  while (!inv.signal.aborted) {
    try {
      await sleep(FOLLOW_MS, undefined, { signal: inv.signal });
    } catch {
      break;
    }
    query.set('since', String(last));
    const next = await fetchSince();
    if (next === undefined) return ExitCode.failed;
    print(next);
    last = Number(next.at(-1)?.['id'] ?? last);
  }
  return ExitCode.ok;
}

/** `serve admin`: snapshots, restores, loads and resets of a running stand-in. */
export const adminCommand = defineCommand({
  words: ['serve', 'admin'],
  description: (m) => standInWords[m.common.lang].admin.description,
  args: adminArgs,
  examples: () => [
    'coopctl serve admin snapshot clean',
    'coopctl serve admin restore clean',
    'coopctl serve admin load fixtures.json',
    'coopctl serve admin reset',
  ],
  notes: (m) => [standInWords[m.common.lang].admin.note],
  run: (io, args) => runAdmin(io, ...args),
});

/** `serve journal`: what a running stand-in was asked. */
export const journalCommand = defineCommand({
  words: ['serve', 'journal'],
  description: (m) => standInWords[m.common.lang].journal.description,
  flags: journalFlags,
  examples: () => [
    'coopctl serve journal --limit 20',
    'coopctl serve journal --operation schedule.book --json',
    'coopctl serve journal --card 00010001000001005 --since 2026-12-01T09:00:00Z',
  ],
  run: (io, _args, flags) => runJournal(io, flags),
});
