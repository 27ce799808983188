/** Section 4.2 of the spec: the medical record, lists of one kind each, read by card number alike. */
import type { Fields } from '../field.js';
import * as rec from '../records.js';
import { cardParam, inArea, READ } from './common.js';

const define = inArea('record', 'base', '/api/svcmobile/prontuario');

/** A medical-record read: the spec's `name`, the CLI's `record <word>`, the record's fields. */
function medicalRead<const N extends string, const W extends string, const F extends Fields>(
  name: N,
  word: W,
  summary: string,
  fields: F,
) {
  return define({
    name,
    command: ['record', word],
    summary,
    methods: READ,
    params: cardParam,
    positional: 'usuario_cartao',
    response: { fields, envelope: 'required' },
  });
}

// ── 4.2 Medical record ─────────────────────────────────────────────────────────
export const record = [
  medicalRead('buscaalergias', 'allergies', 'List allergies', rec.allergy),
  medicalRead('buscaatestados', 'certificates', 'List certificates', rec.certificate),
  medicalRead('buscaexames', 'exams', 'List exam results', rec.exam),
  medicalRead('buscamedicamentos', 'medications', 'List medications', rec.medication),
  medicalRead('buscaplanoterapeutico', 'plans', 'List therapeutic plans', rec.plan),
  medicalRead('buscaproblemas', 'problems', 'List problems', rec.problem),
] as const;
