/**
 * The booking wizard (`schedule book` on a terminal: src/cli/commands/schedule/book/*):
 * the card check, the provider search, the locations, dates and times, the
 * summary, a slot taken meanwhile. Dates come formatted for the language
 * (`01/12/2026 ter` in Portuguese).
 */
import type { Translation, Words } from '../../../i18n/shape.js';
import { plural } from '../../../i18n/format.js';

/** The lines of the booking's summary. */
export type SummaryLine = 'name' | 'card' | 'provider' | 'location' | 'when' | 'email' | 'mobile' | 'address';

const en = {
  intro: 'Book an appointment: the card, then a provider, a location, a date and a free time (Ctrl-C to stop).',
  notAnOption: (command: string) => `is not an option of ${command}`,
  // The beneficiary
  beneficiary: (name: string) => `Beneficiary: ${name}`,
  noName: '(no name in the registration)',
  cannotReadCard: (card: string, problem: string) => `cannot read the registration of card ${card}: ${problem}`,
  unknownCard: (card: string, problem: string) => `No beneficiary has card ${card} (${problem}): type the card again.`,
  // The provider
  provider: (code: string) => `provider ${code}`,
  providerChoice: (code: string) => `Provider ${code}`,
  pastAppointments: (who: string, n: number, latest: string) =>
    `${who} · ${plural('en', n, { one: '# appointment', other: '# appointments' })} of this beneficiary, latest ${latest}`,
  typedCode: (code: string) => `Provider code ${code} (typed in)`,
  noProviderNames: (example: string) =>
    `No provider names to offer (no past appointments; none set with: ${example}): type the provider's code.`,
  providerQuestion: 'Provider (type a name or a code)',
  /** The question when no provider offered has a name (no providers setting): names cannot be searched. */
  providerCodeQuestion: 'Provider (choose one, or type its code)',
  pastByCode: (example: string) =>
    `No provider names are set, so this beneficiary's past providers are listed by code; to find providers by name: ${example}`,
  // The location
  location: (code: string) => `location ${code}`,
  cannotReadLocations: (provider: string, problem: string) => `cannot read the locations of ${provider}: ${problem}`,
  noLocation: (provider: string, problem: string) =>
    `No service location for ${provider} (${problem}): is the code right? Choose the provider again.`,
  locationQuestion: (provider: string) => `Location of ${provider}`,
  typeToFilter: (question: string) => `${question} (type to filter)`,
  onlyLocation: (location: string) => `Location: ${location}, the provider's only one.`,
  anotherProvider: '‹ Another provider',
  // The date
  noFreeDate: (place: string, provider: string, problem: string) =>
    `no free date at ${place} of ${provider}: ${problem}`,
  noFreeDateBack: (place: string, problem: string, back: 'location' | 'provider') =>
    `No free date at ${place} (${problem}): choose another ${back}.`,
  dateQuestion: 'Date',
  // The time
  cannotReadTimes: (day: string, problem: string) => `cannot read the free times of ${day}: ${problem}`,
  noFreeTime: (day: string, eventType: string | undefined) =>
    `No ${eventType === undefined ? 'free time' : `free time of tp_evento ${eventType}`} left on ${day}: choose another date.`,
  /** `eventType`: the code with its meaning, `1 (first visit)`. */
  timeChoice: (start: string, end: string, eventType: string) => `${start}–${end}  event type ${eventType}`,
  anotherDate: '‹ Another date',
  timeQuestion: (day: string) => `Time on ${day}`,
  // The summary and the booking
  summaryTitle: 'Appointment to book',
  /** A line's label in the summary before the booking question. */
  summary: (line: SummaryLine): string =>
    ({
      name: 'name',
      card: 'card',
      provider: 'provider',
      location: 'location',
      when: 'when',
      email: 'e-mail',
      mobile: 'mobile',
      address: 'address',
    })[line],
  /** `eventType`: the code with its meaning, `1 (first visit)`. */
  when: (slot: string, eventType: string) => `${slot}, event type ${eventType}`,
  bookQuestion: 'Book this appointment?',
  taken: (slot: string, why: string) => `That time, ${slot}, is no longer free${why}: choose another time.`,
  booked: (id: string | undefined, name: string, slot: string, location: string) =>
    `Booked${id ? ` appointment ${id}` : ''} for ${name}: ${slot} at ${location}.${id ? ` To cancel: coopctl schedule cancel ${id}` : ''}`,
};

const ptBR: Translation<typeof en> = {
  intro:
    'Agendar uma consulta: o cartão, depois um prestador, um local de atendimento, uma data e um horário livre (Ctrl-C para parar).',
  notAnOption: (command) => `não é uma opção de ${command}`,
  beneficiary: (name) => `Beneficiário: ${name}`,
  noName: '(sem nome no cadastro)',
  cannotReadCard: (card, problem) => `não foi possível ler o cadastro do cartão ${card}: ${problem}`,
  unknownCard: (card, problem) => `Nenhum beneficiário tem o cartão ${card} (${problem}): digite o cartão de novo.`,
  provider: (code) => `prestador ${code}`,
  providerChoice: (code) => `Prestador ${code}`,
  pastAppointments: (who, n, latest) =>
    `${who} · ${plural('pt-BR', n, { one: '# consulta', other: '# consultas' })} deste beneficiário, a última em ${latest}`,
  typedCode: (code) => `Prestador de código ${code} (digitado)`,
  noProviderNames: (example) =>
    `Não há nomes de prestadores a oferecer (nenhuma consulta anterior; nenhum definido com: ${example}): digite o código do prestador.`,
  providerQuestion: 'Prestador (digite um nome ou um código)',
  providerCodeQuestion: 'Prestador (escolha um ou digite o código)',
  pastByCode: (example) =>
    `Não há nomes de prestadores definidos, então os prestadores anteriores deste beneficiário aparecem pelo código; para achar prestadores pelo nome: ${example}`,
  location: (code) => `local ${code}`,
  cannotReadLocations: (provider, problem) =>
    `não foi possível ler os locais de atendimento de ${provider}: ${problem}`,
  noLocation: (provider, problem) =>
    `Nenhum local de atendimento para ${provider} (${problem}): o código está certo? Escolha o prestador de novo.`,
  locationQuestion: (provider) => `Local de atendimento de ${provider}`,
  typeToFilter: (question) => `${question} (digite para filtrar)`,
  onlyLocation: (location) => `Local de atendimento: ${location}, o único do prestador.`,
  anotherProvider: '‹ Outro prestador',
  noFreeDate: (place, provider, problem) => `nenhuma data livre em ${place} de ${provider}: ${problem}`,
  noFreeDateBack: (place, problem, back) =>
    `Nenhuma data livre em ${place} (${problem}): escolha ${back === 'location' ? 'outro local de atendimento' : 'outro prestador'}.`,
  dateQuestion: 'Data',
  cannotReadTimes: (day, problem) => `não foi possível ler os horários livres de ${day}: ${problem}`,
  noFreeTime: (day, eventType) =>
    `Não há mais ${eventType === undefined ? 'horário livre' : `horário livre do tipo de evento (tp_evento) ${eventType}`} em ${day}: escolha outra data.`,
  timeChoice: (start, end, eventType) => `${start}–${end}  tipo de evento ${eventType}`,
  anotherDate: '‹ Outra data',
  timeQuestion: (day) => `Horário em ${day}`,
  summaryTitle: 'Consulta a agendar',
  summary: (line) =>
    ({
      name: 'nome',
      card: 'cartão',
      provider: 'prestador',
      location: 'local',
      when: 'quando',
      email: 'e-mail',
      mobile: 'celular',
      address: 'endereço',
    })[line],
  when: (slot, eventType) => `${slot}, tipo de evento ${eventType}`,
  bookQuestion: 'Agendar esta consulta?',
  taken: (slot, why) => `Esse horário, ${slot}, não está mais livre${why}: escolha outro horário.`,
  booked: (id, name, slot, location) =>
    `Consulta${id ? ` ${id}` : ''} agendada para ${name}: ${slot} em ${location}.${id ? ` Para cancelar: coopctl schedule cancel ${id}` : ''}`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
