/** Checking a response body against an operation's record shape, and reading its outcome. */
import type { Operation } from './operation.js';

/** confirma_operacao 1 request OK, 2 record found, 3 no result, 4 request failed (spec §7). */
export type Outcome = 'ok' | 'found' | 'no-result' | 'failed';

import type { Row } from './field.js';

export type { Row };

export type ResponseCheck =
  | { readonly ok: true; readonly records: Row[]; readonly outcome: Outcome; readonly message: string }
  | { readonly ok: false; readonly problem: string };

const OUTCOMES: Record<number, Outcome> = { 1: 'ok', 2: 'found', 3: 'no-result', 4: 'failed' };

/** A record of the envelope alone (spec §2.1): what outcomes 3 and 4 and every error answer carry. */
export function envelopeRecord(confirma: 1 | 2 | 3 | 4, message: string): Row {
  return { confirma_operacao: confirma, mensagem_erro: message };
}

/** Process exit code of an outcome (GUIDE §4). */
export function outcomeExitCode(outcome: Outcome): number {
  return outcome === 'failed' ? 1 : outcome === 'no-result' ? 3 : 0;
}

function where(i: number, path: readonly PropertyKey[]): string {
  return `record ${i}${path.length ? ` field ${path.map(String).join('.')}` : ''}`;
}

/**
 * Checks a parsed JSON body. Records of outcome 1 or 2 (or with no envelope,
 * where the operation allows none) must match the full record shape; records
 * of outcome 3 or 4 need only the envelope. An empty array means no result.
 */
export function checkResponse(op: Operation, body: unknown): ResponseCheck {
  let records: unknown[];
  if (Array.isArray(body)) records = body;
  else if (op.response.envelope !== 'required' && body !== null && typeof body === 'object') records = [body];
  else return { ok: false, problem: `expected a JSON array of records, got ${body === null ? 'null' : typeof body}` };

  let outcome: Outcome = records.length === 0 ? 'no-result' : 'ok';
  let message = '';
  const codes: Outcome[] = [];
  for (const [i, rec] of records.entries()) {
    const env = op.envelopeSchema.safeParse(rec);
    if (!env.success) {
      const issue = env.error.issues[0]!;
      return { ok: false, problem: `${where(i, issue.path)} ${issue.message}` };
    }
    const code = (env.data as Row)['confirma_operacao'] as number | undefined;
    const o = code === undefined ? 'ok' : OUTCOMES[code];
    if (!o) return { ok: false, problem: `${where(i, ['confirma_operacao'])} has unknown value ${code}` };
    codes.push(o);
    if (o === 'ok' || o === 'found') {
      const full = op.recordSchema.safeParse(rec);
      if (!full.success) {
        const issue = full.error.issues[0]!;
        return { ok: false, problem: `${where(i, issue.path)} ${issue.message}` };
      }
    } else if (!message) {
      message = String((rec as Row)['mensagem_erro'] ?? '');
    }
  }
  if (codes.includes('failed')) outcome = 'failed';
  else if (codes.length > 0 && codes.every((c) => c === 'no-result')) outcome = 'no-result';
  else if (codes.includes('found')) outcome = 'found';
  return { ok: true, records: records as Row[], outcome, message };
}

/** Records that carry data (outcome 1 or 2, or no envelope): what table output shows. */
export function dataRecords(records: readonly Row[]): Row[] {
  return records.filter(
    (r) => r['confirma_operacao'] === undefined || r['confirma_operacao'] === 1 || r['confirma_operacao'] === 2,
  );
}
