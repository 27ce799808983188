/**
 * The console's paths (console-page.ts): the page (`/_coopctl/`), its script
 * and style, `GET state` (cards to try, snapshots, the injected `Prefer`) and
 * `POST prefer` (`{"prefer":"confirma=3"}`, or "" for none), which the answer
 * path applies to every request that sends no Prefer of its own.
 */
import { inLang } from '../../catalogue/index.js';
import { parseExact } from '../../catalogue/exact-json.js';
import { readBody } from '../http/body.js';
import { failure, type Reply } from '../http/reply.js';
import { admin as words } from '../words.js';
import { CONSOLE_CSP, CONSOLE_CSS, CONSOLE_ICON, CONSOLE_JS, consolePage, PREFER_CHOICES } from './console-page.js';
import type { AdminPart } from './routes.js';
import type { AdminState } from './state.js';

/** The paths served without the token: the page and its assets hold no data (what they show comes with it). */
export const CONSOLE_ASSETS: ReadonlySet<string> = new Set([
  '/_coopctl/',
  '/_coopctl/console.js',
  '/_coopctl/console.css',
]);

/** The Prefer value the console turned on, read by the answer path. */
export interface ForcedPrefer {
  get(): string | undefined;
  set(value: string): void;
}

export function forcedPrefer(): ForcedPrefer {
  let value: string | undefined;
  return {
    get: () => value,
    set(v) {
      value = v === '' ? undefined : v;
    },
  };
}

const asset = (body: string, type: string): Reply => ({
  status: 200,
  body,
  type,
  headers: ['content-security-policy', CONSOLE_CSP, 'x-frame-options', 'DENY', 'referrer-policy', 'no-referrer'],
});

const CHOICES = new Set<string>(PREFER_CHOICES.map(([v]) => v));

export function consoleRoutes(
  state: AdminState,
  prefer: ForcedPrefer,
  cards: () => Promise<{ cards: string[] }>,
): AdminPart {
  return async (request, route, _query, lang) => {
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (route === '' && get) return asset(consolePage(lang), 'text/html; charset=utf-8');
    if (route === 'console.js' && get) return asset(CONSOLE_JS, 'text/javascript; charset=utf-8');
    if (route === 'console.css' && get) return asset(CONSOLE_CSS, 'text/css; charset=utf-8');
    if (route === 'favicon.svg' && get) return asset(CONSOLE_ICON, 'image/svg+xml');
    if (route === 'state' && get)
      return cards().then((demo) => ({
        status: 200,
        body: JSON.stringify({ cards: demo.cards, snapshots: state.names(), prefer: prefer.get() ?? '' }),
      }));
    if (route === 'prefer' && request.method === 'POST')
      return (async (): Promise<Reply> => {
        const body =
          request.body === undefined
            ? Buffer.alloc(0)
            : await readBody(request.body, request.headers['content-length'], 1024);
        let value: unknown;
        try {
          value =
            typeof body === 'symbol' ? undefined : (parseExact(body.toString('utf8')) as { prefer?: unknown }).prefer;
        } catch {
          value = undefined;
        }
        if (typeof value !== 'string' || !CHOICES.has(value)) return failure(422, inLang(words.badPrefer, lang));
        prefer.set(value);
        return { status: 200, body: JSON.stringify({ ok: true, action: 'prefer', prefer: value }) };
      })();
    return undefined;
  };
}
