/** Section 4.2 of the spec: the medical record, lists of one kind each, read by card number alike. */
import type { Fields } from '../field.js';
import type { Said } from '../lang.js';
import type { Noun } from '../operation.js';
import * as rec from '../records.js';
import { cardParam, inArea, nouns, READ, said } from './common.js';

const define = inArea('record', 'base', '/api/svcmobile/prontuario');

/**
 * A medical-record read: the spec's `name`, the CLI's `record <word>` and the
 * word in Portuguese, its summary, the nouns of its records, the record's fields.
 */
function medicalRead<const N extends string, const W extends string, const F extends Fields>(
  name: N,
  [word, alias]: readonly [W, string],
  summary: Said,
  counted: Said<Noun>,
  fields: F,
) {
  return define({
    name,
    command: ['record', word],
    alias,
    summary,
    nouns: counted,
    methods: READ,
    params: cardParam,
    positional: 'usuario_cartao',
    response: { fields, envelope: 'required' },
  });
}

// ── 4.2 Medical record ─────────────────────────────────────────────────────────
export const record = [
  medicalRead(
    'buscaalergias',
    ['allergies', 'alergias'],
    said('List allergies', 'Lista as alergias'),
    nouns('allergy', 'allergies', 'alergia', 'alergias', 'f'),
    rec.allergy,
  ),
  medicalRead(
    'buscaatestados',
    ['certificates', 'atestados'],
    said('List certificates', 'Lista os atestados'),
    nouns('certificate', 'certificates', 'atestado', 'atestados'),
    rec.certificate,
  ),
  medicalRead(
    'buscaexames',
    ['exams', 'exames'],
    said('List exam results', 'Lista os resultados de exames'),
    nouns('exam result', 'exam results', 'resultado de exame', 'resultados de exame'),
    rec.exam,
  ),
  medicalRead(
    'buscamedicamentos',
    ['medications', 'medicamentos'],
    said('List medications', 'Lista os medicamentos'),
    nouns('medication', 'medications', 'medicamento', 'medicamentos'),
    rec.medication,
  ),
  medicalRead(
    'buscaplanoterapeutico',
    ['plans', 'planos'],
    said('List therapeutic plans', 'Lista os planos terapêuticos'),
    nouns('therapeutic plan', 'therapeutic plans', 'plano terapêutico', 'planos terapêuticos'),
    rec.plan,
  ),
  medicalRead(
    'buscaproblemas',
    ['problems', 'problemas'],
    said('List problems', 'Lista os problemas de saúde'),
    nouns('problem', 'problems', 'problema de saúde', 'problemas de saúde'),
    rec.problem,
  ),
] as const;
