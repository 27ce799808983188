/** Response records with the envelope of spec §2.1 / §7 (confirma_operacao 1–4 and mensagem_erro). */
import { envelopeRecord, type Row } from '../../catalogue/index.js';

/** 1 request OK, with the record's own fields. */
export function requestOk(data: Row = {}): Row[] {
  return [{ confirma_operacao: 1, mensagem_erro: '', ...data }];
}

/** 2 record found, one envelope per record; no records is 3 with `none`. */
export function found(records: readonly Row[], none: string): Row[] {
  if (records.length === 0) return noResult(none);
  return records.map((r) => ({ confirma_operacao: 2, mensagem_erro: '', ...r }));
}

/** 3 no result, saying what was not found. */
export function noResult(message: string): Row[] {
  return [envelopeRecord(3, message)];
}

/** 4 request failed, saying why. */
export function failed(message: string): Row[] {
  return [envelopeRecord(4, message)];
}
