/** Replacing the stored data with a dataset (demo or fixtures), in one transaction. */
import type { Row } from '../../../catalogue/index.js';
import { expandAgenda, type Agenda } from '../agenda.js';
import { fromBR } from '../dates.js';
import type { Dataset } from '../fixtures.js';
import { FixturesError } from '../fixtures-error.js';
import { medicalKinds } from '../medical.js';
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

const CONTRACT_COLUMNS = [
  'contrato_id',
  'registro_ans',
  'coop_id',
  'produto_tabela_id',
  'origem',
  'status',
  'created_on',
  'start_on',
];

/** A function that replaces everything stored with `data`, counting agenda slots from `today`. */
export function datasetLoader(db: Db): (data: Dataset, today: string) => void {
  const clear = TABLES.map((t) => db.prepare(`DELETE FROM ${t}`));
  const cep = db.prepare(
    'INSERT INTO cep (cep, logradouro, bairro, cidade, estado) VALUES (@cep, @logradouro, @bairro, @cidade, @estado)',
  );
  const contract = db.prepare(
    `INSERT INTO contract (id, registro_ans, coop_id, produto_tabela_id, origem, details, status, created_on, start_on)
     VALUES (@contrato_id, @registro_ans, @coop_id, @produto_tabela_id, @origem, @details, @status, @created_on, @start_on)`,
  );
  const beneficiary = db.prepare(
    `INSERT INTO beneficiary (id, contract_id, status, cpf, nome, nome_mae, data_nasc, card, permite_atualizar, codigo_usuario_portal,
                              grupo_usuario, tipo_beneficiario, lote, movimento, changed_on)
     VALUES (@beneficiario_id, @contrato_id, @status, @cpf, @nome, @nome_mae, @data_nasc, @usuario_cartao, @permite_atualizar,
             @codigo_usuario_portal, @grupo_usuario, @tipo_beneficiario, @lote, @movimento, @changed_on)`,
  );
  const contact = db.prepare(
    'INSERT INTO contact (beneficiary_id, codigo, telefone, celular, fax, email) VALUES (@id, @codigo, @telefone, @celular, @fax, @email)',
  );
  const address = db.prepare(
    `INSERT INTO address (beneficiary_id, codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia,
                          caixa_postal, ind_correspondencia, ind_fatura)
     VALUES (@id, @codigo, @tipo, @cep, @logradouro, @numero, @complemento, @estado, @cidade, @bairro, @ponto_referencia,
             @caixa_postal, @ind_correspondencia, @ind_fatura)`,
  );
  const item = db.prepare('INSERT INTO medical_item (beneficiary_id, kind, body) VALUES (?, ?, ?)');
  const location = db.prepare(
    'INSERT INTO location (cd_local, nm_local, endereco) VALUES (@cd_local, @nm_local, @endereco)',
  );
  const provider = db.prepare(
    'INSERT INTO provider (code, cd_coop_prest, nome) VALUES (@prest_cod_svc_card, @cd_coop_prest, @nome)',
  );
  const serves = db.prepare('INSERT INTO provider_location (provider, cd_local) VALUES (?, ?)');
  const slot = db.prepare(
    `INSERT OR IGNORE INTO slot (provider, cd_local, tp_evento, data, hora_inicio, hora_fim)
     VALUES (@prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim)`,
  );
  const slotId = db.prepare<Row, number>(SLOT_BY_KEY).pluck();
  const appointment = db.prepare(
    `INSERT INTO appointment (cd_evento, beneficiary_id, provider, cd_local, tp_evento, data_consulta, hora_inicio, hora_fim, status, data_cadastro, slot_id)
     VALUES (@cd_evento, @holder, @prest_cod_svc_card, @cd_local, @tp_evento, @data_consulta, @hora_inicio, @hora_fim, @status_agendamento, @data_cadastro, @slot)`,
  );
  const device = db.prepare(
    `INSERT INTO device (pushid, token, tipo, beneficiary_id, active, registered_on)
     VALUES (@pushid, @dispositivo_token, @dispositivo_tipo, @holder, @active, @today)`,
  );
  const counter = db.prepare('INSERT INTO counter (name, value) VALUES (?, ?)');

  const load = db.transaction((data: Dataset, today: string) => {
    for (const stmt of clear) stmt.run();
    for (const c of data.ceps) cep.run(c);
    for (const c of data.contracts) {
      const details = Object.fromEntries(Object.entries(c).filter(([k]) => !CONTRACT_COLUMNS.includes(k)));
      contract.run({ start_on: null, ...c, details: JSON.stringify(details) });
    }
    const holders = new Map<string, number>();
    let lote = 0;
    let movimento = 0;
    for (const b of data.beneficiaries) {
      const row = b as Row;
      const id = Number(b.beneficiario_id);
      const { contato, endereco, medical } = b;
      beneficiary.run({
        ...b,
        data_nasc: fromBR(String(row['data_nasc'])),
        changed_on: row['situacao'] === 'A' ? today : null,
      });
      holders.set(b.usuario_cartao as string, id);
      lote = Math.max(lote, Number(row['lote']));
      movimento = Math.max(movimento, Number(row['movimento']));
      contact.run({ ...contato, id });
      for (const a of endereco) address.run({ ...a, id });
      for (const { kind } of medicalKinds) for (const it of medical[kind] ?? []) item.run(id, kind, JSON.stringify(it));
    }
    counter.run('lote', lote);
    counter.run('movimento', movimento);
    for (const l of data.locations) location.run(l);
    for (const p of data.providers) {
      provider.run(p);
      for (const l of p.locations) serves.run((p as Row)['prest_cod_svc_card'], l);
    }
    for (const s of [...data.slots, ...data.agendas.flatMap((a) => expandAgenda(a as unknown as Agenda, today))])
      slot.run(s);
    for (const a of data.appointments) {
      const slot = slotId.get(a) ?? null;
      appointment.run({ ...a, holder: holders.get(a.usuario_cartao as string), slot });
    }
    for (const d of data.devices) {
      const holder = d.usuario_cartao === undefined ? null : holders.get(d.usuario_cartao as string);
      device.run({ ...d, holder, active: d.active ? 1 : 0, today });
    }
  });

  return (data, today) => {
    try {
      load.immediate(data, today);
    } catch (err) {
      const code = String((err as { code?: unknown }).code ?? '');
      if (code.startsWith('SQLITE_CONSTRAINT'))
        throw new FixturesError([`the dataset breaks a database rule: ${(err as Error).message}`]);
      throw err;
    }
  };
}
