// P3's floor (p3-floor.mjs): the bare node:http server of bare-server.mjs
// with coopctl's access-audit record and nothing else of coopctl. Each
// request's record is made as `serve` makes a read's (the card's keyed hash,
// the seal on the chain: src/server/audit/), then, by the mode:
//
// - `sealed`: kept nowhere; the answer waits for the next turn of the event
//   loop, as a batch of records does: what making the record costs;
// - `write`: the turn's records written as JSON lines to a file with one
//   write(2) (no fsync, as the audit's WAL at synchronous NORMAL): the least
//   any store of them costs;
// - `audit`: appended to the audit's own file (src/server/store/sqlite/
//   audit-file.ts), each batch committed before its answers, as `serve` does.
//
// Then the same constant bytes as the bare server. Args: the mode, the body's
// file, the database path (its `.audit` file, or `.log`, is made beside it),
// the audit modules' bundle (a file URL, bench/floor-audit.ts). Prints its URL
// on stdout.
import { randomBytes } from 'node:crypto';
import { openSync, readFileSync, writeSync } from 'node:fs';
import http from 'node:http';

const [mode, bodyFile, dbPath, moduleUrl] = process.argv.slice(2);
const { auditKeyOf, chainOf, fileAudit, openAuditFile } = await import(moduleUrl);
const body = readFileSync(bodyFile, 'utf8');
const length = String(Buffer.byteLength(body));
const key = auditKeyOf(randomBytes(32));
const chain = chainOf(new Map([[key.id, key]]));
const CARD = '?usuario_cartao=';

const answer = (res) => {
  res.writeHead(200, ['content-type', 'application/json; charset=utf-8', 'content-length', length]);
  res.end(body);
};

/** The records of a turn and their answers, then `store` called with the turn's sealed records. */
function batches(store) {
  let queue = [];
  let head = null;
  const turn = () => {
    const waiting = queue;
    queue = [];
    const sealed = waiting.map(([record]) => {
      const seal = chain.seal(record, head);
      head = seal;
      return { ...record, seal };
    });
    store(sealed);
    for (const [, res] of waiting) answer(res);
  };
  return (record, res) => {
    if (queue.length === 0) setImmediate(turn);
    queue.push([record, res]);
  };
}

let take;
if (mode === 'audit') {
  const { repo } = fileAudit(openAuditFile(dbPath), dbPath);
  repo.chain(chain);
  take = (record, res) =>
    repo.append(record, false).then(
      () => answer(res),
      () => {
        res.writeHead(503);
        res.end();
      },
    );
} else if (mode === 'write') {
  const fd = openSync(`${dbPath}.log`, 'a', 0o600);
  take = batches((sealed) => writeSync(fd, `${sealed.map((r) => JSON.stringify(r)).join('\n')}\n`));
} else if (mode === 'sealed') take = batches(() => {});
else throw new Error(`unknown mode ${mode}`);

const server = http.createServer((req, res) => {
  const at = req.url.indexOf(CARD);
  take(
    {
      at: Date.now(),
      client: req.socket.remoteAddress ?? null,
      tokenLabel: null,
      operation: 'buscadadosusuario',
      status: 200,
      confirma: 2,
      subjectKind: 'card',
      subject: key.hash('card', at < 0 ? '' : req.url.slice(at + CARD.length)),
      reference: null,
      contract: null,
      previous: null,
      requestId: null,
      keyId: key.id,
    },
    res,
  );
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
