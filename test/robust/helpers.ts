/**
 * Shared pieces of the robustness tests: raw HTTP over a keep-alive agent,
 * a checksum of every stored row, the error-envelope check, and `coopctl serve`
 * as a real child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin', 'coopctl');
export const DIST_MAIN = join(ROOT, 'dist', 'coopctl.cjs');

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/** One HTTP exchange; `agent: false` for a fresh connection, else the given (keep-alive) agent. */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string | Buffer;
    agent?: http.Agent | false;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POSTs (or GETs) a JSON body and parses the JSON answer. */
export async function sendJson(
  url: string,
  params: unknown,
  options: { method?: string; agent?: http.Agent | false } = {},
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(params);
  const res = await send(url, {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
    agent: options.agent,
  });
  return { status: res.status, body: JSON.parse(res.text) as unknown };
}

/**
 * What is wrong with an error answer (a 4xx/5xx), or undefined when it is the
 * documented shape: JSON, an array of exactly one envelope record with
 * `confirma_operacao` 4 and a non-empty `mensagem_erro`.
 */
export function envelopeProblem(res: Answer): string | undefined {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `not JSON: ${res.text.slice(0, 200)}`;
  }
  if (!Array.isArray(body) || body.length !== 1) return `not an array of one record: ${res.text.slice(0, 200)}`;
  const rec = body[0] as Record<string, unknown> | null;
  if (rec === null || typeof rec !== 'object') return `record is not an object: ${res.text.slice(0, 200)}`;
  if (rec['confirma_operacao'] !== 4) return `confirma_operacao is ${String(rec['confirma_operacao'])}`;
  if (typeof rec['mensagem_erro'] !== 'string' || rec['mensagem_erro'] === '')
    return 'mensagem_erro is empty or not a string';
  return undefined;
}

/** The `mensagem_erro` of an error answer already checked by `envelopeProblem`. */
export function messageOf(res: Answer): string {
  return (JSON.parse(res.text) as Array<{ mensagem_erro: string }>)[0]!.mensagem_erro;
}

/**
 * The refusal docs/server.md gives a body from its content type and bytes
 * alone: 415 for a non-empty body of a type other than JSON
 * (`application/json`, any `+json`) or a form, or of none; 400 for JSON that
 * does not parse to an object (a blank JSON body is no parameters). Any other
 * body is read, and its parameters validated (422, or 200 when they are valid).
 */
export function bodyRefusal(contentType: string | undefined, payload: Buffer): 400 | 415 | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return undefined;
  if (type !== 'application/json' && !type.endsWith('+json')) return payload.length === 0 ? undefined : 415;
  const text = payload.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value === null || typeof value !== 'object' || Array.isArray(value) ? 400 : undefined;
  } catch {
    return 400;
  }
}

/**
 * SHA-256 over the schema and every row of every table (but the access
 * audit's records) of a SQLite file, read
 * through its own read-only connection (not the store's code): rows in rowid
 * order, or in primary-key order for WITHOUT ROWID tables.
 */
export function tableChecksum(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    const master = db
      .prepare<[], { type: string; name: string; sql: string | null }>(
        'SELECT type, name, sql FROM sqlite_master ORDER BY type, name',
      )
      .all();
    hash.update(`user_version ${String(db.pragma('user_version', { simple: true }))}\n`);
    for (const m of master) hash.update(`${m.type} ${m.name} ${m.sql ?? ''}\n`);
    for (const m of master) {
      // The access audit records every request to an audited operation, refused ones too: not the data.
      if (m.type !== 'table' || m.name === 'audit') continue;
      const withoutRowid = /WITHOUT\s+ROWID/i.test(m.sql ?? '');
      const order = withoutRowid ? '' : ' ORDER BY rowid';
      const rows = db
        .prepare(`SELECT * FROM "${m.name.replace(/"/g, '""')}"${order}`)
        .safeIntegers()
        .raw()
        .all();
      if (withoutRowid) rows.sort((a, b) => (JSON.stringify(a, jsonSafe) < JSON.stringify(b, jsonSafe) ? -1 : 1));
      hash.update(`table ${m.name} ${rows.length}\n`);
      for (const row of rows) hash.update(`${JSON.stringify(row, jsonSafe)}\n`);
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

function jsonSafe(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer')
    return `x'${Buffer.from((v as { data: number[] }).data).toString('hex')}'`;
  return v;
}

/** The environment of a child process: its own folders, no colour, no server token, no configured URLs. */
export function childEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    NO_COLOR: '1',
  };
  for (const k of Object.keys(env))
    if (k.startsWith('COOPCTL_') || k === 'FORCE_COLOR' || /^(https?|no)_proxy$/i.test(k)) delete env[k];
  return { ...env, ...extra };
}

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the child wrote on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code, or the signal's name. */
  readonly exited: Promise<number | string>;
}

/** `coopctl serve --port 0 -q --db FILE` as a real process; resolves once it has printed its URL on stdout. */
export async function spawnServe(db: string, dir: string, args: readonly string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '-q', '--db', db, ...args], {
    env: childEnv(dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl).trim());
    });
    void exited.then((code) => reject(new Error(`coopctl serve exited (${code}) before printing its URL: ${err}`)));
  });
  return { child, url, stderr: () => err, exited };
}
