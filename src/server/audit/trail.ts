/**
 * The access audit's records, made from an answered request (http/answer.ts
 * calls the auditor once the answer is decided) and appended to the store's
 * trail. A read is answered only once its record is written: an answer that
 * discloses personal data is sent only with its record. When the record
 * cannot be written (a full disk, the database file removed), a read is
 * answered 503 instead of its data. A write, already stored (or refused), is
 * answered as it went without waiting for its record, which is committed at
 * the end of its window of records (SQLite), never in the write's durable
 * transaction: holding the answer would make every write wait for a second
 * commit, for nothing it could change; a record that cannot be written is
 * logged (never the request's data).
 */
import { inLang, type Lang, type Params, SUBJECT_FIELDS, type Personal } from '../../catalogue/index.js';
import type { Auditor, AuditFacts } from '../http/answer.js';
import { failure, type Reply } from '../http/reply.js';
import type { ServerLog } from '../observe/log.js';
import type { AuditRecord, AuditRepository } from '../store/areas/audit.js';
import { StoreUnavailable } from '../store/unavailable.js';
import { http, unavailable } from '../words.js';
import type { AuditKey } from './key.js';
import { chainOf } from './seal.js';
import { plural } from '../../catalogue/words/numbers.js';

const CONFIRMA = '"confirma_operacao":';

/** The answer's first `confirma_operacao`, when it has one. */
export function confirmaOf(body: string): number | null {
  const at = body.indexOf(CONFIRMA);
  if (at < 0) return null;
  const n = Number.parseInt(body.slice(at + CONFIRMA.length, at + CONFIRMA.length + 16), 10);
  return Number.isSafeInteger(n) ? n : null;
}

/** A parameter's value as text (a JSON body's number is exact: a number or a bigint). */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(text).join(',');
  return String(value);
}

/** A number the request gave as text, when it is one (a reference, a contract), else undefined. */
function numberOf(raw: Params, field: string | undefined): string | undefined {
  const v = field === undefined ? undefined : raw[field];
  const n = v === undefined ? '' : text(v);
  return /^\d{1,20}$/.test(n) ? n : undefined;
}

/**
 * What the record keeps of the request: the subject's hash, the reference and
 * the contract when they are numbers, and what the change replaced (the
 * payer's CPF, hashed).
 */
function whom(
  personal: Personal,
  facts: AuditFacts,
  key: AuditKey,
): Pick<AuditRecord, 'subjectKind' | 'subject' | 'reference' | 'contract' | 'previous'> {
  const { raw, notes } = facts;
  const value = personal.subject === undefined ? undefined : raw[personal.subject];
  const kind = personal.subject === undefined || value === undefined ? null : SUBJECT_FIELDS[personal.subject];
  const reference = numberOf(raw, personal.reference);
  const contract = numberOf(raw, 'contrato_id');
  const payer = notes?.previousPayerCpf;
  return {
    subjectKind: kind,
    subject: kind === null ? null : key.hash(kind, text(value)),
    reference: reference === undefined ? null : `${personal.reference}=${reference}`,
    contract: contract === undefined || contract.length > 15 ? null : Number(contract),
    previous: payer === undefined ? null : `cpf:${key.hash('cpf', payer)}`,
  };
}

/** Why a record could not be written, as the log says it: the store's reason (`busy`, `gone`, `full`…), else the error's kind. */
function reasonOf(err: unknown): string {
  return err instanceof StoreUnavailable ? err.reason : err instanceof Error ? err.name : typeof err;
}

/** Logs records lost after they were appended (SQLite: their transaction failed to commit): how many, and why. */
export function lostRecords(log: ServerLog | undefined): (err: unknown, count: number) => void {
  return (err, count) => {
    const reason = reasonOf(err);
    const records = plural('en', count, { one: '# record', other: '# records' });
    log?.event('error', 'audit_failed', `the access audit lost ${records}: ${reason}`, { reason, count });
  };
}

/** The answer to a read whose record could not be written: nothing is disclosed; the store's fault is named. */
function notAudited(err: unknown, lang: Lang): Reply {
  if (!(err instanceof StoreUnavailable)) return failure(503, inLang(http.notAudited, lang), ['retry-after', '10']);
  const message = http.notAuditedFor(unavailable[err.reason][0]);
  return failure(503, inLang(message, lang), ['retry-after', String(err.retryAfter)]);
}

/**
 * A record that could not be written, logged: a write's answer stands (it is stored), a read's is a 503; a read the
 * store already refused with a 503 (the database unreachable) keeps it: it discloses nothing and names the cause.
 */
function failedRecord(facts: AuditFacts, reply: Reply, err: unknown, log: ServerLog | undefined): Reply {
  const { route } = facts;
  const reason = reasonOf(err);
  log?.event('error', 'audit_failed', `${route.op.id}: the access audit could not be written: ${reason}`, {
    operation: route.op.id,
    reason,
    request_id: facts.requestId ?? null,
  });
  return route.writes || reply.status === 503 ? reply : notAudited(err, facts.lang);
}

export interface TrailOptions {
  readonly store: AuditRepository;
  readonly key: AuditKey;
  /** The server's clock (tests pin it). */
  readonly now: () => Date;
  readonly log?: ServerLog;
  /** Reads the key's file again (the store's key id changed); undefined: no file (`:memory:`). */
  readonly reread?: () => Promise<AuditKey | undefined>;
  /** Where the key is, for the log's message. */
  readonly keyFile?: string;
}

/** The answer to a read while this server's key is not the store's: nothing is disclosed. */
function keyRefused(lang: Lang): Reply {
  return failure(503, inLang(http.notAudited, lang), ['retry-after', '10']);
}

/**
 * The auditor of a server: each audited request's record appended, then its
 * answer once the record is written (SQLite `:memory:`: taken into the open
 * transaction of notes; a database file: committed to the audit's file;
 * PostgreSQL: committed); a write's at once in any case.
 *
 * One key for all instances: the store checks its key id in every window of
 * records; when another instance has rotated the key, this one reads its key
 * file again and goes on with the store's key when the file holds it, else
 * refuses reads of personal data (503) and says why in its log until it is
 * restarted with the store's key (a write's record is still kept, with the
 * key it was made with).
 */
export function auditTrail(options: TrailOptions): Auditor {
  const { store, now, log } = options;
  let key = options.key;
  const keys = new Map([[key.id, key]]);
  /** The store's key id while this server does not have that key. */
  let refusedFor: string | null | undefined;
  let rereading = false;
  const keyChanged = (storeKeyId: string | null): void => {
    if (rereading || storeKeyId === key.id) return;
    rereading = true;
    const reread = options.reread ? options.reread() : Promise.resolve(undefined);
    reread
      .catch(() => undefined)
      .then((found) => {
        rereading = false;
        if (found !== undefined && found.id === storeKeyId) {
          keys.set(found.id, found);
          key = found;
          refusedFor = undefined;
          log?.event('info', 'audit_key_switched', `access audit: the store's audit key is now ${found.id}: using it`, {
            key_id: found.id,
          });
          return;
        }
        if (refusedFor === storeKeyId) return;
        refusedFor = storeKeyId;
        const file = options.keyFile ?? ':memory:';
        log?.event(
          'error',
          'audit_key_changed',
          `access audit: the store's audit key is now ${storeKeyId ?? 'none'}, not this server's (${key.id}) nor the one in ${file}: reads of personal data are refused until this server is restarted with the store's key file`,
          { store_key_id: storeKeyId, key_id: key.id },
        );
      });
  };
  store.chain(chainOf(keys, keyChanged));
  return async (facts: AuditFacts, reply: Reply) => {
    const { route } = facts;
    if (refusedFor !== undefined && !route.writes) return keyRefused(facts.lang);
    const record: AuditRecord = {
      at: now().getTime(),
      client: facts.client,
      tokenLabel: facts.tokenLabel ?? null,
      operation: route.op.id,
      status: reply.status,
      confirma: reply.status === 200 ? confirmaOf(reply.body) : null,
      ...whom(route.personal!, facts, key),
      requestId: facts.requestId ?? null,
      keyId: key.id,
    };
    let appended: Promise<void>;
    try {
      appended = store.append(record, route.writes);
    } catch (err) {
      return failedRecord(facts, reply, err, log);
    }
    const written = appended.then(
      () => reply,
      (err: unknown) => failedRecord(facts, reply, err, log),
    );
    // A 503 (the store could not answer) discloses nothing: it does not wait for its record.
    return route.writes || reply.status === 503 ? reply : written;
  };
}
