/**
 * Node's own refusals (a malformed request, headers over the limit, a request
 * not received in time) answered like every other error: an envelope record
 * with the headers of every answer, then the connection closes.
 */
import type { Server } from 'node:http';
import { http } from './node-http.js';
import type { Duplex } from 'node:stream';
import { failure, replyHeaders, type Reply } from './reply.js';

/** A reply as raw HTTP/1.1 text with `Connection: close`, for a socket that has no response object. */
function rawReply(reply: Reply): string {
  const head = [...replyHeaders(reply), 'connection', 'close'];
  let text = `HTTP/1.1 ${reply.status} ${http.STATUS_CODES[reply.status] ?? ''}\r\n`;
  for (let i = 0; i < head.length; i += 2) text += `${head[i]}: ${head[i + 1]}\r\n`;
  return `${text}\r\n${reply.body}`;
}

const ANSWERS: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: rawReply(failure(408, 'request not received in time')),
  HPE_HEADER_OVERFLOW: rawReply(failure(431, 'request headers too large')),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: rawReply(failure(413, 'chunk extensions too large')),
};
const BAD_REQUEST = rawReply(failure(400, 'malformed HTTP request'));

/** What node does by default, with these answers: nothing is written once an answer has started on the socket. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // node's link from a socket to the response in flight, as its default handler reads it.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent && err.code !== 'ECONNRESET')
      socket.write(ANSWERS[err.code ?? ''] ?? BAD_REQUEST);
    socket.destroy();
  });
}
