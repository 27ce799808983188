/** Replacing the stored data with a dataset's rows (rows.ts), in one transaction. */
import type { Row } from '../../../catalogue/index.js';
import { FixturesError } from '../fixtures-error.js';
import type { DatasetRows } from '../types.js';
import type { Db } from './connection.js';
import { SLOT_BY_KEY } from './schedule.js';

/** Tables in an order that deletes children before their parents. */
const TABLES = [
  'notification',
  'device',
  'appointment',
  'slot',
  'provider_location',
  'location',
  'provider',
  'health_answer',
  'enrolment_record',
  'medical_item',
  'contact',
  'address',
  'beneficiary',
  'contract',
  'cep',
  'counter',
];

/** The INSERT of each table of a dataset, by the name of its list in DatasetRows. */
const INSERTS = {
  ceps: 'INSERT INTO cep (cep, logradouro, bairro, cidade, estado) VALUES (@cep, @logradouro, @bairro, @cidade, @estado)',
  contracts: `INSERT INTO contract (id, registro_ans, coop_id, produto_tabela_id, origem, details, status, created_on, start_on)
     VALUES (@contrato_id, @registro_ans, @coop_id, @produto_tabela_id, @origem, @details, @status, @created_on, @start_on)`,
  beneficiaries: `INSERT INTO beneficiary (id, contract_id, status, cpf, nome, nome_mae, data_nasc, card, permite_atualizar, codigo_usuario_portal,
                              grupo_usuario, tipo_beneficiario, lote, movimento, changed_on)
     VALUES (@beneficiary_id, @contrato_id, @status, @cpf, @nome, @nome_mae, @data_nasc, @usuario_cartao, @permite_atualizar,
             @codigo_usuario_portal, @grupo_usuario, @tipo_beneficiario, @lote, @movimento, @changed_on)`,
  contacts:
    'INSERT INTO contact (beneficiary_id, codigo, telefone, celular, fax, email) VALUES (@beneficiary_id, @codigo, @telefone, @celular, @fax, @email)',
  addresses: `INSERT INTO address (beneficiary_id, codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia,
                          caixa_postal, ind_correspondencia, ind_fatura)
     VALUES (@beneficiary_id, @codigo, @tipo, @cep, @logradouro, @numero, @complemento, @estado, @cidade, @bairro, @ponto_referencia,
             @caixa_postal, @ind_correspondencia, @ind_fatura)`,
  medicalItems: 'INSERT INTO medical_item (beneficiary_id, kind, body) VALUES (@beneficiary_id, @kind, @body)',
  locations: 'INSERT INTO location (cd_local, nm_local, endereco) VALUES (@cd_local, @nm_local, @endereco)',
  providers: 'INSERT INTO provider (code, cd_coop_prest, nome) VALUES (@prest_cod_svc_card, @cd_coop_prest, @nome)',
  providerLocations: 'INSERT INTO provider_location (provider, cd_local) VALUES (@provider, @cd_local)',
  slots: `INSERT OR IGNORE INTO slot (provider, cd_local, tp_evento, data, hora_inicio, hora_fim)
     VALUES (@prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim)`,
  appointments: `INSERT INTO appointment (cd_evento, beneficiary_id, provider, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim, status, data_cadastro, slot_id)
     VALUES (@cd_evento, @beneficiary_id, @prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim, @status_agendamento, @data_cadastro, @slot)`,
  devices: `INSERT INTO device (pushid, token, tipo, beneficiary_id, active, registered_on)
     VALUES (@pushid, @dispositivo_token, @dispositivo_tipo, @beneficiary_id, @active, @registered_on)`,
} as const;

/** SQLite's form of a row: objects as JSON text, booleans as 0 or 1. */
function sqlRow(row: object): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row))
    out[k] = typeof v === 'boolean' ? Number(v) : v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  return out;
}

/** A function that replaces everything stored with a dataset's rows. */
export function datasetLoader(db: Db): (rows: DatasetRows) => void {
  const clear = TABLES.map((t) => db.prepare(`DELETE FROM ${t}`));
  const insert = Object.fromEntries(Object.entries(INSERTS).map(([list, sql]) => [list, db.prepare(sql)]));
  const slotId = db.prepare<Row, number>(SLOT_BY_KEY).pluck();
  const counter = db.prepare('INSERT INTO counter (name, value) VALUES (?, ?)');

  const load = db.transaction((rows: DatasetRows) => {
    for (const stmt of clear) stmt.run();
    for (const list of Object.keys(INSERTS) as Array<keyof typeof INSERTS>) {
      const stmt = insert[list]!;
      for (const row of rows[list] as readonly Row[]) {
        const slot = list === 'appointments' ? { slot: slotId.get(row) ?? null } : {};
        stmt.run({ ...sqlRow(row), ...slot });
      }
    }
    counter.run('lote', rows.counters.lote);
    counter.run('movimento', rows.counters.movimento);
  });

  return (rows) => {
    try {
      load.immediate(rows);
    } catch (err) {
      const code = String((err as { code?: unknown }).code ?? '');
      if (code.startsWith('SQLITE_CONSTRAINT'))
        throw new FixturesError([`the dataset breaks a database rule: ${(err as Error).message}`]);
      throw err;
    }
  };
}
