/**
 * `enrol wizard`: contract → payer → one or more beneficiaries, each with
 * contact, documents (a file's content sent base64 as `arquivo`), address and
 * health-declaration answers → summary → submit step by step, showing each
 * result. When a step fails, it says what was already created (ids) and the
 * exact `coopctl enrol …` commands that continue from there.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { extname, resolve } from 'node:path';
import { Interrupted, TransportError } from '../../client/errors.js';
import { documentTypes, addressPurposes } from '../../catalogue/codes.js';
import { operation, type Operation, type Params } from '../../catalogue/index.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { renderRows } from '../output/render.js';
import { DECLINED, createdId, submit } from './calls.js';
import { continuation, createdSummary, paramsOf, type Done, type Ids, type Step } from './enrol-plan.js';
import { askField } from './fields.js';

export interface EnrolWizardOptions {
  /** Add to this existing contract instead of creating one. */
  readonly contratoId?: string;
}

type Defaults = Readonly<Record<string, string | undefined>>;

const text = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

function say(inv: Invocation, line = '', dress?: (safe: string) => string): void {
  inv.say(line, dress);
}

/** Asks `names` in order (required ones must be answered, optional ones may be skipped). */
async function askNames(
  inv: Invocation,
  op: Operation,
  prefix: string,
  names: readonly string[],
  into: Params,
  defaults: Defaults = {},
): Promise<void> {
  for (const name of names) {
    const field = op.params[name]!;
    const fallback = defaults[name];
    const answer = await askField(inv.ctx.prompter, name, field, {
      prefix,
      optional: !field.required,
      ...(fallback ? { default: fallback } : {}),
    });
    if (answer !== undefined) into[name] = answer;
  }
}

/** Offers the remaining optional fields behind one question. */
async function askMore(
  inv: Invocation,
  op: Operation,
  prefix: string,
  names: readonly string[],
  into: Params,
  defaults: Defaults = {},
): Promise<void> {
  if (names.length === 0) return;
  if (
    await inv.ctx.prompter.confirm({
      message: `${prefix} Fill in optional fields (${names.join(', ')})?`,
      default: false,
    })
  ) {
    await askNames(inv, op, prefix, names, into, defaults);
  }
}

/** `dd/mm/yyyy` of today (a default the user sees and may change). */
function today(): string {
  const d = new Date();
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

function expandPath(path: string, inv: Invocation): string {
  const home = inv.ctx.env['HOME'] ?? homedir();
  return resolve(path === '~' ? home : path.startsWith('~/') ? `${home}${path.slice(1)}` : path);
}

/** A file to attach: a readable regular file (the check of `--file`-style paths). */
function fileProblem(path: string, inv: Invocation): string | undefined {
  try {
    const st = statSync(expandPath(path, inv));
    return st.isFile() ? undefined : `${path} is not a regular file`;
  } catch (err) {
    return `cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
}

function codeHint(table: Readonly<Record<string, string>>): string {
  return Object.entries(table)
    .map(([code, meaning]) => `${code} ${meaning}`)
    .join(', ');
}

interface Collected {
  readonly steps: Step[];
  readonly beneficiaries: number;
}

async function collect(inv: Invocation, options: EnrolWizardOptions): Promise<Collected> {
  const { prompter } = inv.ctx;
  const steps: Step[] = [];
  const contractRef = { field: 'contrato_id', from: { kind: 'contract' } as const };

  // Contract.
  if (options.contratoId === undefined) {
    const op = operation('enrol.contract.create');
    const params: Params = {};
    say(inv, 'Contract');
    await askNames(inv, op, 'Contract ·', ['registro_ans', 'coop_id', 'produto_tabela_id', 'origem'], params);
    await askMore(
      inv,
      op,
      'Contract ·',
      ['empresa_id', 'desconto', 'numero_proposta', 'tabela_preco_vigencia', 'coparticipacao_opcao_id'],
      params,
    );
    steps.push({ op, label: 'contract', params, creates: 'contrato_id', defines: { kind: 'contract' } });
  } else {
    say(inv, `Contract ${options.contratoId} (existing)`);
  }

  // Payer: always for a new contract; asked for an existing one.
  const payerOp = operation('enrol.payer');
  const payer: Params = {};
  if (
    options.contratoId === undefined ||
    (await prompter.confirm({
      message: `Register the financial responsible party of contract ${options.contratoId}?`,
      default: false,
    }))
  ) {
    say(inv);
    say(inv, 'Financial responsible party (payer)');
    const prefix = 'Payer ·';
    await askNames(
      inv,
      payerOp,
      prefix,
      [
        'cpf',
        'nome',
        'nome_mae',
        'data_nascimento',
        'sexo',
        'grau_parentesco',
        'estado_civil',
        'telefone_principal',
        'email',
      ],
      payer,
    );
    await askNames(
      inv,
      payerOp,
      prefix,
      ['cep', 'logradouro', 'logradouro_numero', 'complemento', 'bairro', 'inicio_vigencia', 'fatura_email'],
      payer,
    );
    await askMore(inv, payerOp, prefix, ['telefone_secundario', 'ponto_referencia', 'caixa_postal'], payer);
    steps.push({ op: payerOp, label: 'payer', params: payer, ref: contractRef });
  }

  // Beneficiaries.
  const addOp = operation('enrol.beneficiary.add');
  const contactOp = operation('enrol.beneficiary.contact');
  const documentOp = operation('enrol.beneficiary.document');
  const addressOp = operation('enrol.beneficiary.address');
  const declarationOp = operation('enrol.beneficiary.declaration');
  let lastAddress: Record<string, string | undefined> = {
    cep: payer['cep'] === undefined ? undefined : text(payer['cep']),
    logradouro: payer['logradouro'] as string | undefined,
    logradouro_numero: payer['logradouro_numero'] as string | undefined,
    complemento: payer['complemento'] as string | undefined,
    bairro: payer['bairro'] as string | undefined,
  };
  let holderCpf = payer['cpf'] as string | undefined;
  let form: { id: string; questions: number } | undefined;
  let n = 0;
  do {
    n++;
    const who = `beneficiary ${n}`;
    const prefix = `Beneficiary ${n} ·`;
    const ref = { field: 'beneficiario_id', from: { kind: 'beneficiary', index: n } as const };
    say(inv);
    say(inv, `Beneficiary ${n}`);

    const person: Params = {};
    await askNames(
      inv,
      addOp,
      prefix,
      ['nome', 'cpf', 'data_nascimento', 'sexo', 'nome_mae', 'data_solicitacao', 'grau_dependencia'],
      person,
      { cpf: holderCpf, data_solicitacao: today() },
    );
    await askMore(inv, addOp, prefix, ['estado_civil', 'peso', 'altura'], person);
    holderCpf = person['cpf'] as string;
    const name = person['nome'] === undefined ? undefined : text(person['nome']);
    steps.push({
      op: addOp,
      label: name ? `${who} (${name})` : who,
      params: person,
      ref: contractRef,
      creates: 'beneficiario_id',
      defines: ref.from,
    });

    say(inv, `Beneficiary ${n}: contact`);
    const contact: Params = {};
    await askNames(inv, contactOp, prefix, ['nome', 'telefone_principal', 'email'], contact, { nome: name });
    await askMore(inv, contactOp, prefix, ['telefone_celular', 'fax', 'site'], contact);
    steps.push({ op: contactOp, label: `${who} · contact`, params: contact, ref, creates: 'contato_id' });

    say(
      inv,
      `Beneficiary ${n}: documents (tipo_documento: ${Object.keys(documentTypes).join(', ')}; see docs/decisions.md)`,
    );
    for (
      let d = 1;
      await prompter.confirm({
        message: `${prefix} ${d === 1 ? 'Add a document?' : 'Add another document?'}`,
        default: d === 1,
      });
      d++
    ) {
      const doc: Params = {};
      const docPrefix = `${prefix} document ${d} ·`;
      await askNames(inv, documentOp, docPrefix, ['tipo_documento', 'numero'], doc);
      const path = (
        await prompter.input({
          message: `${docPrefix} File to attach, sent base64 as arquivo (path; Enter for none)`,
          validate: (v) => (v.trim() === '' ? true : (fileProblem(v.trim(), inv) ?? true)),
        })
      ).trim();
      let file: string | undefined;
      if (path) {
        file = expandPath(path, inv);
        doc['arquivo'] = readFileSync(file).toString('base64');
      }
      const ext = file ? extname(file).slice(1).toLowerCase() : '';
      await askNames(inv, documentOp, docPrefix, ['tipo_arquivo'], doc, { tipo_arquivo: ext || undefined });
      await askMore(inv, documentOp, docPrefix, ['orgao_emissor', 'data_expedicao', 'url'], doc);
      steps.push({
        op: documentOp,
        label: `${who} · document ${d}`,
        params: doc,
        ref,
        creates: 'documento_id',
        ...(file ? { file } : {}),
      });
    }

    say(inv, `Beneficiary ${n}: address (finalidade: ${codeHint(addressPurposes)})`);
    const address: Params = {};
    await askNames(
      inv,
      addressOp,
      prefix,
      ['finalidade', 'tipo_endereco', 'cep', 'logradouro', 'logradouro_numero', 'complemento', 'bairro'],
      address,
      lastAddress,
    );
    await askMore(inv, addressOp, prefix, ['ponto_referencia', 'caixa_postal'], address);
    lastAddress = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, text(v)]));
    steps.push({ op: addressOp, label: `${who} · address`, params: address, ref, creates: 'endereco_id' });

    say(
      inv,
      `Beneficiary ${n}: health declaration${form ? ` (form ${form.id}, ${form.questions} question${form.questions === 1 ? '' : 's'})` : ''}`,
    );
    if (!form) {
      const holder: Params = {};
      await askNames(inv, declarationOp, 'Health declaration ·', ['formulario_id'], holder, { formulario_id: '1' });
      const count = await prompter.input({
        message: `Health declaration · Number of questions of form ${text(holder['formulario_id'])} (0 for none)`,
        default: '0',
        validate: (v) =>
          /^\d{1,3}$/.test(v.trim()) && Number(v) <= 200 ? true : 'must be a whole number from 0 to 200',
      });
      form = { id: text(holder['formulario_id']), questions: Number(count.trim()) };
    }
    for (let q = 1; q <= form.questions; q++) {
      const answer: Params = { formulario_id: form.id, pergunta_id: String(q) };
      const qPrefix = `${prefix} question ${q} ·`;
      await askNames(inv, declarationOp, qPrefix, ['resposta'], answer);
      if (answer['resposta'] === 'S') await askNames(inv, declarationOp, qPrefix, ['descricao'], answer);
      steps.push({ op: declarationOp, label: `${who} · declaration ${q}`, params: answer, ref });
    }
  } while (await prompter.confirm({ message: 'Add another beneficiary?', default: false }));
  return { steps, beneficiaries: n };
}

/** A step's parameters in one line (a document's file by path and size instead of its base64). */
function describe(step: Step): string {
  return Object.entries(step.params)
    .map(([k, v]) => {
      if (k === 'arquivo' && step.file) return `arquivo=<${step.file}, ${statSync(step.file).size} bytes>`;
      return `${k}=${text(v)}`;
    })
    .join(' ');
}

function globalWords(inv: Invocation): string[] {
  const g = inv.globals;
  const out: string[] = [];
  if (g.profile !== undefined) out.push('--profile', g.profile);
  if (g.tokenFile !== undefined && g.tokenFile !== '-') out.push('--token-file', g.tokenFile);
  if (g.body !== 'json') out.push('--body', g.body);
  return out;
}

interface Outcome {
  readonly done: Done[];
  readonly ids: Ids;
}

async function printResults(inv: Invocation, done: readonly Done[]): Promise<void> {
  if (done.length === 0) return;
  const rows = done.map(({ step, id }) => ({
    step: step.label,
    operation: step.op.name,
    created: step.creates && id !== undefined ? step.creates : '',
    id: id ?? '',
  }));
  inv.out(await renderRows(['step', 'operation', 'created', 'id'], rows, inv.format, await inv.style('stdout')));
}

/** Says what was created and how to continue from step `at`; returns `code`. */
async function stopped(
  inv: Invocation,
  steps: readonly Step[],
  at: number,
  outcome: Outcome,
  problem: string,
  code: number,
  uncertain = false,
): Promise<number> {
  await printResults(inv, outcome.done);
  const step = steps[at];
  await inv.notice(step ? `${step.label} (${step.op.name}): ${problem}` : problem, 'error');
  say(inv, `Already created: ${createdSummary(outcome.done)}.`);
  if (uncertain && step) {
    const check = outcome.ids.contract
      ? `coopctl enrol contract search --contrato-id ${outcome.ids.contract}`
      : 'coopctl enrol contract search';
    say(inv, `Whether ${step.label} was done is unknown: check (${check}) before running its command again.`);
  }
  const rest = steps.slice(at);
  if (rest.length) {
    say(inv, 'To continue from there, run:');
    for (const line of continuation(rest, outcome.ids, globalWords(inv))) say(inv, `  ${line}`);
    if (outcome.ids.contract !== undefined)
      say(
        inv,
        `(or add the beneficiaries still missing with: coopctl enrol wizard --contrato-id ${outcome.ids.contract})`,
      );
  }
  return code;
}

async function submitAll(inv: Invocation, steps: readonly Step[], ids: Ids): Promise<number> {
  const done: Done[] = [];
  const outcome = { done, ids };
  const style = await inv.style('stderr');
  for (const [i, step] of steps.entries()) {
    const params = paramsOf(step, ids);
    if (!params) return stopped(inv, steps, i, outcome, 'an id it needs is unknown', ExitCode.failed);
    let sent;
    try {
      sent = await submit(inv, step.op, params);
    } catch (err) {
      if (err instanceof TransportError) return stopped(inv, steps, i, outcome, err.message, ExitCode.transport, true);
      if (err instanceof Interrupted || inv.ctx.signal.aborted) {
        await stopped(inv, steps, i, outcome, 'interrupted', ExitCode.interrupted, true);
        throw err;
      }
      throw err;
    }
    if (sent.kind === 'stopped')
      return stopped(inv, steps, i, outcome, 'stopped before sending (nothing sent)', sent.code);
    if (sent.code !== ExitCode.ok) return stopped(inv, steps, i, outcome, sent.problem ?? 'failed', sent.code);
    const id = step.creates ? createdId(sent.records, step.creates) : undefined;
    done.push(id === undefined ? { step } : { step, id });
    if (step.defines && id === undefined) {
      return stopped(
        inv,
        steps,
        i + 1,
        outcome,
        `${step.label}: the answer carries no ${step.creates}, so the next steps cannot name it`,
        ExitCode.transport,
      );
    }
    if (step.defines?.kind === 'contract') ids.contract = id;
    else if (step.defines?.kind === 'beneficiary') ids.beneficiaries.set(step.defines.index, id!);
    inv.info(
      `${step.label}${id === undefined ? ': done' : `: ${step.creates} ${id}`}`,
      (safe) => `${style.green('✔')} ${safe}`,
    );
  }
  await printResults(inv, done);
  return ExitCode.ok;
}

export async function runEnrolWizard(inv: Invocation, options: EnrolWizardOptions = {}): Promise<number> {
  if (!inv.interactive) {
    throw new UsageError(
      'enrol wizard asks its questions on a terminal: stdin and stdout must be TTYs, without --no-input (use the enrol commands, or enrol batch, in scripts)',
      'coopctl enrol wizard --help',
    );
  }
  if (options.contratoId !== undefined) {
    const problem = operation('enrol.payer').params['contrato_id']!.schema.safeParse(options.contratoId);
    if (!problem.success)
      throw new UsageError(
        `--contrato-id: ${problem.error.issues[0]?.message ?? 'is not valid'}`,
        'coopctl enrol wizard --help',
      );
  }
  say(
    inv,
    'Enrolment: contract → payer → beneficiaries (contact, documents, address, health declaration). Nothing is sent before the summary; Ctrl-C to stop.',
  );
  say(inv);
  const { steps, beneficiaries } = await collect(inv, options);

  const style = await inv.style('stderr');
  say(inv);
  say(inv, `Enrolment to submit: ${steps.length} requests`, style.bold);
  const width = Math.max(...steps.map((s) => s.label.length));
  for (const step of steps) say(inv, `  ${step.label.padEnd(width)}  ${describe(step)}`);
  say(inv);
  if (
    !(await inv.ctx.prompter.confirm({
      message: `Submit ${options.contratoId === undefined ? 'the contract and ' : ''}${beneficiaries} beneficiar${beneficiaries === 1 ? 'y' : 'ies'}?`,
      default: true,
    }))
  ) {
    await inv.notice('cancelled: nothing was sent', 'note');
    return DECLINED;
  }
  const ids: Ids = { beneficiaries: new Map() };
  if (options.contratoId !== undefined) ids.contract = options.contratoId;
  const code = await submitAll(inv, steps, ids);
  if (code === ExitCode.ok)
    inv.info(`Enrolled ${beneficiaries} beneficiar${beneficiaries === 1 ? 'y' : 'ies'} on contract ${ids.contract}.`);
  return code;
}
