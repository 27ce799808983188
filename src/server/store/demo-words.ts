/** Fixed vocabulary of the demo dataset: names, places and medical terms (fictitious people, real-looking data). */

export const femaleNames = [
  'Ana',
  'Beatriz',
  'Camila',
  'Daniela',
  'Eduarda',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Juliana',
  'Larissa',
  'Mariana',
  'Natália',
  'Patrícia',
  'Renata',
  'Sofia',
  'Tatiane',
  'Valentina',
  'Letícia',
  'Cecília',
  'Alice',
  'Lívia',
  'Manuela',
  'Vitória',
];
export const maleNames = [
  'André',
  'Bruno',
  'Carlos',
  'Diego',
  'Eduardo',
  'Felipe',
  'Gustavo',
  'Henrique',
  'Igor',
  'João',
  'Lucas',
  'Marcelo',
  'Nicolas',
  'Otávio',
  'Paulo',
  'Rafael',
  'Samuel',
  'Thiago',
  'Vinícius',
  'Miguel',
  'Arthur',
  'Davi',
  'Heitor',
  'Lorenzo',
];
export const surnames = [
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Gomes',
  'Martins',
  'Araújo',
  'Barbosa',
  'Ribeiro',
  'Alves',
  'Cardoso',
  'Teixeira',
  'Moreira',
  'Rocha',
  'Nascimento',
  'Mendes',
  'Castro',
  'Pinto',
];

/** The CEP table: cep, logradouro, bairro, cidade, estado, and the area code of phones there. */
export const places: ReadonlyArray<readonly [string, string, string, string, string, string]> = [
  ['01310100', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP', '11'],
  ['01001000', 'Praça da Sé', 'Sé', 'São Paulo', 'SP', '11'],
  ['04538133', 'Avenida Brigadeiro Faria Lima', 'Itaim Bibi', 'São Paulo', 'SP', '11'],
  ['05422010', 'Rua dos Pinheiros', 'Pinheiros', 'São Paulo', 'SP', '11'],
  ['04077000', 'Avenida Ibirapuera', 'Moema', 'São Paulo', 'SP', '11'],
  ['02011000', 'Rua Voluntários da Pátria', 'Santana', 'São Paulo', 'SP', '11'],
  ['13015100', 'Rua Barão de Jaguara', 'Centro', 'Campinas', 'SP', '19'],
  ['09010160', 'Rua Senador Fláquer', 'Centro', 'Santo André', 'SP', '11'],
  ['20040002', 'Avenida Rio Branco', 'Centro', 'Rio de Janeiro', 'RJ', '21'],
  ['22021001', 'Avenida Atlântica', 'Copacabana', 'Rio de Janeiro', 'RJ', '21'],
  ['22410003', 'Rua Visconde de Pirajá', 'Ipanema', 'Rio de Janeiro', 'RJ', '21'],
  ['30130010', 'Avenida Afonso Pena', 'Centro', 'Belo Horizonte', 'MG', '31'],
  ['80020310', 'Rua XV de Novembro', 'Centro', 'Curitiba', 'PR', '41'],
  ['88010400', 'Rua Felipe Schmidt', 'Centro', 'Florianópolis', 'SC', '48'],
  ['90010150', 'Rua dos Andradas', 'Centro Histórico', 'Porto Alegre', 'RS', '51'],
  ['40060001', 'Avenida Sete de Setembro', 'Vitória', 'Salvador', 'BA', '71'],
  ['50030230', 'Avenida Guararapes', 'Santo Antônio', 'Recife', 'PE', '81'],
  ['60165121', 'Avenida Beira Mar', 'Meireles', 'Fortaleza', 'CE', '85'],
  ['70040010', 'Eixo Monumental', 'Asa Norte', 'Brasília', 'DF', '61'],
  ['69005040', 'Avenida Eduardo Ribeiro', 'Centro', 'Manaus', 'AM', '92'],
];

export const complements = ['', 'apto 12', 'apto 31', 'apto 104', 'casa 2', 'bloco B apto 22', 'sala 1203', 'fundos'];
export const landmarks = [
  '',
  'em frente à padaria',
  'ao lado do metrô',
  'próximo ao mercado',
  'esquina com a farmácia',
  'perto da praça',
];

export const physicians = [
  'Dra. Luiza Helena Martins',
  'Dr. Ricardo Mendes Almeida',
  'Dra. Juliana Castro Lima',
  'Dr. Fábio Augusto Nogueira',
  'Dra. Paula Regina Siqueira',
  'Dr. Marcos Vinícius Prado',
  'Dra. Cristina Moura Fontes',
  'Dr. Sérgio Tavares Leal',
];
export const labs = [
  'Laboratório Coop Diagnósticos — Unidade Centro',
  'Hospital Coop Paulista',
  'Centro de Imagem Coop Moema',
  'Laboratório Coop Diagnósticos — Unidade Santana',
];

/** categoria, descricao, agente, reacoes_adversas. */
export const allergies: ReadonlyArray<readonly [string, string, string, string]> = [
  ['Medicamento', 'Alergia a dipirona', 'Dipirona sódica', 'Urticária e prurido generalizado'],
  ['Medicamento', 'Alergia a penicilina', 'Amoxicilina; benzilpenicilina', 'Edema de glote e falta de ar'],
  ['Alimento', 'Alergia a frutos do mar', 'Camarão; lagosta', 'Inchaço nos lábios e vômitos'],
  ['Alimento', 'Alergia a amendoim', 'Amendoim e derivados', 'Urticária e dor abdominal'],
  ['Ambiental', 'Rinite alérgica', 'Ácaros e poeira doméstica', 'Espirros, coriza e congestão nasal'],
  ['Contato', 'Dermatite de contato', 'Látex', 'Vermelhidão e bolhas no local de contato'],
  ['Inseto', 'Alergia a picada de abelha', 'Veneno de abelha', 'Inchaço local intenso'],
];
export const allergyStatuses = ['Ativa', 'Ativa', 'Inativa', 'Resolvida'];

/** medicamento, unidade_medida, frequencia, via. */
export const medications: ReadonlyArray<readonly [string, string, string, string]> = [
  ['Losartana potássica 50 mg', 'comprimido', '1 vez ao dia', 'Oral'],
  ['Metformina 850 mg', 'comprimido', '12 em 12 horas', 'Oral'],
  ['Omeprazol 20 mg', 'cápsula', '1 vez ao dia, em jejum', 'Oral'],
  ['Sinvastatina 20 mg', 'comprimido', '1 vez ao dia, à noite', 'Oral'],
  ['Levotiroxina 50 mcg', 'comprimido', '1 vez ao dia, em jejum', 'Oral'],
  ['Dipirona 500 mg/ml', 'gotas', '6 em 6 horas, se dor ou febre', 'Oral'],
  ['Salbutamol 100 mcg', 'jato', '4 em 4 horas, se falta de ar', 'Inalatória'],
  ['Amoxicilina 500 mg', 'cápsula', '8 em 8 horas', 'Oral'],
  ['Dexametasona creme 0,1%', 'aplicação', '2 vezes ao dia', 'Tópica'],
];
export const medicationStatuses = ['Em uso', 'Em uso', 'Suspenso', 'Concluído'];
export const durationUnits = ['dias', 'semanas', 'meses'];

/** exam names. */
export const exams = [
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
];

/** descricao of therapeutic plans. */
export const plans = [
  'Fisioterapia motora, duas sessões por semana durante oito semanas',
  'Reeducação alimentar com acompanhamento nutricional mensal',
  'Caminhada de 30 minutos cinco vezes por semana e controle da pressão arterial em casa',
  'Psicoterapia semanal e reavaliação psiquiátrica em 60 dias',
  'Controle glicêmico capilar diário e consulta de retorno em 90 dias',
  'Fonoaudiologia, uma sessão por semana',
];

/** cid, descricao, cronicidade. */
export const problems: ReadonlyArray<readonly [string, string, string]> = [
  ['I10 - Hipertensão essencial (primária)', 'Hipertensão arterial sistêmica', 'Crônico'],
  ['E11 - Diabetes mellitus tipo 2', 'Diabetes tipo 2 em controle com medicação oral', 'Crônico'],
  ['J45 - Asma', 'Asma leve intermitente', 'Crônico'],
  ['E78.0 - Hipercolesterolemia pura', 'Colesterol LDL elevado', 'Crônico'],
  ['M54.5 - Dor lombar baixa', 'Lombalgia mecânica', 'Agudo'],
  ['F41.1 - Ansiedade generalizada', 'Transtorno de ansiedade generalizada', 'Crônico'],
  ['J01.9 - Sinusite aguda não especificada', 'Sinusite aguda', 'Agudo'],
  ['E03.9 - Hipotireoidismo não especificado', 'Hipotireoidismo em reposição hormonal', 'Crônico'],
];
export const severities = ['Leve', 'Moderada', 'Grave'];
