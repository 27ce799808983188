/**
 * The medical record's items (section 4.2 of the spec), one record shape per
 * kind, as field lists (their order is the column order of table output),
 * each field with its words in both languages.
 */
import { req, type Fields } from './field.js';
import { said } from './lang.js';
import * as r from './rules.js';

const label = (en: string, pt: string) => ({ label: said(en, pt) });

/** Words several items share. */
const w = {
  start: said('start', 'início'),
  description: said('description', 'descrição'),
  notes: said('notes', 'observações'),
  pdf: said('URL of the PDF', 'endereço (URL) do PDF'),
  provider: said('provider', 'prestador'),
};

export const allergy = {
  categoria: req(r.text(255), said('allergy category', 'categoria da alergia'), label('Category', 'Categoria')),
  descricao: req(r.text(255), w.description),
  agente: req(r.text(1000), said('agent', 'agente')),
  reacoes_adversas: req(r.text(4000), said('adverse reactions', 'reações adversas')),
  status: req(r.text(255), said('allergy status', 'situação da alergia'), label('Status', 'Situação')),
  observacoes: req(r.text(4000), w.notes),
} satisfies Fields;

export const certificate = {
  dt_hr_entrada: req(r.dateTime, said('patient entry', 'entrada do paciente'), label('Entry', 'Entrada')),
  dt_hr_saida: req(r.dateTime, said('patient exit', 'saída do paciente'), label('Exit', 'Saída')),
  prestador: req(
    r.text(120),
    said('provider (physician) name', 'nome do prestador (médico)'),
    label('Provider', 'Prestador'),
  ),
  url_atestado: req(r.text(4000), w.pdf, label('Certificate (PDF link)', 'Atestado (link do PDF)')),
} satisfies Fields;

export const exam = {
  data_exame: req(r.dateISO, said('exam date', 'data do exame')),
  local: req(
    r.text(120),
    said('place where the exam was done', 'local onde o exame foi feito'),
    label('Place', 'Local'),
  ),
  procedimento: req(r.text(150), said('exam name', 'nome do exame'), label('Exam', 'Exame')),
  url_exame: req(r.text(4000), w.pdf, label('Result (PDF link)', 'Resultado (link do PDF)')),
} satisfies Fields;

export const medication = {
  dt_hr_inicio: req(r.dateTime, w.start),
  medicamento: req(r.text(200), said('medication', 'medicamento')),
  status: req(r.text(255), said('medication status', 'situação do medicamento'), label('Status', 'Situação')),
  dose: req(r.int(1, 3), said('quantity being taken', 'quantidade tomada'), label('Dose taken', 'Dose')),
  unidade_medida: req(
    r.text(255),
    said('unit such as drop, tablet, gram', 'unidade, como gota, comprimido, grama'),
    label('Unit', 'Unidade'),
  ),
  frequencia: req(r.text(255), said('frequency', 'frequência')),
  via: req(
    r.text(255),
    said('route of administration', 'via de administração'),
    label('Route', 'Via de administração'),
  ),
  duracao: req(r.int(1, 4), said('duration amount', 'quantidade da duração'), label('Duration', 'Duração')),
  unidade_duracao: req(
    r.text(255),
    said('unit of the duration', 'unidade da duração'),
    label('Duration unit', 'Unidade da duração'),
  ),
  uso_continuo: req(r.flagSN, said('continuous use', 'uso contínuo')),
  observacao: req(r.text(4000), w.notes, label('Notes', 'Observação')),
} satisfies Fields;

export const plan = {
  dt_hr_inicio: req(r.dateTime, w.start),
  descricao: req(r.text(4000), w.description),
  prestador: req(
    r.text(120),
    said('physician who indicated the plan', 'médico que indicou o plano'),
    label('Provider', 'Prestador'),
  ),
} satisfies Fields;

export const problem = {
  dt_hr_inicio: req(r.dateTime, w.start),
  gravidade: req(r.text(255), said('severity', 'gravidade')),
  cid: req(r.text(120), said('disease classification', 'classificação da doença'), label('Disease code (ICD)', 'CID')),
  descricao: req(r.text(4000), w.description),
  termo_complementar: req(r.text(4000), said('complementary term', 'termo complementar')),
  cronicidade: req(r.text(255), said('chronicity', 'cronicidade')),
  confirmado: req(
    r.flagSN,
    said('whether the problem is confirmed', 'se o problema está confirmado'),
    label('Confirmed', 'Confirmado'),
  ),
  prestador: req(r.text(120), w.provider),
} satisfies Fields;
