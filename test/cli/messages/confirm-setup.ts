/**
 * What the confirmation tests share: fake services answering by path (an
 * appointment of Ana's card, her registration with one address, a place of
 * service), one harness for the file with those answers before each test, and
 * a scripted prompter that records what it was asked.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { operation, sampleRecord } from '../../../src/catalogue/index.js';
import type { Choice, Prompter } from '../../../src/cli/prompter.js';
import type { CannedReply, RecordedRequest } from '../../helpers/fake-service.js';
import { startHarness, type Harness } from '../harness.js';

export const TTY = { stdin: true, stdout: true, stderr: true } as const;
export const CARD = '00010001000001005';
export const PROVIDERS = { COOPCTL_PROVIDERS: '9001=Dra. Helena Prado' };
/** On a terminal, error lines are coloured unless NO_COLOR is set. */
export const NO_COLOR = { NO_COLOR: '1' };

/** What the scripted prompter was asked, in order. */
export interface Asked {
  readonly kind: 'select' | 'input' | 'confirm';
  readonly message: string;
  readonly choices?: readonly string[];
}

/** Answers questions from `answers` in turn (a select's value, an input's text, a confirm's boolean). */
export function scripted(...answers: Array<string | boolean>): Prompter & { readonly asked: Asked[] } {
  const asked: Asked[] = [];
  const next = (q: Asked) => {
    asked.push(q);
    if (answers.length === 0) throw new Error(`no scripted answer for "${q.message}"`);
    return answers.shift()!;
  };
  return {
    asked,
    input: async (q) => String(next({ kind: 'input', message: q.message })),
    password: async () => {
      throw new Error('unexpected password question');
    },
    select: async <T extends string>(q: { message: string; choices: readonly Choice<T>[] }) =>
      String(next({ kind: 'select', message: q.message, choices: q.choices.map((c) => c.name) })) as T,
    confirm: async (q) => Boolean(next({ kind: 'confirm', message: q.message })),
    search: async () => {
      throw new Error('unexpected search question');
    },
  };
}

/** The fake services' answers, by the path's last segment. */
export const appointments = [
  {
    cd_evento: 4242,
    cd_coop_prest: 1,
    prest_cod_svc_card: 9001,
    data_consulta: '2026-12-03',
    hora_inicio: '09:00',
    hora_fim: '09:30',
    status_agendamento: 'confirmado',
    data_cadastro: '2026-11-20',
    confirma_operacao: 2,
    mensagem_erro: '',
  },
];
const registration = {
  ...sampleRecord(operation('registration.show')),
  nome: 'Ana Souza',
  endereco: [
    {
      ...(sampleRecord(operation('registration.show'))['endereco'] as object[])[0],
      codigo: 2,
      tipo: 'COMERCIAL',
      logradouro: 'Rua Augusta',
      numero: '100',
      bairro: 'Consolação',
      cidade: 'São Paulo',
      estado: 'SP',
    },
  ],
};
export const byPath =
  (extra: Record<string, CannedReply> = {}) =>
  (req: RecordedRequest): CannedReply => {
    const last = req.url.pathname.split('/').pop()!;
    const canned: Record<string, CannedReply> = {
      buscaagendamentos: { json: appointments },
      buscadadosusuario: { json: [registration] },
      buscalocaisatendimento: {
        json: [{ cd_local: 101, nm_local: 'Unidade Paulista', confirma_operacao: 2, mensagem_erro: '' }],
      },
      ...extra,
    };
    return canned[last] ?? { json: [{ confirma_operacao: 1, mensagem_erro: '' }] };
  };

/**
 * One harness for the test file, reset before each test with the services
 * answering by path; `calls()` lists the requests both services received
 * (`GET buscaagendamentos`), the test host's first.
 */
export function useConfirmHarness(): { readonly h: Harness; readonly calls: () => string[] } {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    harness!.reset();
    harness!.base.reply(byPath());
    harness!.test.reply(byPath());
  });
  const current = () => harness!;
  const h: Harness = {
    get base() {
      return current().base;
    },
    get test() {
      return current().test;
    },
    get configHome() {
      return current().configHome;
    },
    get sleeps() {
      return current().sleeps;
    },
    get wires() {
      return current().wires;
    },
    run: (argv, options) => current().run(argv, options),
    reset: () => current().reset(),
    close: () => current().close(),
  };
  const calls = () =>
    [...h.test.requests, ...h.base.requests].map((r) => `${r.method} ${r.url.pathname.split('/').pop()}`);
  return { h, calls };
}
