/**
 * Vocabulary of the demo's medical items, as data: for a kind (the `record`
 * command word), items whose fields go together (an allergy's agent and its
 * reactions, a medication and how it is taken) and values of single fields;
 * for any kind, values of fields by name. A field none of them names gets a
 * value from its rule (medical.ts), so a new kind needs no entry here.
 */
import type { Row } from '../../../../catalogue/index.js';

/** What the demo says of one kind of medical item. */
export interface KindWords {
  /** Items, or parts of items, whose fields go together; the demo draws distinct ones. */
  readonly items?: readonly Row[];
  /** Values of single fields (a value listed twice is drawn twice as often). */
  readonly fields?: Readonly<Record<string, readonly unknown[]>>;
}

const physicians = [
  'Dra. Luiza Helena Martins',
  'Dr. Ricardo Mendes Almeida',
  'Dra. Juliana Castro Lima',
  'Dr. Fábio Augusto Nogueira',
  'Dra. Paula Regina Siqueira',
  'Dr. Marcos Vinícius Prado',
  'Dra. Cristina Moura Fontes',
  'Dr. Sérgio Tavares Leal',
];

/** Values of fields by name, for every kind that has the field. */
export const fieldWords: Readonly<Record<string, readonly unknown[]>> = {
  prestador: physicians,
  local: [
    'Laboratório Coop Diagnósticos — Unidade Centro',
    'Hospital Coop Paulista',
    'Centro de Imagem Coop Moema',
    'Laboratório Coop Diagnósticos — Unidade Santana',
  ],
};

const allergy = (categoria: string, descricao: string, agente: string, reacoes_adversas: string): Row => ({
  categoria,
  descricao,
  agente,
  reacoes_adversas,
});

/** A medication and how it is taken; continuous use goes on for months. */
const medication = (
  medicamento: string,
  dose: number,
  unidade_medida: string,
  frequencia: string,
  via: string,
  course?: readonly [number, string],
): Row => ({
  medicamento,
  dose,
  unidade_medida,
  frequencia,
  via,
  duracao: course ? course[0] : 12,
  unidade_duracao: course ? course[1] : 'meses',
  uso_continuo: course ? 'N' : 'S',
});

const problem = (cid: string, descricao: string, cronicidade: string): Row => ({ cid, descricao, cronicidade });

/** The medical kinds' own vocabulary. */
export const kindWords: Readonly<Record<string, KindWords>> = {
  allergies: {
    items: [
      allergy('Medicamento', 'Alergia a dipirona', 'Dipirona sódica', 'Urticária e prurido generalizado'),
      allergy('Medicamento', 'Alergia a penicilina', 'Amoxicilina; benzilpenicilina', 'Edema de glote e falta de ar'),
      allergy('Alimento', 'Alergia a frutos do mar', 'Camarão; lagosta', 'Inchaço nos lábios e vômitos'),
      allergy('Alimento', 'Alergia a amendoim', 'Amendoim e derivados', 'Urticária e dor abdominal'),
      allergy('Ambiental', 'Rinite alérgica', 'Ácaros e poeira doméstica', 'Espirros, coriza e congestão nasal'),
      allergy('Contato', 'Dermatite de contato', 'Látex', 'Vermelhidão e bolhas no local de contato'),
      allergy('Inseto', 'Alergia a picada de abelha', 'Veneno de abelha', 'Inchaço local intenso'),
    ],
    fields: {
      status: ['Ativa', 'Ativa', 'Inativa', 'Resolvida'],
      observacoes: ['Evitar exposição; portar identificação de alergia.', ''],
    },
  },
  exams: {
    items: [
      'Hemograma completo',
      'Glicemia de jejum',
      'Colesterol total e frações',
      'TSH e T4 livre',
      'Creatinina',
      'Urina tipo I',
      'Raio-X de tórax PA e perfil',
      'Eletrocardiograma',
      'Ultrassonografia de abdome total',
      'Hemoglobina glicada',
    ].map((procedimento) => ({ procedimento })),
  },
  medications: {
    items: [
      medication('Losartana potássica 50 mg', 1, 'comprimido', '1 vez ao dia', 'Oral'),
      medication('Metformina 850 mg', 1, 'comprimido', '12 em 12 horas', 'Oral'),
      medication('Omeprazol 20 mg', 1, 'cápsula', '1 vez ao dia, em jejum', 'Oral', [8, 'semanas']),
      medication('Sinvastatina 20 mg', 1, 'comprimido', '1 vez ao dia, à noite', 'Oral'),
      medication('Levotiroxina 50 mcg', 1, 'comprimido', '1 vez ao dia, em jejum', 'Oral'),
      medication('Dipirona 500 mg/ml', 30, 'gotas', '6 em 6 horas, se dor ou febre', 'Oral', [5, 'dias']),
      medication('Salbutamol 100 mcg', 2, 'jato', '4 em 4 horas, se falta de ar', 'Inalatória', [7, 'dias']),
      medication('Amoxicilina 500 mg', 1, 'cápsula', '8 em 8 horas', 'Oral', [7, 'dias']),
      medication('Dexametasona creme 0,1%', 1, 'aplicação', '2 vezes ao dia', 'Tópica', [10, 'dias']),
    ],
    fields: {
      status: ['Em uso', 'Em uso', 'Suspenso', 'Concluído'],
      observacao: ['Tomar após as refeições.', '', ''],
    },
  },
  plans: {
    items: [
      'Fisioterapia motora, duas sessões por semana durante oito semanas',
      'Reeducação alimentar com acompanhamento nutricional mensal',
      'Caminhada de 30 minutos cinco vezes por semana e controle da pressão arterial em casa',
      'Psicoterapia semanal e reavaliação psiquiátrica em 60 dias',
      'Controle glicêmico capilar diário e consulta de retorno em 90 dias',
      'Fonoaudiologia, uma sessão por semana',
    ].map((descricao) => ({ descricao })),
  },
  problems: {
    items: [
      problem('I10 - Hipertensão essencial (primária)', 'Hipertensão arterial sistêmica', 'Crônico'),
      problem('E11 - Diabetes mellitus tipo 2', 'Diabetes tipo 2 em controle com medicação oral', 'Crônico'),
      problem('J45 - Asma', 'Asma leve intermitente', 'Crônico'),
      problem('E78.0 - Hipercolesterolemia pura', 'Colesterol LDL elevado', 'Crônico'),
      problem('M54.5 - Dor lombar baixa', 'Lombalgia mecânica', 'Agudo'),
      problem('F41.1 - Ansiedade generalizada', 'Transtorno de ansiedade generalizada', 'Crônico'),
      problem('J01.9 - Sinusite aguda não especificada', 'Sinusite aguda', 'Agudo'),
      problem('E03.9 - Hipotireoidismo não especificado', 'Hipotireoidismo em reposição hormonal', 'Crônico'),
    ],
    fields: {
      gravidade: ['Leve', 'Moderada', 'Grave'],
      termo_complementar: ['Acompanhamento ambulatorial', ''],
      confirmado: ['S', 'S', 'S', 'S', 'N'],
    },
  },
};
