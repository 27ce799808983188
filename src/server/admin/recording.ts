/**
 * `serve --proxy-to URL --record FILE`: what passed the validating proxy (a
 * 200 of the real service that is within the spec) kept as a fixtures
 * document (docs/fixtures.md) that `serve --fixtures FILE` loads, with every
 * personal value pseudonymised (pseudonyms.ts): names, CPFs, card numbers,
 * phones, e-mails, addresses and dates of birth.
 *
 * Recorded: registration records (`registration.show`: the beneficiary, her
 * contact and addresses, and a contract for her card's contract) and service
 * locations (`schedule.locations`). Medical reads are not recorded: their
 * free text may name anyone and cannot be pseudonymised field by field
 * (docs/decisions.md). A record that would make the document refused is left
 * out and reported on the log (the operation and the rule, never a value).
 *
 * The file is written whole, atomically and private (0600, by
 * src/files/private-file.ts: a synced temporary file renamed over FILE), every few seconds while
 * something new was recorded, and at stop.
 */
import { operation } from '../../catalogue/index.js';
import { writePrivateFile } from '../../files/private-file.js';
import { parseFixtures } from '../store/datasets/fixtures.js';
import { makeCard } from '../store/card.js';
import type { ServerLog } from '../observe/log.js';
import { pseudonyms } from './pseudonyms.js';

type Row = Record<string, unknown>;

/** How often a changed recording is written. */
const EVERY_MS = 5_000;
/** The most beneficiaries, and locations, a recording keeps (what it holds in memory is bounded). */
const MAX_RECORDS = 20_000;

/** The contract fields a registration record does not carry: placeholders (docs/server.md). */
const CONTRACT = { registro_ans: '000000', produto_tabela_id: 1, origem: 'WB', status: 'ativo' } as const;

/** The reads whose answers a recording keeps (compared by the catalogue's ids, never by a string of its own). */
const SHOW = operation('registration.show').id;
const LOCATIONS = operation('schedule.locations').id;

export interface Recording {
  /** The body of a 200 within the spec from the real service, for this operation. */
  note(operation: string, body: string): void;
  /** The document recorded so far. */
  document(): Row;
  /** Writes the file now (after the writes already under way). */
  flush(): Promise<void>;
  /** Stops the periodic writes and writes the file a last time. */
  stop(): Promise<void>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function recording(file: string, now: () => Date, log?: ServerLog): Recording {
  const p = pseudonyms();
  const contracts = new Map<string, Row>();
  const beneficiaries = new Map<string, Row>();
  const locations = new Map<string, Row>();
  /** Pseudonymised card → its beneficiary's id. */
  const cards = new Map<string, string>();
  let changed = false;
  let writing: Promise<void> = Promise.resolve();

  const address = (a: Row): Row => {
    const { pes_cod: _, ...rest } = a;
    return {
      ...rest,
      cep: p.of('cep', str(a['cep'])),
      logradouro: p.of('street', str(a['logradouro'])),
      numero: p.of('number', str(a['numero'])),
      complemento: p.of('complement', str(a['complemento'])),
      ponto_referencia: p.of('landmark', str(a['ponto_referencia'])),
      caixa_postal: p.of('box', str(a['caixa_postal'])),
    };
  };
  const contact = (c: Row): Row => ({
    ...c,
    telefone: p.of('phone', str(c['telefone'])),
    celular: p.of('phone', str(c['celular'])),
    fax: p.of('phone', str(c['fax'])),
    email: p.of('email', str(c['email'])),
  });

  const registration = (r: Row): void => {
    const coop = Number(r['cart_coop']);
    const contrato = Number(r['contrato']);
    const family = Number(p.of('family', String(r['cart_cod_bnf']), `${coop}.${r['cart_contrato']}`));
    const card = makeCard({
      cart_coop: coop,
      cart_contrato: Number(r['cart_contrato']),
      cart_cod_bnf: family,
      cart_cod_dependente: Number(r['cart_cod_dependente']),
    });
    const {
      confirma_operacao: _c,
      mensagem_erro: _m,
      contrato: _k,
      cod_pessoa,
      cart_coop: _1,
      cart_contrato: _2,
      cart_cod_bnf: _3,
      cart_cod_dependente,
      endereco,
      contato,
      ...own
    } = r;
    const contract = contracts.get(String(contrato)) ?? {
      contrato_id: contrato,
      coop_id: coop,
      ...CONTRACT,
      created_on: now().toISOString().slice(0, 10),
    };
    const beneficiary: Row = {
      beneficiario_id: cod_pessoa,
      contrato_id: contrato,
      usuario_cartao: card,
      ...own,
      nome: p.of('name', str(r['nome'])),
      nome_mae: p.of('name', str(r['nome_mae'])),
      cpf: p.of('cpf', str(r['cpf'])),
      data_nasc: p.of('birth', str(r['data_nasc'])),
      grupo_usuario: 1,
      tipo_beneficiario: Number(cart_cod_dependente) === 0 ? 1 : 2,
      contato: contact((contato ?? {}) as Row),
      endereco: Array.isArray(endereco) ? endereco.map((a) => address(a as Row)) : [],
    };
    const skip = (rule: string) =>
      log?.event('warn', 'record_skipped', 'registration.show: a record the fixtures would refuse was not recorded', {
        operation: 'registration.show',
        rule,
      });
    const id = String(cod_pessoa);
    if (!beneficiaries.has(id) && beneficiaries.size >= MAX_RECORDS) {
      skip(`over ${MAX_RECORDS} beneficiaries`);
      return;
    }
    // Cards are unique: the family's pseudonym is (one real family, one pseudonym); a real service's two ids on one card are not.
    const holder = cards.get(card);
    if (holder !== undefined && holder !== id) {
      skip('usuario_cartao: appears twice');
      return;
    }
    try {
      parseFixtures({ contracts: [contract], beneficiaries: [beneficiary] });
    } catch (err) {
      skip((err instanceof Error ? err.message.split('\n')[0] : undefined) ?? 'refused');
      return;
    }
    cards.set(card, id);
    contracts.set(String(contrato), contract);
    beneficiaries.set(id, beneficiary);
    changed = true;
  };

  const write = async (): Promise<void> => {
    if (!changed) return;
    changed = false;
    const text = `${JSON.stringify(document(), null, 2)}\n`;
    try {
      await writePrivateFile(file, text);
    } catch (err) {
      changed = true;
      log?.event(
        'error',
        'record_unwritten',
        `the recording could not be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        {
          code: (err as NodeJS.ErrnoException).code ?? 'error',
        },
      );
    }
  };

  const document = (): Row => ({
    contracts: [...contracts.values()],
    beneficiaries: [...beneficiaries.values()],
    locations: [...locations.values()],
  });

  const flush = (): Promise<void> => {
    writing = writing.then(write);
    return writing;
  };
  const timer = setInterval(() => void flush(), EVERY_MS);
  timer.unref();

  return {
    note(operation, body) {
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return;
      }
      if (!Array.isArray(value)) return;
      if (operation === SHOW) {
        for (const r of value as Row[]) if (r['confirma_operacao'] === 2 && r['cpf'] !== undefined) registration(r);
      } else if (operation === LOCATIONS) {
        for (const r of value as Row[]) {
          if (r['cd_local'] === undefined || typeof r['nm_local'] !== 'string') continue;
          if (!locations.has(String(r['cd_local'])) && locations.size >= MAX_RECORDS) break;
          locations.set(String(r['cd_local']), { cd_local: r['cd_local'], nm_local: r['nm_local'], endereco: '' });
          changed = true;
        }
      }
    },
    document,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
