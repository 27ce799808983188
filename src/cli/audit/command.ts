/**
 * `coopctl audit`: the access audit of a database (docs/security.md), listed
 * (newest first, filtered by card, CPF, time or operation) and purged by age.
 * It reads the store directly, a SQLite file or a PostgreSQL database, while
 * its server runs or not; the store's code is loaded only when it runs.
 */
import type { Row } from '../../catalogue/index.js';
import type { AuditFilter, AuditRow } from '../../server/store/areas/audit.js';
import type { OpenedAudit } from '../../server/audit/read.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { wholeNumber } from '../flags/global.js';
import { defineCommand } from '../commands/command-def.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import { type FlagDecls, type FlagValues, named, readFlags } from '../flags/declared.js';
import { auditedOperation, personalNumber, sinceTime } from './filters.js';
import * as lazy from '../lazy.js';
import { words as auditWords } from './words.js';

/** The listing's columns, in JSON, CSV and (with the run's words) the table. */
const COLUMNS = [
  'at',
  'client',
  'token_label',
  'operation',
  'status',
  'confirma_operacao',
  'subject_kind',
  'subject',
  'reference',
  'contract',
  'previous',
  'request_id',
] as const;
/** The table leaves the subject's kind to its subject cell, the payer replaced and the request id to the other formats. */
const TABLE = [
  'at',
  'client',
  'token_label',
  'operation',
  'status',
  'confirma_operacao',
  'subject',
  'reference',
  'contract',
];
const HEAD_OF: Readonly<Record<string, keyof (typeof auditWords)['en']['columns']>> = {
  at: 'at',
  client: 'client',
  token_label: 'tokenLabel',
  operation: 'operation',
  status: 'status',
  confirma_operacao: 'confirma',
  subject: 'subject',
  reference: 'reference',
  contract: 'contract',
};

/** The listing's flags (`purge` takes `--db` and `--audit-key-file` of them, and refuses the filters). */
const listFlags = {
  db: { type: 'value', placeholder: named('pathOrUrl'), help: (m) => auditWords[m.common.lang].db },
  card: { type: 'value', placeholder: (m) => m.help.field.card, help: (m) => auditWords[m.common.lang].card },
  cpf: { type: 'value', placeholder: () => 'cpf', help: (m) => auditWords[m.common.lang].cpf },
  contract: {
    type: 'value',
    placeholder: () => 'contrato_id',
    help: (m) => auditWords[m.common.lang].contract,
    parse: wholeNumber(1, 9_999_999_999),
  },
  since: { type: 'value', placeholder: named('time'), help: (m) => auditWords[m.common.lang].since },
  operation: { type: 'value', placeholder: () => 'id', help: (m) => auditWords[m.common.lang].operation },
  limit: {
    type: 'value',
    placeholder: () => 'n',
    help: (m) => auditWords[m.common.lang].limit,
    parse: wholeNumber(1, 1_000_000),
    default: 100,
  },
  auditKeyFile: { type: 'value', placeholder: named('file'), help: (m) => auditWords[m.common.lang].keyFile },
} as const satisfies FlagDecls;
type ListOptions = FlagValues<typeof listFlags>;

const purgeFlags = {
  olderThan: {
    type: 'value',
    placeholder: named('days'),
    help: (m) => auditWords[m.common.lang].purge.olderThan,
    parse: wholeNumber(1, 36_500),
    default: 180,
  },
} as const satisfies FlagDecls;

/** Opens the audit of `--db`; its problems as usage errors (exit 2) in the run's words. */
async function opened(inv: Io, o: ListOptions): Promise<OpenedAudit> {
  const { openAudit, AuditOpenError } = await lazy.auditRead();
  const { databaseOf, UnsupportedLocation } = await lazy.storeLocation();
  const { StartError } = await lazy.startError();
  try {
    return await openAudit(databaseOf(o.db, inv.ctx.env), inv.ctx.env, o.auditKeyFile);
  } catch (err) {
    if (err instanceof AuditOpenError)
      throw new UsageError(auditWords[inv.lang].open(err.problem), 'coopctl audit --help');
    if (err instanceof UnsupportedLocation || err instanceof StartError) throw new UsageError(err.message);
    throw err;
  }
}

/** The hashes the records of `--card` or `--cpf` carry (one per key at hand); a usage error when no key can be used. */
function subjectsOf(inv: Io, audit: OpenedAudit, o: ListOptions): string[] | undefined {
  const m = auditWords[inv.lang];
  if (o.card === undefined && o.cpf === undefined) return undefined;
  if (o.card !== undefined && o.cpf !== undefined) throw new UsageError(m.invalid.cardAndCpf);
  const [option, kind, value] =
    o.card !== undefined
      ? (['--card', 'card', personalNumber(o.card, 17, m.invalid.card)] as const)
      : (['--cpf', 'cpf', personalNumber(o.cpf!, 11, m.invalid.cpf)] as const);
  if (audit.keys.length === 0) {
    if (audit.keyProblem) throw new UsageError(m.key(option, audit.keyProblem));
    throw new UsageError(m.noKey(option));
  }
  return audit.keys.map((key) => key.hash(kind, value));
}

/** A record as the listing shows it: JSON and CSV exact, the table in the run's words. */
function shown(r: AuditRow, forPeople: boolean, m: Messages): Row {
  const subject =
    r.subject === null
      ? null
      : forPeople
        ? `${auditWords[m.common.lang].kind(r.subjectKind)} ${r.subject.slice(0, 12)}…`
        : r.subject;
  return {
    at: forPeople ? auditWords[m.common.lang].time(new Date(r.at)) : new Date(r.at).toISOString(),
    client: r.client,
    token_label: r.tokenLabel,
    operation: r.operation,
    status: r.status,
    confirma_operacao: r.confirma,
    subject_kind: r.subjectKind,
    subject,
    reference: r.reference,
    contract: r.contract,
    previous: r.previous,
    request_id: r.requestId,
  };
}

async function list(inv: Io, o: ListOptions): Promise<number> {
  const m = auditWords[inv.lang];
  const now = inv.ctx.clock.date?.() ?? new Date();
  const filter: AuditFilter = {
    limit: o.limit,
    ...(o.since === undefined ? {} : { since: sinceTime(o.since, now, inv.m) }),
    ...(o.operation === undefined ? {} : { operation: auditedOperation(o.operation, inv.m) }),
    ...(o.contract === undefined ? {} : { contract: o.contract }),
  };
  const audit = await opened(inv, o);
  try {
    const subjects = subjectsOf(inv, audit, o);
    const { rows, total } = await audit.repo.list(subjects === undefined ? filter : { ...filter, subjects });
    const display = await inv.display();
    const { jsonOutput, renderRows } = await lazy.render();
    const { selectFields } = await lazy.jsonSelect();
    const forPeople = inv.format === 'table' && display.width !== undefined;
    const records = rows.map((r) => shown(r, forPeople, inv.m));
    if (inv.format === 'json') inv.out(await jsonOutput(selectFields(records, display.fields), display));
    else if (records.length > 0 || inv.format === 'csv') {
      const columns = forPeople ? TABLE : [...COLUMNS];
      inv.out(
        await renderRows(
          columns,
          records,
          inv.format,
          display,
          columns.map((c) => m.columns[HEAD_OF[c]!] ?? c),
        ),
      );
    }
    if (rows.length === 0) inv.info(m.none);
    else if (total > rows.length) inv.info(m.more(rows.length, total));
    return ExitCode.ok;
  } finally {
    await audit.close();
  }
}

async function purge(inv: Io, o: ListOptions, days: number): Promise<number> {
  for (const [name, value] of [
    ['--card', o.card],
    ['--cpf', o.cpf],
    ['--contract', o.contract],
    ['--since', o.since],
    ['--operation', o.operation],
  ] as const)
    if (value !== undefined)
      throw new UsageError(auditWords[inv.lang].purge.listOnly(name), 'coopctl audit purge --help');
  const audit = await opened(inv, o);
  try {
    const before = (inv.ctx.clock.date?.() ?? new Date()).getTime() - days * 86_400_000;
    const removed = await audit.repo.purge(before);
    inv.info(auditWords[inv.lang].purge.removed(removed, days, auditWords[inv.lang].time(new Date(before))));
    return ExitCode.ok;
  } finally {
    await audit.close();
  }
}

/** `coopctl audit verify`: the chain walked from its anchor; exit 1 at a broken link. */
async function verify(inv: Io, o: ListOptions): Promise<number> {
  const m = auditWords[inv.lang];
  const audit = await opened(inv, o);
  try {
    if (audit.keys.length === 0)
      throw new UsageError(audit.keyProblem ? m.key('verify', audit.keyProblem) : m.verify.noKey);
    const { verifyChain } = await lazy.auditSeal();
    const found = await verifyChain(audit.repo, audit.keys);
    if (found.before > 0) inv.info(m.verify.before(found.before));
    if (found.unchecked > 0) inv.warn(m.verify.unchecked(found.unchecked, found.missingKeys.join(', ')));
    if (found.broken) {
      inv.warn(m.verify.broken(found.broken.id, m.time(new Date(found.broken.at)), found.broken.why === 'unsealed'));
      return ExitCode.failed;
    }
    inv.say(m.verify.intact(found.checked));
    return ExitCode.ok;
  } finally {
    await audit.close();
  }
}

export const auditCommand = defineCommand({
  words: ['audit'],
  flags: listFlags,
  globals: () => ({
    '--output': undefined,
    '--json': undefined,
    '--jq': undefined,
    '--quiet': undefined,
    '--no-color': undefined,
    '--no-pager': undefined,
    '--lang': undefined,
  }),
  examples: (m) => [
    { command: 'coopctl audit --card 00010001000001005', note: auditWords[m.common.lang].example.card },
    {
      command: 'coopctl audit --operation record.allergies --since 7d --json',
      note: auditWords[m.common.lang].example.recent,
    },
  ],
  notes: (m) => [auditWords[m.common.lang].note],
  run: (io, _args, flags) => list(io, flags),
});

export const auditPurgeCommand = defineCommand({
  words: ['audit', 'purge'],
  description: (m) => auditWords[m.common.lang].purge.description,
  flags: purgeFlags,
  examples: (m) => [{ command: 'coopctl audit purge --older-than 180', note: auditWords[m.common.lang].purge.example }],
  // The listing's flags are the parent's: `coopctl audit --db x purge`.
  run: (io, _args, { olderThan }, audit) => purge(io, readFlags(listFlags, audit.opts()), olderThan),
});

export const auditVerifyCommand = defineCommand({
  words: ['audit', 'verify'],
  description: (m) => auditWords[m.common.lang].verify.description,
  examples: (m) => [{ command: 'coopctl audit verify', note: auditWords[m.common.lang].verify.example }],
  run: (io, _args, _flags, audit) => verify(io, readFlags(listFlags, audit.opts())),
});
