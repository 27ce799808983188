/** `--dry-run`: the validated request printed as a curl command line on stdout; nothing is sent. */
import type { HttpRequest } from '../../client/types.js';
import type { Output, Settings } from '../capabilities.js';
import { curlCommand, TOKEN_VARIABLE } from './curl.js';

/** Invocations that have printed their notes already (`record summary` prints six requests). */
const noted = new WeakSet<Output & Settings>();

/** The curl command line on stdout; with `--mask`, for reading only: its parameters masked by field (output/mask.ts). */
export async function printDryRun(inv: Output & Settings, request: HttpRequest): Promise<void> {
  inv.out(curlCommand(inv.mask ? inv.mask.request(request) : request));
  if (noted.has(inv)) return;
  noted.add(inv);
  const withToken = Object.keys(request.headers).some((h) => h.toLowerCase() === 'authorization');
  if (withToken) {
    const token = (await inv.settings()).token;
    const from = token.source === 'flag' ? '--token-file' : inv.m.config.origin(token);
    if (token.source !== 'env') inv.info(inv.m.confirm.tokenNotPrinted(from, TOKEN_VARIABLE));
  }
  inv.info(inv.m.confirm.dryRun);
}
