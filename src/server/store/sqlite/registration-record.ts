/**
 * The registration record of a card's holder in one SQLite statement, written
 * as JSON text by SQLite itself: no row objects, no JSON.stringify (the hot
 * path of `buscadadosusuario`, docs/performance.md). Parameters: today, then
 * the card (in the order they appear). Field order and values are those of
 * the record built field by field from three reads. The nested groups are
 * wrapped in json(): a scalar subquery's value loses its JSON subtype in some
 * SQLite builds (better-sqlite3 13's 3.54.1), and would be nested as a string.
 */
export const registrationRecordSql = `SELECT json_object(
  'situacao', CASE WHEN b.changed_on = ? THEN 'A' ELSE 'E' END,
  'contrato', b.contract_id, 'cod_pessoa', b.id, 'codigo_usuario_portal', b.codigo_usuario_portal,
  'lote', b.lote, 'movimento', b.movimento,
  'cart_coop', CAST(substr(b.card, 1, 4) AS INTEGER), 'cart_contrato', CAST(substr(b.card, 5, 4) AS INTEGER),
  'cart_cod_bnf', CAST(substr(b.card, 9, 6) AS INTEGER), 'cart_cod_dependente', CAST(substr(b.card, 15, 2) AS INTEGER),
  'nome', b.nome,
  'data_nasc', substr(b.data_nasc, 9, 2) || '/' || substr(b.data_nasc, 6, 2) || '/' || substr(b.data_nasc, 1, 4),
  'nome_mae', b.nome_mae, 'cpf', b.cpf, 'permite_atualizar', b.permite_atualizar,
  'endereco', json((SELECT json_group_array(json_object(
                 'pes_cod', a.beneficiary_id, 'codigo', a.codigo, 'tipo', a.tipo, 'cep', a.cep, 'logradouro', a.logradouro,
                 'numero', a.numero, 'complemento', a.complemento, 'estado', a.estado, 'cidade', a.cidade, 'bairro', a.bairro,
                 'ponto_referencia', a.ponto_referencia, 'caixa_postal', a.caixa_postal,
                 'ind_correspondencia', a.ind_correspondencia, 'ind_fatura', a.ind_fatura) ORDER BY a.codigo)
                 FROM address a WHERE a.beneficiary_id = b.id)),
  'contato', json(coalesce((SELECT json_object('telefone', c.telefone, 'celular', c.celular, 'fax', c.fax, 'email', c.email, 'codigo', c.codigo)
                         FROM contact c WHERE c.beneficiary_id = b.id),
                      json_object('telefone', '', 'celular', '', 'fax', '', 'email', '', 'codigo', 1))))
FROM beneficiary b WHERE b.card = ?`;
