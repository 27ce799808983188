/** Reading an HTTP response as the answer of an operation (docs/output.md). */
import { checkResponse, type Operation } from '../catalogue/index.js';
import { en } from '../catalogue/words/en.js';
import { type AnswerFault, TransportError } from './errors.js';
import { statusText } from './node-http.js';
import { errorExplanation } from './error-body.js';
import { invalidUtf8, parseJson } from './json.js';
import { requestLabel } from './mask.js';
import type { CallResult, HttpRequest, HttpResponse } from './types.js';

/**
 * A 2xx of the documented shape is an answer with its outcome; any 4xx/5xx is
 * a refusal (exit 1, docs/output.md), explained by what its body carries (the
 * envelope's mensagem_erro, a message with field errors, problem details or
 * plain text: error-body.ts), else by the status text. Anything else (a 2xx body
 * that is not JSON, nests too deep or is not the documented shape, an empty
 * 2xx, a redirect) is a TransportError whose one line names the status, the
 * content type and what was wrong.
 */
export function interpret(op: Operation, req: HttpRequest, res: HttpResponse): CallResult {
  const request = requestLabel(req.method, req.url);
  const where = `${request} answered HTTP ${res.status} (${res.contentType})`;
  const fault = (what: string, answer: AnswerFault) =>
    new TransportError(`${where}: ${what}`, false, {
      kind: 'bad-answer',
      request,
      status: res.status,
      contentType: res.contentType,
      fault: answer,
    });
  if (res.status >= 400) {
    const message = errorExplanation(res.body, res.contentType);
    return { kind: 'refused', status: res.status, message: message || statusText(res.status) };
  }
  if (res.status >= 300 || res.status < 200) throw fault('expected a 2xx answer', { kind: 'not-2xx' });
  if (req.method === 'HEAD') return { kind: 'answer', status: res.status, records: [], outcome: 'ok', message: '' };
  if (res.body.trim() === '') throw fault('the body is empty', { kind: 'empty' });
  const parsed = parseJson(res.body);
  // Bytes that are not UTF-8 are named where they are, not read as U+FFFD (json.ts invalidUtf8).
  const broken = invalidUtf8(res.body, parsed.ok ? parsed.value : undefined);
  if (broken) throw fault(notUtf8Words(broken), broken);
  if (!parsed.ok) throw fault(parsed.problem, parsed.fault);
  const check = checkResponse(op, parsed.value);
  if (!check.ok)
    throw fault(`not the documented shape: ${en.shape(check.fault)}`, { kind: 'shape', detail: check.fault });
  return { kind: 'answer', status: res.status, records: check.records, outcome: check.outcome, message: check.message };
}

/** The English words of an answer's invalid byte (the trace's and the log's line; people read the run's language). */
function notUtf8Words(f: Extract<AnswerFault, { kind: 'not-utf8' }>): string {
  return f.field
    ? `${f.field} is not valid UTF-8 (byte ${f.byte} at position ${f.at})`
    : `the body is not valid UTF-8 (byte ${f.byte})`;
}
