/**
 * What the handlers need from a database, area by area. Every method is
 * asynchronous, so that another database (PostgreSQL) can implement it without
 * any change to the handlers. The business rules live in the handlers; a
 * repository stores, finds, and makes each multi-row change atomic (a
 * conditional write reports whether its condition held instead of failing).
 *
 * Scheduling codes (`prest_cod_svc_card`, `cd_local`, `tp_evento`,
 * `cd_evento`) have up to 18 digits, so they travel as digit strings (`Code`);
 * records answer them as numbers when they fit a double.
 */
import type { Row } from '../../catalogue/index.js';
import type { AppointmentStatus, BeneficiaryStatus, ContractStatus } from '../../catalogue/codes.js';
import type { Dataset } from './fixtures.js';
import type { MaybePromise } from '../handlers/types.js';

/** A digit string of up to 18 digits. */
export type Code = string;

// ── registration ───────────────────────────────────────────────────────────────

/** A beneficiary who holds a card, as the registration operations see it. */
export interface Holder {
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
  readonly lote: number;
  readonly movimento: number;
  /** Date (`yyyy-mm-dd`) of the last accepted registration change, if any. */
  readonly changed_on: string | null;
}

/** An address of the registration record: the `[endereco]` fields without `pes_cod`. */
export type Address = Row;
/** The contact of the registration record: the `[contato]` fields. */
export type Contact = Row;

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
  /**
   * The write methods change the registration and stamp it as a pending change
   * of `today`, atomically: the first change of a day opens a new batch (`lote`),
   * every change gets a new movement (`movimento`).
   */
  updateContact(
    holderId: number,
    patch: Partial<Record<'telefone' | 'celular' | 'fax' | 'email', string>>,
    today: string,
  ): Promise<void>;
  /** Inserts with the next free `codigo` (1–99); undefined when all are taken. */
  insertAddress(holderId: number, address: Address, today: string): Promise<number | undefined>;
  /** False when the holder has no address `codigo`. */
  updateAddress(holderId: number, codigo: number, address: Address, today: string): Promise<boolean>;
  deleteAddress(holderId: number, codigo: number, today: string): Promise<boolean>;
  /** The CEP table entry: cep, logradouro, bairro, cidade, estado. */
  cep(cep: string): Promise<Row | undefined>;
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

export interface Booking extends SlotKey {
  readonly card: string;
  readonly status: AppointmentStatus;
  /** `yyyy-mm-dd`. */
  readonly data_cadastro: string;
  /** What the request gave to reach the beneficiary (ds_email, nr_ddd_celular, nr_celular, ds_endereco). */
  readonly contact: Row;
}

export type BookResult =
  | { readonly outcome: 'booked'; readonly cd_evento: number }
  | { readonly outcome: 'unknown-card' | 'no-slot' | 'taken' };

export interface ScheduleRepository {
  /** A card's appointments (appointment record fields), by date and time; undefined for an unknown card. */
  appointments(
    card: string,
    filter: { readonly provider?: Code; readonly statuses?: readonly AppointmentStatus[] },
  ): Promise<Row[] | undefined>;
  /** A provider's locations (cd_local, nm_local). */
  locations(provider: Code): Promise<Row[]>;
  /** Dates (`yyyy-mm-dd`) with a free slot starting after `after` (`yyyy-mm-dd hh:mi`). */
  freeDates(provider: Code, cdLocal: Code, after: string): Promise<string[]>;
  /** Free slots of a date starting after `after`: tp_evento, hora_inicio, hora_fim. */
  freeTimes(provider: Code, cdLocal: Code, data: string, after: string): Promise<Row[]>;
  /** Books the slot with exactly this key if it is free, in one transaction. */
  book(booking: Booking): Promise<BookResult>;
  appointmentStatus(cdEvento: Code): Promise<AppointmentStatus | undefined>;
  /** Sets the status if it is still `from`; cancelling frees the slot. */
  setAppointmentStatus(cdEvento: Code, from: AppointmentStatus, to: AppointmentStatus): Promise<boolean>;
}

// ── enrolment ──────────────────────────────────────────────────────────────────

export interface ContractSummary {
  readonly id: number;
  readonly registro_ans: string;
  readonly status: ContractStatus;
  /** `yyyy-mm-dd`. */
  readonly created_on: string;
  /** `yyyy-mm-dd`, from the payer's `inicio_vigencia`; null before a payer is registered. */
  readonly start_on: string | null;
  /** Beneficiaries in state `ativo`. */
  readonly lives: number;
}

export interface BeneficiaryState {
  readonly id: number;
  readonly contract_id: number;
  readonly status: BeneficiaryStatus;
}

/** A beneficiary as `beneficiario` includes it. */
export interface NewBeneficiary {
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

export interface EnrolRepository {
  /** Creates a contract in state `proposta`; answers its id. */
  createContract(fields: Row, today: string): Promise<number>;
  contractStatus(id: number): Promise<ContractStatus | undefined>;
  /** One contract, or all by id. */
  contracts(id?: number): Promise<ContractSummary[]>;
  /** Registers (or replaces) the contract's payer and sets its start of validity, if the contract is in one of `states`. */
  setPayer(contractId: number, payer: Row, startOn: string, states: readonly ContractStatus[]): Promise<boolean>;
  /** Adds a beneficiary in state `ativo` if the contract is in one of `states`; answers its id. */
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
    answer: { formulario_id: number; pergunta_id: number; resposta: string; descricao: string | null },
    states: readonly BeneficiaryStatus[],
  ): Promise<boolean>;
  /**
   * Moves a contract from one of `from` to `to`; with `cascade`, its
   * beneficiaries in other states than `to` move to `to` as well, atomically.
   */
  setContractStatus(
    id: number,
    from: readonly ContractStatus[],
    to: ContractStatus,
    cascade: boolean,
  ): Promise<boolean>;
  setBeneficiaryStatus(id: number, from: readonly BeneficiaryStatus[], to: BeneficiaryStatus): Promise<boolean>;
}

// ── notifications ──────────────────────────────────────────────────────────────

export interface DeviceRegistration {
  readonly token: string;
  readonly tipo: number;
  readonly holderId: number | null;
  /** Used when the token is new. */
  readonly pushid: string;
  readonly today: string;
}

/** Who receives a sending: every active device, or those of beneficiaries matching all the given filters. */
export interface Audience {
  readonly holderId?: number;
  readonly grupo_usuario?: number;
  readonly tipo_beneficiario?: number;
}

export interface Sending {
  readonly id: string;
  readonly conteudo: string;
  readonly tipo_notificacao: number;
  readonly usuario_envio: number;
  /** `yyyy-mm-dd hh:mi`. */
  readonly sent_at: string;
}

export interface NotifyRepository {
  /** Registers the token, or updates the device that has it already; answers its pushid. */
  registerDevice(device: DeviceRegistration): Promise<{ readonly pushid: string; readonly created: boolean }>;
  /** Changes the device's token and type (and reactivates it). */
  changeDevice(pushid: string, token: string, tipo: number): Promise<'changed' | 'unknown' | 'token-taken'>;
  /** Counts the audience's active devices and, when there is any, stores the sending; one transaction. */
  send(audience: Audience | 'all', sending: Sending): Promise<number>;
}

/** A few cards and provider locations of the stored data, for the start-up banner. */
export interface DemoSummary {
  cards: string[];
  providers: Array<{ prest_cod_svc_card: number; cd_local: number; nm_local: string }>;
}

// ── the whole store ────────────────────────────────────────────────────────────

export interface Repository {
  readonly registration: RegistrationRepository;
  readonly record: RecordRepository;
  readonly schedule: ScheduleRepository;
  readonly enrol: EnrolRepository;
  readonly notify: NotifyRepository;
  /** Replaces everything stored with a dataset (slots of its agendas counted from `today`), in one transaction. */
  load(data: Dataset, today: string): Promise<void>;
  /** A few cards and provider locations to try. */
  describe(): Promise<DemoSummary>;
  close(): Promise<void>;
}
