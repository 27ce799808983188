/** The access log: method, path, status and milliseconds; never query strings, bodies or headers. */
import type { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { maskPersonalNumbers } from '../../catalogue/mask.js';

export type AccessLog = (method: string, path: string, status: number, startedAt: number) => void;

/** A path the catalogue does not know may carry anything: cards and CPFs in any form are masked (before the path is cut to 200 characters). */
export function safePath(path: string): string {
  return maskPersonalNumbers(path).slice(0, 200);
}

/** A logger writing one line per request to `stream`, or none (quiet). */
export function accessLog(stream: Writable | undefined): AccessLog | undefined {
  if (!stream) return undefined;
  return (method, path, status, startedAt) => {
    stream.write(`${method} ${path} ${status} ${(performance.now() - startedAt).toFixed(1)}ms\n`);
  };
}
