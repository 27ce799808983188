/** What both stores' audit modules share: the slice a purge deletes at once, and a filter's WHERE clause. */
import type { AuditFilter } from './audit-types.js';

/** Records deleted per transaction when purging: each slice holds the write lock briefly, then the server goes on. */
export const PURGE_SLICE = 2000;

/** The WHERE clause of a filter and its values. */
export function auditWhere(f: AuditFilter, placeholder: (n: number) => string): [string, unknown[]] {
  const terms: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    terms.push(sql.replace('?', placeholder(values.length)));
  };
  if (f.subject !== undefined) add('subject = ?', f.subject);
  if (f.since !== undefined) add('at >= ?', f.since);
  if (f.operation !== undefined) add('operation = ?', f.operation);
  return [terms.length ? `WHERE ${terms.join(' AND ')}` : '', values];
}
