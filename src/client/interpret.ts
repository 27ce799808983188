/** Reading an HTTP response as the answer of an operation (GUIDE §4). */
import { STATUS_CODES } from 'node:http';
import { checkResponse, type Operation } from '../catalogue/index.js';
import { TransportError } from './errors.js';
import { parseJson } from './json.js';
import { requestLabel } from './mask.js';
import type { CallResult, HttpRequest, HttpResponse } from './types.js';

/** The service's own explanation in an error body: the first record's mensagem_erro. */
function errorMessage(body: unknown): string {
  const first = Array.isArray(body) ? body[0] : body;
  const msg =
    first !== null && typeof first === 'object' ? (first as Record<string, unknown>)['mensagem_erro'] : undefined;
  return typeof msg === 'string' ? msg : '';
}

/**
 * A 2xx of the documented shape is an answer with its outcome; any 4xx/5xx is
 * a refusal (exit 1, GUIDE §4), explained by the service's mensagem_erro when
 * its body carries one, else by the status text. Anything else (a 2xx body
 * that is not JSON, nests too deep or is not the documented shape, an empty
 * 2xx, a redirect) is a TransportError whose one line names the status, the
 * content type and what was wrong.
 */
export function interpret(op: Operation, req: HttpRequest, res: HttpResponse): CallResult {
  const where = `${requestLabel(req.method, req.url)} answered HTTP ${res.status} (${res.contentType})`;
  const fault = (what: string) => new TransportError(`${where}: ${what}`);
  const empty = res.body.trim() === '';

  if (res.status >= 400) {
    const parsed = empty ? undefined : parseJson(res.body);
    const message = parsed?.ok ? errorMessage(parsed.value) : '';
    return { kind: 'refused', status: res.status, message: message || (STATUS_CODES[res.status] ?? '') };
  }
  if (res.status >= 300 || res.status < 200) throw fault('expected a 2xx answer');
  if (req.method === 'HEAD') return { kind: 'answer', status: res.status, records: [], outcome: 'ok', message: '' };
  if (empty) throw fault('the body is empty');
  const parsed = parseJson(res.body);
  if (!parsed.ok) throw fault(parsed.problem);
  const check = checkResponse(op, parsed.value);
  if (!check.ok) throw fault(`not the documented shape: ${check.problem}`);
  return { kind: 'answer', status: res.status, records: check.records, outcome: check.outcome, message: check.message };
}
