/**
 * `coopctl api <METHOD> <path> [-f key=value]...`: a raw call of any path on
 * the configured hosts, with the configured token.
 *
 * - Host: the catalogue's host when the path is one of its operations (the test
 *   host for section 4.1), else the base host; `--host test|base` overrides.
 * - Parameters: `-f key=value` (a string) and `-F key=value` (typed: true,
 *   false, null and numbers that read back the same as JSON; `@file` the
 *   contents of a file, `@-` stdin), repeatable. `key[]=v` makes a list. GET
 *   and HEAD put them in the query string; POST in a JSON body (a form body
 *   with `--body form`).
 * - Output: the response body on stdout, pretty JSON when it is JSON, else as
 *   received: byte for byte when piped, made safe to show on a terminal
 *   (output/sanitize.ts: control characters shown as `\x1b`…), as `gh api`
 *   does. HEAD prints nothing.
 * - Exit code: for a catalogue operation called with its method, the outcome
 *   of the answer as for its command (0, 1, 3; 4 when the body is not the
 *   documented shape); otherwise 0 for 2xx, 1 for 4xx/5xx, 4 for anything
 *   else. Unreachable or timed out: 4.
 * - Confirmations and --dry-run as for the operation commands.
 */
import { InvalidArgumentError } from 'commander';
import { TransportError } from '../../client/errors.js';
import { interpret } from '../../client/interpret.js';
import { requestLabel } from '../../client/mask.js';
import { statusText } from '../../client/node-http.js';
import { baseHeaders } from '../../client/request.js';
import type { HttpRequest, HttpResponse } from '../../client/types.js';
import { operationAt, type Host, type Method, type Operation, type Params } from '../../catalogue/index.js';
import { exactInt, parseExact, stringifyExact } from '../../catalogue/exact-json.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import { jsonText } from '../output/json-text.js';
import { sanitize } from '../output/sanitize.js';
import { transportProblem } from '../run/failure.js';
import { exitCodeOf, problemOf } from '../operations/report.js';
import type { FlagDecls, FlagValues } from '../flags/declared.js';
import type { ArgDecl } from '../flags/positional.js';
import { defineCommand } from '../commands/command-def.js';
import { specOf } from '../commands/specs.js';
import { pendingCall } from '../operations/pipeline.js';
import { confirmCall } from '../safety/confirm.js';
import { printDryRun } from '../safety/dry-run.js';
import { assumeYes, isDryRun } from '../safety/flags.js';

/** The methods of the service (GET and HEAD read, POST writes). */
export const apiMethods = ['GET', 'HEAD', 'POST'] as const;
const HINT = 'coopctl api --help';

function method(messages: Messages) {
  return (value: string): Method => {
    const m = value.toUpperCase();
    if (!(apiMethods as readonly string[]).includes(m))
      throw new InvalidArgumentError(messages.help.invalid.method(apiMethods.join(', ')));
    return m as Method;
  };
}

const pair = (m: Messages) => m.commandsHelp.api.arguments.pair;

/** The method and the path of the request. */
const apiArgs = [
  {
    name: (m) => m.commandsHelp.api.arguments.method,
    help: (m) => m.commandsHelp.api.method(apiMethods.join(', ')),
    parse: method,
  },
  { name: (m) => m.commandsHelp.api.arguments.path, help: (m) => m.commandsHelp.api.path },
] as const satisfies readonly ArgDecl[];

/** The command's flags; -y and -n are the safety flags (safety/flags.ts). */
const apiFlags = {
  rawField: {
    type: 'value',
    short: 'f',
    placeholder: pair,
    help: (m) => m.commandsHelp.api.rawField,
    repeatable: true,
  },
  field: { type: 'value', short: 'F', placeholder: pair, help: (m) => m.commandsHelp.api.field, repeatable: true },
  header: {
    type: 'value',
    short: 'H',
    placeholder: (m) => m.commandsHelp.api.arguments.header,
    help: (m) => m.commandsHelp.api.header,
    repeatable: true,
  },
  host: { type: 'value', placeholder: () => 'host', help: (m) => m.commandsHelp.api.host, choices: ['test', 'base'] },
} as const satisfies FlagDecls;
type ApiOptions = FlagValues<typeof apiFlags>;

type Pair = readonly [key: string, value: unknown];

function splitPair(text: string, option: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError((m) => m.errors.api.keyValue(option, text), HINT);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** A -F value: JSON literals, integers (exactly, however long), numbers that read back the same, @file contents, else the string. */
async function typed(inv: Io, key: string, value: string): Promise<unknown> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^[1-9]\d*$/.test(value)) return exactInt(value);
  if (/^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value) return Number(value);
  if (value.startsWith('@')) return inv.readInput(value.slice(1), `-F ${key}=@`);
  return value;
}

async function readPairs(inv: Io, o: ApiOptions): Promise<Pair[]> {
  const pairs: Pair[] = o.rawField.map((f) => splitPair(f, '-f'));
  for (const f of o.field) {
    const [k, v] = splitPair(f, '-F');
    pairs.push([k, await typed(inv, k, v)]);
  }
  return pairs;
}

/** Pairs as a JSON object: `key[]` collects a list; a plain key given twice is an error. */
export function jsonObject(pairs: readonly Pair[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = out[name];
      if (list !== undefined && !Array.isArray(list))
        throw new UsageError((m) => m.errors.api.valueAndList(name), HINT);
      out[name] = [...((list as unknown[] | undefined) ?? []), value];
    } else {
      if (Object.hasOwn(out, key)) throw new UsageError((m) => m.errors.api.twice(key), HINT);
      out[key] = value;
    }
  }
  return out;
}

const text = (v: unknown) => (v === null ? '' : typeof v === 'string' ? v : stringifyExact(v));

function headerPairs(list: readonly string[]): Array<[string, string]> {
  return list.map((h) => {
    const at = h.indexOf(':');
    const name = h.slice(0, Math.max(at, 0)).trim().toLowerCase();
    if (at <= 0 || !/^[!#$%&'*+.^`|~\w-]+$/.test(name)) throw new UsageError((m) => m.errors.api.header(h), HINT);
    if (name === 'authorization') throw new UsageError((m) => m.errors.api.authorization, HINT);
    return [name, h.slice(at + 1).trim()];
  });
}

/** The path's URL on the chosen host; only paths are taken (the host and its token come from the configuration). */
function urlOf(base: string, path: string): URL {
  if (!path.startsWith('/') || path.startsWith('//')) throw new UsageError((m) => m.errors.api.notPath(path), HINT);
  const url = new URL(base.replace(/\/+$/, '') + path);
  if (url.origin !== new URL(base).origin) throw new UsageError((m) => m.errors.api.leaves(path), HINT);
  return url;
}

function printBody(inv: Io, req: HttpRequest, res: HttpResponse): void {
  if (req.method === 'HEAD' || res.body === '') return;
  const mask = inv.mask;
  if (/\bjson\b/i.test(res.contentType)) {
    try {
      const value: unknown = parseExact(res.body);
      inv.out(`${jsonText(mask ? mask.records(value) : value, 2)}\n`);
      return;
    } catch {
      // Not JSON after all: printed as received.
    }
  }
  const body = inv.ctx.tty.stdout ? sanitize(res.body, 'keep') : res.body;
  inv.out(mask ? mask.text(body) : body);
}

/** The request of the command line, and its parameters as an object (for the confirmation's wording). */
async function requestOf(
  inv: Io,
  m: Method,
  path: string,
  o: ApiOptions,
  host: Host,
): Promise<{ req: HttpRequest; params: Params }> {
  const target = await inv.target(host);
  const url = urlOf(host === 'test' ? target.testBaseUrl : target.baseUrl, path);
  const pairs = await readPairs(inv, o);
  const extra = headerPairs(o.header);
  const headers = baseHeaders(target, host);
  let body: string | undefined;
  let params: Params;
  if (m === 'POST') {
    params = jsonObject(pairs);
    const form = target.body === 'form';
    headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    body = form ? new URLSearchParams(pairs.map(([k, v]) => [k, text(v)])).toString() : stringifyExact(params);
  } else {
    params = jsonObject(pairs.map(([k, v]) => [k, text(v)] as const));
    for (const [k, v] of pairs) url.searchParams.append(k, text(v));
  }
  for (const [name, value] of extra) headers[name] = value;
  const req: HttpRequest = body === undefined ? { method: m, url, headers } : { method: m, url, headers, body };
  return { req, params };
}

/** The exit code of a catalogue operation's answer, as for its command (4 when not the documented shape). */
async function operationExit(inv: Io, op: Operation, req: HttpRequest, res: HttpResponse): Promise<number> {
  try {
    const result = interpret(op, req, res);
    const code = exitCodeOf(result);
    const problem = problemOf(result, inv.m, op);
    if (problem) await inv.notice(problem, code === ExitCode.noResult ? 'note' : 'error');
    return code;
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    await inv.notice(transportProblem(err, inv.m), 'error');
    return ExitCode.transport;
  }
}

/** The exit code of any other answer: 0 for 2xx, 1 for 4xx/5xx, 4 for anything else. */
async function statusExit(inv: Io, req: HttpRequest, res: HttpResponse): Promise<number> {
  const status = `HTTP ${res.status} ${statusText(res.status)}`.trimEnd();
  if (res.status >= 200 && res.status < 300) return ExitCode.ok;
  if (res.status >= 400) {
    await inv.notice(inv.m.errors.api.answered(requestLabel(req.method, req.url), status), 'error');
    return ExitCode.failed;
  }
  await inv.notice(inv.m.errors.api.not2xx(requestLabel(req.method, req.url), status), 'error');
  return ExitCode.transport;
}

async function runApi(inv: Io, m: Method, path: string, o: ApiOptions): Promise<number> {
  const pathname = path.split(/[?#]/)[0]!;
  const op = operationAt(pathname);
  const catalogued = op?.methods.includes(m) ? op : undefined;
  const { req, params } = await requestOf(inv, m, path, o, o.host ?? op?.host ?? 'base');
  if (isDryRun(inv)) {
    await printDryRun(inv, [req]);
    return ExitCode.ok;
  }
  if (catalogued) {
    const call = pendingCall(await specOf(catalogued), params, req, true);
    const stop = await confirmCall(inv, call, assumeYes(inv), `coopctl api ${m} ${pathname}`);
    if (stop !== undefined) return stop;
  }
  const res = await (await inv.client()).send(req);
  printBody(inv, req, res);
  return catalogued ? operationExit(inv, catalogued, req, res) : statusExit(inv, req, res);
}

export const apiCommand = defineCommand({
  words: ['api'],
  args: apiArgs,
  flags: apiFlags,
  safety: true,
  examples: (m) => [
    'coopctl api GET /api/svcmobile/atualizacaocadastral/buscadadosusuario -f usuario_cartao=00010001000001005',
    'coopctl api GET /api/svcweb/contrato/search -f contrato_id=1',
    {
      command: 'coopctl api POST /api/svccard/agendamento/cancelaagendamento -f cd_evento=12 --dry-run',
      note: m.commandsHelp.api.dryRun,
    },
  ],
  notes: (m) => [m.commandsHelp.api.note],
  run: async (io, [method, path], flags) => runApi(io, method, path, flags),
});
