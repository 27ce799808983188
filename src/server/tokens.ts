/**
 * The server's tokens: where they come from (`--token-file`, `-` for stdin,
 * else `COOPCTL_SERVER_TOKEN`), how their text is read (one token, or several
 * `label:token` lines, one per client), and which label a presented token
 * belongs to. The label names a client in the log (`token_label`); the token
 * itself is never logged or shown.
 *
 * Text: one entry a line; blank lines and lines starting with `#` are skipped;
 * surrounding whitespace is dropped. A line `label:token` gives its client a
 * label (letters, digits, `.`, `_`, `-`, at most 64); a line without a label is
 * the `default` client. Every token is estimated at MIN_TOKEN_BITS bits or
 * more (token-strength.ts) and has no whitespace; labels and tokens are unique.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { StartError } from './start-error.js';
import { MIN_TOKEN_BITS, tokenBits } from './token-strength.js';
import { start } from './words.js';

/** The label of a token written without one. */
export const DEFAULT_LABEL = 'default';

/** A client's token and the label that names it in the log. */
export interface ServerToken {
  readonly label: string;
  readonly token: string;
}

const LABEL = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The tokens of a token text, or a StartError naming `source` and the line
 * (never the token). An empty text (no token at all) is refused too.
 */
export function parseTokens(content: string, source: string): ServerToken[] {
  const tokens: ServerToken[] = [];
  const lines = content.split(/\r?\n/);
  const entries = lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = start.tokenAt(source, entries > 1 ? i + 1 : undefined);
    const colon = line.indexOf(':');
    const head = line.slice(0, Math.max(colon, 0)).trim();
    const labelled = colon > 0 && LABEL.test(head);
    const label = labelled ? head : DEFAULT_LABEL;
    const token = labelled ? line.slice(colon + 1).trim() : line;
    if (token === '') throw new StartError(start.emptyToken(where));
    if (/\s/.test(token)) throw new StartError(start.spacedToken(where));
    if (tokens.some((t) => t.label === label)) throw new StartError(start.labelTwice(label, source));
    if (tokens.some((t) => t.token === token)) throw new StartError(start.tokenTwice(source, where));
    const bits = tokenBits(token);
    if (bits < MIN_TOKEN_BITS) throw new StartError(start.weakToken(where, Math.floor(bits), MIN_TOKEN_BITS));
    tokens.push({ label, token });
  }
  if (tokens.length === 0) throw new StartError(start.emptyToken(start.tokenAt(source)));
  return tokens;
}

/**
 * A token file's text, refused when group or others may read or write it (as
 * ssh refuses an unprotected private key). The mode is read from the opened file.
 */
async function readTokenFile(file: string): Promise<string> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const { mode } = await handle.stat();
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8).padStart(4, '0');
      throw new StartError(start.tokenFileOpen(file, octal));
    }
    return await handle.readFile('utf8');
  } catch (err) {
    if (err instanceof StartError) throw err;
    throw new StartError(start.cannotReadTokenFile(file, (err as NodeJS.ErrnoException).code ?? 'error'));
  } finally {
    await handle?.close();
  }
}

/**
 * Tokens from `file` (`-`: stdin), else from the environment variable `variable`;
 * undefined when neither is given.
 */
export async function readTokens(
  file: string | undefined,
  env: NodeJS.ProcessEnv,
  variable: string,
  stdin?: Readable,
): Promise<ServerToken[] | undefined> {
  if (file === '-') return parseTokens(stdin ? await text(stdin) : '', 'stdin');
  if (file !== undefined) return parseTokens(await readTokenFile(file), file);
  const value = env[variable];
  return value === undefined ? undefined : parseTokens(value, variable);
}

/** The server's tokens: `--token-file`, else `COOPCTL_SERVER_TOKEN`. */
export function readServerTokens(
  tokenFile: string | undefined,
  env: NodeJS.ProcessEnv,
  stdin?: Readable,
): Promise<ServerToken[] | undefined> {
  return readTokens(tokenFile, env, 'COOPCTL_SERVER_TOKEN', stdin);
}

/** Tokens as options give them: one token (the `default` client) or a list. */
export function tokenList(tokens: string | readonly ServerToken[]): readonly ServerToken[] {
  return typeof tokens === 'string' ? [{ label: DEFAULT_LABEL, token: tokens }] : tokens;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The label of the token an `Authorization: Bearer …` header presents, or
 * undefined. Every token is compared (as SHA-256 digests, in constant time),
 * whichever matches, so the time taken tells nothing of which one did.
 */
export function bearerLabel(tokens: readonly ServerToken[]): (header: string | undefined) => string | undefined {
  if (tokens.length === 0) throw new Error('no server token');
  const expected = tokens.map((t) => ({ label: t.label, digest: digest(t.token) }));
  return (header) => {
    if (header === undefined || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
    const presented = digest(header.slice(7).trim());
    let label: string | undefined;
    for (const t of expected) if (timingSafeEqual(presented, t.digest)) label = t.label;
    return label;
  };
}
