/**
 * What the server needs from a database, area by area: plain data access
 * (get, insert, update, delete, list and count by simple filters) behind
 * interfaces that SQLite implements (sqlite/) and that another database
 * (PostgreSQL) can implement without any change to the handlers. Every method
 * is asynchronous but the fast read path (`RegistrationRepository.record`).
 *
 * The business rules live in the domain (src/server/domain/), applied by the
 * handlers. Where a rule must hold atomically with the rows it reads (a stamp
 * drawn from the counters, a free address code, a free slot, a device's new
 * state, a sending's recipients), the method takes the rule as a *decision*:
 * a pure, synchronous function from what was read to what to write. The store
 * reads, calls it and writes its answer in one transaction: the rule stays in
 * TypeScript, the atomicity in the store. A conditional write (`from` or
 * `states`) reports whether its condition held instead of failing.
 *
 * Scheduling codes (`prest_cod_svc_card`, `cd_local`, `tp_evento`,
 * `cd_evento`) have up to 18 digits, so they travel as digit strings (`Code`);
 * records answer them as JSON numbers, exactly (a bigint past a double).
 */
import type { Row, Said } from '../../catalogue/index.js';
import type { AppointmentStatus, BeneficiaryStatus, ContractStatus } from '../../catalogue/codes.js';
import type { MaybePromise } from '../maybe-promise.js';
import type { AuditRepository } from './audit-types.js';

export type { AuditFilter, AuditRecord, AuditRepository, AuditRow } from './audit-types.js';

/** A digit string of up to 18 digits. */
export type Code = string;

// ── registration ───────────────────────────────────────────────────────────────

/** A registration's pending-change stamp. */
export interface Stamp {
  readonly lote: number;
  readonly movimento: number;
  /** Date (`yyyy-mm-dd`) of the last accepted registration change, if any. */
  readonly changed_on: string | null;
}

/** The last batch (`lote`) and movement (`movimento`) numbers handed out. */
export interface Counters {
  readonly lote: number;
  readonly movimento: number;
}

/** Decision: the stamp of a registration that changed, and the counters after it. */
export type Restamp = (current: Stamp, counters: Counters) => { readonly stamp: Stamp; readonly counters: Counters };

/** A beneficiary who holds a card, as the registration operations see it. */
export interface Holder extends Stamp {
  readonly id: number;
  readonly contract_id: number;
  readonly card: string;
  readonly nome: string;
  /** `yyyy-mm-dd`. */
  readonly data_nasc: string;
  readonly nome_mae: string;
  readonly cpf: string;
  readonly permite_atualizar: 'S' | 'N';
  readonly codigo_usuario_portal: number;
  readonly grupo_usuario: number;
  readonly tipo_beneficiario: number;
}

/** An address of the registration record: the `[endereco]` fields without `pes_cod` and `codigo`. */
export type Address = Row;

/** The contact of the registration record: the `[contato]` fields. */
export interface Contact {
  readonly telefone: string;
  readonly celular: string;
  readonly fax: string;
  readonly email: string;
  readonly codigo: number;
}

export interface RegistrationRepository {
  holder(card: string): Promise<Holder | undefined>;
  /**
   * The registration record of a card's holder as JSON text: the `buscadadosusuario`
   * fields without the envelope (`situacao` A when the holder changed on `today`,
   * the `cart_*` parts of the card, `data_nasc` as DD/MM/YYYY), its addresses by
   * `codigo` (each with `pes_cod`) and its contact (empty fields and codigo 1 when
   * none); undefined for an unknown card. One read, answered at once when the
   * database can (SQLite): the hot path of the most frequent request.
   */
  record(card: string, today: string): MaybePromise<string | undefined>;
  /** The CEP table entry: cep, logradouro, bairro, cidade, estado. */
  cep(cep: string): Promise<Row | undefined>;
  /*
   * The writes change the registration and stamp it with what `restamp`
   * decides from its stamp and the counters, in one transaction; a write
   * that changes nothing stamps nothing.
   */
  /** Stores the contact `merge` makes of the holder's current one (undefined when it has none). */
  saveContact(holderId: number, merge: (current: Contact | undefined) => Contact, restamp: Restamp): Promise<void>;
  /** Inserts the address under the `codigo` that `pick` chooses from the codes in use; undefined (nothing stored) when it chooses none. */
  insertAddress(
    holderId: number,
    address: Address,
    pick: (used: readonly number[]) => number | undefined,
    restamp: Restamp,
  ): Promise<number | undefined>;
  /** False when the holder has no address `codigo`. */
  updateAddress(holderId: number, codigo: number, address: Address, restamp: Restamp): Promise<boolean>;
  deleteAddress(holderId: number, codigo: number, restamp: Restamp): Promise<boolean>;
}

// ── medical record ─────────────────────────────────────────────────────────────

export interface RecordRepository {
  /** A card's items of one kind (`allergies`, … the `record` command words), in the order the dataset lists them; undefined for an unknown card. */
  items(card: string, kind: string): Promise<Row[] | undefined>;
}

// ── scheduling ─────────────────────────────────────────────────────────────────

/** A slot of a provider's agenda at a location. */
export interface SlotKey {
  readonly prest_cod_svc_card: Code;
  readonly cd_local: Code;
  readonly tp_evento: Code;
  /** `yyyy-mm-dd`. */
  readonly data_consulta: string;
  /** `hh:mi`. */
  readonly hora_inicio: string;
  readonly hora_fim: string;
}

/** A slot as listed, with the statuses of the appointments booked on it (cancelled ones included). */
export interface Slot {
  /** As a record answers it: a number when it fits a double. */
  readonly tp_evento: number | string;
  readonly data_consulta: string;
  readonly hora_inicio: string;
  readonly hora_fim: string;
  readonly statuses: readonly AppointmentStatus[];
}

export interface Booking extends SlotKey {
  readonly holderId: number;
  readonly status: AppointmentStatus;
  /** `yyyy-mm-dd`. */
  readonly data_cadastro: string;
  /** What the request gave to reach the beneficiary (ds_email, nr_ddd_celular, nr_celular, ds_endereco). */
  readonly contact: Row;
}

/** Why a booking was refused: the provider has no such slot, or an appointment holds it. */
export type BookRefusal = 'no-slot' | 'taken';

export type BookResult =
  | { readonly outcome: 'booked'; readonly cd_evento: number | bigint }
  | { readonly outcome: BookRefusal };

export interface ScheduleRepository {
  /** A card's appointments (appointment record fields), by date and time; undefined for an unknown card. */
  appointments(
    card: string,
    filter: { readonly provider?: Code; readonly statuses?: readonly AppointmentStatus[] },
  ): Promise<Row[] | undefined>;
  /** A provider's locations (cd_local, nm_local). */
  locations(provider: Code): Promise<Row[]>;
  /** A provider's slots at a location from date `from` on (only on date `on`, when given), by date, start, end and type. */
  slots(provider: Code, cdLocal: Code, dates: { readonly from: string; readonly on?: string }): Promise<Slot[]>;
  /**
   * In one transaction: reads the slot with exactly the booking's key
   * (undefined when there is none), asks `check` whether it may be booked,
   * and stores the appointment unless refused. The database refuses a second
   * appointment that holds a slot as well (then: `taken`).
   */
  book(booking: Booking, check: (slot: Slot | undefined) => BookRefusal | undefined): Promise<BookResult>;
  appointmentStatus(cdEvento: Code): Promise<AppointmentStatus | undefined>;
  /** Sets the status if it is still `from`. */
  setAppointmentStatus(cdEvento: Code, from: AppointmentStatus, to: AppointmentStatus): Promise<boolean>;
}

// ── enrolment ──────────────────────────────────────────────────────────────────

export interface Contract {
  readonly id: number;
  readonly registro_ans: string;
  readonly status: ContractStatus;
  /** `yyyy-mm-dd`. */
  readonly created_on: string;
  /** `yyyy-mm-dd`, from the payer's `inicio_vigencia`; null before a payer is registered. */
  readonly start_on: string | null;
}

/** How many beneficiaries of a contract are in one state. */
export interface StatusCount {
  readonly contract_id: number;
  readonly status: BeneficiaryStatus;
  readonly count: number;
}

export interface BeneficiaryState {
  readonly id: number;
  readonly contract_id: number;
  readonly status: BeneficiaryStatus;
}

/** A beneficiary as `beneficiario` includes it. */
export interface NewBeneficiary {
  readonly status: BeneficiaryStatus;
  /** 11 digits. */
  readonly cpf: string;
  readonly nome: string;
  readonly nome_mae: string;
  /** `yyyy-mm-dd`, when given. */
  readonly data_nasc: string | null;
  /** The other fields of the request. */
  readonly details: Row;
}

/** Kinds of enrolment records kept as the request gave them. */
export type EnrolmentKind = 'contato' | 'documento' | 'endereco';

/** An answer of the health declaration. */
export interface DeclarationAnswer {
  readonly formulario_id: number;
  readonly pergunta_id: number;
  readonly resposta: string;
  readonly descricao: string | null;
}

export interface EnrolRepository {
  /** Creates a contract from the request's fields; answers its id. */
  createContract(fields: Row, status: ContractStatus, createdOn: string): Promise<number>;
  contractStatus(id: number): Promise<ContractStatus | undefined>;
  /** One contract, or all, by id. */
  contracts(id?: number): Promise<Contract[]>;
  /** Beneficiaries counted by contract (one, or all) and state. */
  beneficiaryCounts(contractId?: number): Promise<StatusCount[]>;
  /** Registers (or replaces) the contract's payer and sets its start of validity, if the contract is in one of `states`. */
  setPayer(contractId: number, payer: Row, startOn: string, states: readonly ContractStatus[]): Promise<boolean>;
  /** Adds a beneficiary if the contract is in one of `states`; answers its id. */
  addBeneficiary(
    contractId: number,
    beneficiary: NewBeneficiary,
    states: readonly ContractStatus[],
  ): Promise<number | undefined>;
  beneficiary(id: number): Promise<BeneficiaryState | undefined>;
  /** Stores a record for a beneficiary in one of `states`; answers its id. */
  addEnrolmentRecord(
    beneficiaryId: number,
    kind: EnrolmentKind,
    body: Row,
    states: readonly BeneficiaryStatus[],
  ): Promise<number | undefined>;
  /** Stores (or replaces) an answer of the health declaration for a beneficiary in one of `states`. */
  answerDeclaration(
    beneficiaryId: number,
    answer: DeclarationAnswer,
    states: readonly BeneficiaryStatus[],
  ): Promise<boolean>;
  /**
   * Moves a contract from one of `from` to `to`; with `beneficiariesTo`, its
   * beneficiaries in another state move to that one as well, atomically.
   */
  setContractStatus(
    id: number,
    from: readonly ContractStatus[],
    to: ContractStatus,
    beneficiariesTo?: BeneficiaryStatus,
  ): Promise<boolean>;
  setBeneficiaryStatus(id: number, from: readonly BeneficiaryStatus[], to: BeneficiaryStatus): Promise<boolean>;
}

// ── notifications ──────────────────────────────────────────────────────────────

export interface Device {
  readonly pushid: string;
  readonly token: string;
  readonly tipo: number;
  readonly holderId: number | null;
  readonly active: boolean;
  /** `yyyy-mm-dd`. */
  readonly registered_on: string;
}

/** Devices to count: those matching every given filter (the beneficiary's ones match tied devices only). */
export interface DeviceFilter {
  readonly active?: boolean;
  readonly holderId?: number;
  readonly grupo_usuario?: number;
  readonly tipo_beneficiario?: number;
}

/** Who a sending was for: every active device, or the filters of `envianotificacao`. */
export interface Audience {
  readonly holderId?: number;
  readonly grupo_usuario?: number;
  readonly tipo_beneficiario?: number;
}

/** A sending, as stored. */
export interface Notification {
  readonly id: string;
  readonly conteudo: string;
  readonly tipo_notificacao: number;
  readonly usuario_envio: number;
  readonly audience: Audience | 'all';
  readonly recipients: number;
  /** `yyyy-mm-dd hh:mi`. */
  readonly sent_at: string;
}

export interface NotifyRepository {
  /** In one transaction: reads the device with this token (undefined when none) and stores the device `decide` makes of it; answers that device. */
  saveDevice(token: string, decide: (current: Device | undefined) => Device): Promise<Device>;
  /** Sets the token, type and state of the device with this pushid. */
  updateDevice(
    pushid: string,
    change: Pick<Device, 'token' | 'tipo' | 'active'>,
  ): Promise<'changed' | 'unknown' | 'token-taken'>;
  /** In one transaction: counts the devices matching `filter` and stores the sending `decide` makes of that count, if any; answers the count. */
  send(filter: DeviceFilter, decide: (recipients: number) => Notification | undefined): Promise<number>;
}

/** A few cards and provider locations of the stored data, for the start-up banner. */
export interface DemoSummary {
  cards: string[];
  providers: Array<{ prest_cod_svc_card: number; cd_local: number; nm_local: string }>;
}

// ── datasets ───────────────────────────────────────────────────────────────────

/** A dataset (demo or fixtures) as the rows a store writes (rows.ts makes them); every row of a beneficiary carries `beneficiary_id`. */
export interface DatasetRows {
  readonly ceps: readonly Row[];
  /** Each with its other fields as `details`. */
  readonly contracts: readonly Row[];
  readonly beneficiaries: readonly Row[];
  readonly contacts: readonly Row[];
  readonly addresses: readonly Row[];
  readonly medicalItems: ReadonlyArray<{ readonly beneficiary_id: number; readonly kind: string; readonly body: Row }>;
  readonly locations: readonly Row[];
  readonly providers: readonly Row[];
  readonly providerLocations: ReadonlyArray<{ readonly provider: unknown; readonly cd_local: unknown }>;
  /** Fixed slots and those of the agendas; a slot may appear twice (stored once). */
  readonly slots: readonly SlotKey[];
  /** Each with the key of the slot it takes, when the dataset has that slot. */
  readonly appointments: readonly Row[];
  readonly devices: readonly Row[];
  readonly counters: Counters;
}

// ── the whole store ────────────────────────────────────────────────────────────

export interface Repository {
  readonly registration: RegistrationRepository;
  readonly record: RecordRepository;
  readonly schedule: ScheduleRepository;
  readonly enrol: EnrolRepository;
  readonly notify: NotifyRepository;
  /** The access audit: who read or changed whose data (audit-types.ts). */
  readonly audit: AuditRepository;
  /** Replaces everything stored with these rows, in one transaction. */
  load(rows: DatasetRows): Promise<void>;
  /** A few cards and provider locations to try. */
  describe(): Promise<DemoSummary>;
  close(): Promise<void>;
}

/** Whether the store can serve: it answers, with its migrations applied; else why not (words for an operator). */
/** Whether a store can serve; when not, why, in both languages (GET /readyz answers in the one asked for). */
export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: Said };

/** The schema version an opening found (0: a new database), and the version it left (this coopctl's). */
export interface SchemaVersions {
  readonly found: number;
  readonly current: number;
}

/** A PostgreSQL pool's connections: open, idle, and requests waiting for one. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * What a store reports as it runs (for /metrics). SQLite: its group-commit
 * transactions; PostgreSQL: every transaction it runs.
 */
export interface StoreMeter {
  /** A transaction ended after `seconds`: committed, or rolled back (a failed write, a retried race). */
  transaction(seconds: number, committed: boolean): void;
  /** A group commit ran `writes` writes in one transaction (SQLite). */
  batch(writes: number): void;
  /** A look-up in the read cache of `buscadadosusuario`'s records (SQLite): found, or not (then read). */
  cacheRead?(found: boolean): void;
}

/** An opened store: its repository, and whether this open created the database. */
export interface Store {
  readonly repo: Repository;
  /** True when the database was created by this open (so demo data may be loaded). */
  readonly created: boolean;
  /** The schema versions of this opening (migrations applied: from `found` to `current`). */
  readonly schema: SchemaVersions;
  /** Demo cards, providers and locations to show on start-up. */
  describeDemo(): Promise<DemoSummary>;
  /** Whether the database answers now, with this coopctl's schema; never waits long, never rejects. */
  check(): Promise<Readiness>;
  /** PostgreSQL only: the pool's connections. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** SQLite file path, `:memory:`, or a PostgreSQL URL (`postgres://…`, `postgresql://…`; location.ts). */
  readonly path: string;
  /** Load the deterministic demo dataset when the database is new (or always, for `:memory:`). */
  readonly demo?: boolean;
  /** Load this fixtures JSON document (docs/fixtures.md) instead of the demo dataset. */
  readonly fixtures?: unknown;
  /** "Today" for the demo dataset and derived dates (tests pin it). */
  readonly now?: () => Date;
  /** How long a request retries while another process holds the database lock, before failing (ms; default 2000). */
  readonly lockWaitMs?: number;
  /** Extra PRAGMA statements for the serving connection (tests simulate a full disk or a read-only file). */
  readonly pragmas?: readonly string[];
  /** PostgreSQL only: a new database is filled with a copy of this SQLite store (instead of any dataset). */
  readonly importSqlite?: string;
  /** Where the store reports its transactions and group-commit batches (none: not reported). */
  readonly meter?: StoreMeter;
  /** SQLite: told of access-audit records lost after they were appended (their transaction failed to commit). */
  readonly auditLost?: (err: unknown, count: number) => void;
  /**
   * SQLite only: the memory (bytes) the cache of `buscadadosusuario`'s records may take
   * (store/sqlite/unchanged-cache.ts; default READ_CACHE_BYTES); 0: no cache.
   */
  readonly readCacheBytes?: number;
}

/** The read cache's default size: 16 MiB, about 15,000 registration records (`serve --read-cache`). */
export const READ_CACHE_BYTES = 16 * 1024 * 1024;
