/**
 * A read made only to put a call into words (whose appointment, which
 * address): its records (none for an answer of no result), or undefined when
 * it cannot be made or says nothing certain (invalid parameters, no token for
 * its host, unreachable, refused, failed, a code without a documented
 * meaning). It never stops the command it serves; only Ctrl-C does.
 */
import { buildRequest } from '../../client/request.js';
import { TransportError } from '../../client/errors.js';
import { dataRecords, validateParams, type Operation, type Params, type Row } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Service } from '../capabilities.js';
import { exitCodeOf } from './report.js';

export async function readQuietly(inv: Service, op: Operation, raw: Params): Promise<Row[] | undefined> {
  const checked = validateParams(op, raw);
  if (!checked.ok) return undefined;
  try {
    const request = buildRequest(op, checked.value, await inv.target(op.host));
    const result = await (await inv.client()).call(op, request);
    if (result.kind !== 'answer') return undefined;
    if (result.outcome === 'no-result') return [];
    return exitCodeOf(result) === ExitCode.ok ? dataRecords(result.records) : undefined;
  } catch (err) {
    if (err instanceof TransportError || err instanceof UsageError) return undefined;
    throw err;
  }
}
