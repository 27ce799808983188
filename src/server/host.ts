/** Listening addresses: whether one is loopback, and the URL clients use for it. */
import { isIP } from 'node:net';
import { StartError } from './start-error.js';
import { start } from './words.js';

/** True for localhost, 127.0.0.0/8 and ::1 (also written [::1] or ::ffff:127.x.x.x). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** `http://host:port`, with an IPv6 address in brackets. */
export function urlFor(host: string, port: number): string {
  const h = host.replace(/^\[(.*)\]$/, '$1');
  return `http://${isIP(h) === 6 ? `[${h}]` : h}:${port}`;
}

/** Refuses to serve a non-loopback address without a token (docs/server.md, "Authentication"). */
export function checkExposure(host: string, token: string | readonly unknown[] | undefined): void {
  if (!isLoopback(host) && (token === undefined || token.length === 0)) {
    throw new StartError(start.exposed(host));
  }
}
