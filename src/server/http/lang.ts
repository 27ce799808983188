/**
 * The language of an answer's messages, from the request's Accept-Language
 * (RFC 9110 §12.5.4): Portuguese when a `pt` range (`pt-BR`, `pt`) is
 * preferred to English, English otherwise, and when the header is absent or
 * names neither (docs/decisions.md, "The embedded server's language").
 */
import type { Lang } from '../../catalogue/index.js';

/** The weight of one range (`pt-BR;q=0.8` → 0.8), 1 when it has none; NaN when unreadable. */
function weight(params: string): number {
  const q = /(?:^|;)\s*q\s*=\s*([0-9.]+)/i.exec(params);
  return q ? Number(q[1]) : 1;
}

/** The answer's language for an Accept-Language header. */
export function preferredLang(header: string | undefined): Lang {
  if (!header) return 'en';
  let pt = 0;
  let en = 0;
  for (const part of header.slice(0, 256).split(',')) {
    const semi = part.indexOf(';');
    const tag = (semi < 0 ? part : part.slice(0, semi)).trim().toLowerCase();
    const q = semi < 0 ? 1 : weight(part.slice(semi));
    if (!(q > 0)) continue;
    if (tag === 'pt' || tag.startsWith('pt-')) pt = Math.max(pt, q);
    else if (tag === 'en' || tag.startsWith('en-')) en = Math.max(en, q);
  }
  return pt > en ? 'pt-BR' : 'en';
}
