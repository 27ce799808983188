/** `--dry-run`: the validated requests printed as curl command lines on stdout; nothing is sent. */
import type { HttpRequest } from '../../client/types.js';
import type { Output, Settings } from '../capabilities.js';
import { curlCommand, TOKEN_VARIABLE } from './curl.js';

/**
 * Each request's curl command line on stdout (`record summary` prints six), the notes on stderr once, after the
 * first; with `--mask`, for reading only: its parameters masked by field (output/mask.ts).
 */
export async function printDryRun(io: Output & Settings, requests: readonly HttpRequest[]): Promise<void> {
  const curl = (request: HttpRequest) => io.out(curlCommand(io.mask ? io.mask.request(request) : request));
  const [first, ...rest] = requests;
  if (first === undefined) return;
  curl(first);
  const withToken = Object.keys(first.headers).some((h) => h.toLowerCase() === 'authorization');
  if (withToken) {
    const token = (await io.settings()).token;
    const from = token.source === 'flag' ? '--token-file' : io.m.config.origin(token);
    if (token.source !== 'env') io.info(io.m.confirm.tokenNotPrinted(from, TOKEN_VARIABLE));
  }
  io.info(io.m.confirm.dryRun);
  for (const request of rest) curl(request);
}
