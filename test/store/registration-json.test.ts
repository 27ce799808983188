/**
 * `buscadadosusuario` is served from one statement that writes the record's
 * JSON (SQLite's json_object, PostgreSQL's json_build_object; the handler's
 * fast path, docs/performance.md). These tests
 * hold it to the record built field by field from the tables, as the handler
 * did before, byte for byte, including strings JSON must escape, a holder
 * without contact or addresses, and addresses inserted out of order.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/catalogue/index.js';
import { cardParts } from '../../src/server/store/card.js';
import { isoDate, toBR } from '../../src/catalogue/dates.js';
import { BACKEND, exec, query } from './backend.js';
import { EXAMPLE_CARD, NOW, openTemp } from './helpers.js';

const TODAY = isoDate(NOW);

/** The answer as the handler used to build it: three reads, a record object, JSON.stringify. */
async function expected(path: string, card: string, today: string): Promise<string> {
  const [h] = await query(path, 'SELECT * FROM beneficiary WHERE card = ?', [card]);
  if (!h) return JSON.stringify([{ confirma_operacao: 3, mensagem_erro: 'no beneficiary has this card' }]);
  const addresses = await query(
    path,
    `SELECT codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia, caixa_postal, ind_correspondencia, ind_fatura
       FROM address WHERE beneficiary_id = ? ORDER BY codigo`,
    [h['id']],
  );
  const [contact] = await query(
    path,
    'SELECT telefone, celular, fax, email, codigo FROM contact WHERE beneficiary_id = ?',
    [h['id']],
  );
  return JSON.stringify([
    {
      confirma_operacao: 2,
      mensagem_erro: '',
      situacao: h['changed_on'] === today ? 'A' : 'E',
      contrato: h['contract_id'],
      cod_pessoa: h['id'],
      codigo_usuario_portal: h['codigo_usuario_portal'],
      lote: h['lote'],
      movimento: h['movimento'],
      ...cardParts(card),
      nome: h['nome'],
      data_nasc: toBR(String(h['data_nasc'])),
      nome_mae: h['nome_mae'],
      cpf: h['cpf'],
      permite_atualizar: h['permite_atualizar'],
      endereco: addresses.map((a) => ({ pes_cod: h['id'], ...a })),
      contato: contact ?? { telefone: '', celular: '', fax: '', email: '', codigo: 1 },
    },
  ]);
}

async function fastPath(store: Awaited<ReturnType<typeof openTemp>>['store'], card: string, at = NOW): Promise<string> {
  const handler = store.handlers['registration.show']!;
  expect(handler.json).toBeTypeOf('function');
  return handler.json!({ usuario_cartao: card }, { now: () => at });
}

describe('registration record in one statement', () => {
  it('answers every demo card, and an unknown one, exactly as the record built field by field', async () => {
    const { store, path } = await openTemp();
    const cards = (
      await query<{ card: string }>(path, 'SELECT card FROM beneficiary WHERE card IS NOT NULL ORDER BY id')
    ).map((r) => r.card);
    expect(cards.length).toBeGreaterThan(10);
    for (const card of [...cards, '00010001999999001']) {
      const text = await fastPath(store, card);
      expect(text, card).toBe(await expected(path, card, TODAY));
      // The handler's records are the same answer.
      expect(await store.handlers['registration.show']!({ usuario_cartao: card }, { now: () => NOW })).toEqual(
        JSON.parse(text),
      );
    }
  });

  it('escapes strings as JSON.stringify does, orders addresses by codigo, and fills a missing contact', async () => {
    const { store, path } = await openTemp();
    // PostgreSQL's text cannot hold NUL (requests never carry one: the plain-text rule refuses it).
    const awkward = `quote " backslash \\ slash / tab \t newline \n cr \r bell \u0007 ${BACKEND === 'sqlite' ? 'nul \u0000 ' : ''}del \u007f é ç 😀 \u2028`;
    const [{ id }] = (await query<{ id: number }>(path, 'SELECT id FROM beneficiary WHERE card = ?', [
      EXAMPLE_CARD,
    ])) as [{ id: number }];
    await exec(path, 'UPDATE beneficiary SET nome = ?, nome_mae = ?, changed_on = ? WHERE id = ?', [
      awkward,
      '',
      TODAY,
      id,
    ]);
    await exec(path, 'DELETE FROM contact WHERE beneficiary_id = ?', [id]);
    await exec(
      path,
      `INSERT INTO address (beneficiary_id, codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia, caixa_postal,
                            ind_correspondencia, ind_fatura)
       VALUES (?, 7, 'COMERCIAL', '01001000', ?, '1', '', 'SP', 'São Paulo', 'Sé', '', '', 'N', 'N')`,
      [id, awkward],
    );
    await exec(path, 'UPDATE address SET codigo = 5 WHERE beneficiary_id = ? AND codigo = 1', [id]);

    const text = await fastPath(store, EXAMPLE_CARD);
    expect(text).toBe(await expected(path, EXAMPLE_CARD, TODAY));
    const [record] = JSON.parse(text) as Row[];
    expect(record).toMatchObject({
      situacao: 'A',
      nome: awkward,
      contato: { telefone: '', celular: '', fax: '', email: '', codigo: 1 },
    });
    expect((record!['endereco'] as Row[]).map((a) => a['codigo'])).toEqual([2, 5, 7]);
    // Another day, the same change is no longer pending.
    expect(JSON.parse(await fastPath(store, EXAMPLE_CARD, new Date(NOW.getTime() + 86_400_000)))[0].situacao).toBe('E');
  });

  it('answers an empty address list for a holder without addresses', async () => {
    const { store, path } = await openTemp();
    await exec(path, 'DELETE FROM address WHERE beneficiary_id = (SELECT id FROM beneficiary WHERE card = ?)', [
      EXAMPLE_CARD,
    ]);
    const text = await fastPath(store, EXAMPLE_CARD);
    expect(text).toBe(await expected(path, EXAMPLE_CARD, TODAY));
    expect(JSON.parse(text)[0].endereco).toEqual([]);
  });
});
