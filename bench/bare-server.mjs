// The baseline of P3: a bare node:http server answering one constant JSON
// array (the body given as a file, so that it has the same size as the real
// answer) to every request. Prints its URL on stdout.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : '[{"confirma_operacao":2,"mensagem_erro":""}]';
const length = String(Buffer.byteLength(body));
const server = http.createServer((_req, res) => {
  res.writeHead(200, ['content-type', 'application/json; charset=utf-8', 'content-length', length]);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
