/**
 * What a person sees in a real terminal (tmux, LANG=pt_BR.UTF-8, 30 rows)
 * driving the four flows that ask the most: `registration save-address` (12
 * questions after its header), `notify send` (its audience: optional lists),
 * the booking wizard (its calendar) and the enrolment wizard (about 50
 * questions, the review); and `schedule cancel`'s confirmation answered no. Nothing is drawn twice: every line the pane ever
 * showed (tmux's history and the screen) is counted, not only the last
 * screen. Enter on an optional list (`opcional, Enter para pular`) leaves the
 * field out: what the embedded server stored has no such field. At 80
 * columns, and the notification at 60 and the booking at 120. tmux is
 * required: without it these tests fail.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTER } from './fake-prompter.js';
import { drive } from './pane-script.js';
import { contractPt, holderPt, payerPt } from './portuguese-script.js';
import { usePtyWorld } from './pty-world.js';
import { readRecords } from './run.js';
import type { Pane } from './tmux.js';

const CARD = '00010001000001005';
const ROWS = 30;
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** Text without spaces and line breaks: a phrase is found wherever the terminal or coopctl broke its lines. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/** How many times `phrase` was drawn in `history`. */
function drawn(history: string, phrase: string): number {
  const all = squeezed(history);
  const wanted = squeezed(phrase);
  let n = 0;
  for (let at = all.indexOf(wanted); at >= 0; at = all.indexOf(wanted, at + wanted.length)) n++;
  return n;
}

/**
 * The lines drawn more than once (16 characters or more): a question, a
 * header or a calendar drawn again leaves its lines twice in the history.
 * A calendar's weekday header and rows of days repeat month after month, a
 * table's rules row after row, and an answer too long for its question's
 * last line is on lines of its own (the payer's street given again for the
 * beneficiary).
 */
function repeated(history: string): string[] {
  const counts = new Map<string, number>();
  const lines = history.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line.length < 16 || /^[\d\s[\]]+$/.test(line) || /^[─│┼├┤┌┐└┘┬┴]+$/.test(line)) continue;
    // An answer on lines of its own, indented under its answered question (✔): the same answer may be given twice.
    if (/^ {2}\S/.test(raw) && lines.slice(Math.max(0, i - 4), i).some((l) => l.startsWith('✔ '))) continue;
    if (line === 'dom seg ter qua qui sex sáb') continue;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([line]) => line);
}

describe('in a real terminal of 30 rows, in Portuguese: nothing drawn twice, Enter skips an optional list', () => {
  const world = usePtyWorld('coopctl-pty-screen-', 'pt_BR.UTF-8');
  const env = (extra: Record<string, string> = {}) =>
    world.env({ XDG_STATE_HOME: join(world.home, 'state'), ...extra });
  let n = 0;
  const start = (argv: readonly string[], columns: number, extra: Record<string, string> = {}) =>
    world.tmux.start(`screen-${n++}`, [process.execPath, world.cli.main, ...argv], env(extra), { columns, rows: ROWS });

  /** The whole history, and that no line of it was drawn twice. */
  async function drawnOnce(pane: Pane): Promise<string> {
    const history = await pane.history();
    expect(repeated(history), history).toEqual([]);
    return history;
  }

  it('registration save-address at 80 columns: the header and each of the 12 questions once; the address stored', async () => {
    const pane = await start(['registration', 'save-address', CARD], 80);
    try {
      await pane.select('[tipo_endereco]', 'R');
      await pane.input('[endereco_cep]', '01310-100');
      await pane.input('[endereco_logradouro]', 'Rua Haddock Lobo');
      await pane.input('[endereco_numero]', '595');
      await pane.input('[endereco_complemento]', 'sala 3');
      await pane.input('[endereco_cidade]', 'São Paulo');
      await pane.input('[endereco_bairro]', 'Cerqueira César');
      await pane.input('[endereco_estado]', 'SP');
      await pane.input('[endereco_ponto_referencia]', 'ao lado da padaria');
      await pane.input('[endereco_caixa_postal]', '');
      await pane.select('[endereco_ind_correspondencia]', 'N');
      await pane.select('[endereco_ind_fatura]', 'N');
      expect(await pane.exitCode()).toBe(0);
      const history = await drawnOnce(pane);
      expect(drawn(history, 'faltam 12 campos obrigatórios'), history).toBe(1);
      // A question is cut at spaces, never inside a word (the CEP's input form 01.310-100 was cut as 01 / .310-100).
      expect(history).toContain('01.310-100');
      for (const name of [
        'tipo_endereco',
        'endereco_cep',
        'endereco_logradouro',
        'endereco_numero',
        'endereco_complemento',
        'endereco_cidade',
        'endereco_bairro',
        'endereco_estado',
        'endereco_ponto_referencia',
        'endereco_caixa_postal',
        'endereco_ind_correspondencia',
        'endereco_ind_fatura',
      ])
        expect(drawn(history, `[${name}]`), `${name}\n${history}`).toBe(1);
      const [person] = await readRecords(world.server.url, 'registration.show', { usuario_cartao: CARD });
      expect((person!['endereco'] as Array<Record<string, unknown>>).at(-1)).toMatchObject({
        logradouro: 'Rua Haddock Lobo',
        numero: '595',
        bairro: 'Cerqueira César',
        ind_correspondencia: 'N',
        ind_fatura: 'N',
      });
    } finally {
      await world.tmux.killSession(pane.name);
    }
  }, 120_000);

  it.each([80, 60])(
    'notify send at %i columns: Enter on the user group leaves it out of what is sent; each question once',
    async (columns) => {
      const content = `Sua consulta é amanhã às 9h (${columns} colunas)`;
      const pane = await start(['notify', 'send'], columns);
      try {
        await pane.input('[conteudo]', content);
        await pane.select('[tipo_notificacao]', '2');
        await pane.input('[usuario_envio]', '1001');
        // An optional list starts on "leave empty": Enter skips it.
        const group = await pane.prompt('[grupo_usuario]');
        expect(group.line).toContain('(opcional, Enter para pular)');
        expect(group.below).toContain('❯ (deixar em branco)');
        await pane.keys('Enter');
        await pane.select('[tipo_beneficiario]', '1');
        await pane.input('[usuario_cartao]', '');
        await pane.input('Enviar esta notificação?', 's');
        expect(await pane.exitCode()).toBe(0);
        const history = await drawnOnce(pane);
        // The audience's line, wrapped on a space short of the last column (the terminal would cut a word).
        expect(history).toContain(
          columns === 80
            ? 'Público: os usuários do aplicativo da cooperativa com tipo_beneficiario 1\n(titular)'
            : 'Público: os usuários do aplicativo da cooperativa com\ntipo_beneficiario 1 (titular)',
        );
        // The service's URL, wider than 60 columns, stays whole on a line of its own (to be copied), not shortened.
        expect(history).toMatch(/\nhttp:\/\/127\.0\.0\.1:\d+\/api\/svccentral\/notificacao\/envianotificacao\n/);
        // The card's question is cut at spaces: its input forms are whole.
        expect(history).toContain('0001.0001.000001.00-5');
        // An answer too long for its question's last line is on a line of its own, indented: not cut in a word.
        expect(history).toMatch(/\[tipo_notificacao\] ?\n {2}2 \(lembrete ou alteração de consulta\)\n/);
        for (const phrase of ['faltam 3 campos obrigatórios', 'Quem deve recebê-la?', 'Enviar esta notificação?'])
          expect(drawn(history, phrase), `${phrase}\n${history}`).toBe(1);
        const db = new Database(world.server.db, { readonly: true, fileMustExist: true });
        try {
          const audience = db.prepare('SELECT audience FROM notification WHERE conteudo = ?').pluck().get(content);
          expect(JSON.parse(String(audience))).toEqual({ tipo_beneficiario: 1 });
        } finally {
          db.close();
        }
      } finally {
        await world.tmux.killSession(pane.name);
      }
    },
    120_000,
  );

  it.each([80, 120])(
    'schedule book at %i columns: the calendar in Portuguese once, each question once, one appointment booked',
    async (columns) => {
      const dates = (
        await readRecords(world.server.url, 'schedule.dates', { cd_local: '101', prest_cod_svc_card: '9001' })
      )
        .map((d) => String(d['data_consulta']))
        .sort();
      const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
      const list = () =>
        readRecords(world.server.url, 'schedule.list', { usuario_cartao: CARD, ind_apenas_concluidas: 'N' });
      const before = (await list()).length;
      const pane = await start(['schedule', 'book', CARD], columns, {
        COOPCTL_PROVIDERS: '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia',
      });
      try {
        await pane.prompt('Prestador (digite um nome ou um código)');
        await pane.type('geral');
        // The first provider is highlighted before the search has run too: wait for the other one to leave the list
        // (an Enter while the search is still looking is not taken).
        await pane.waitFor(
          'the provider by name',
          (s) => s.includes('❯ Clínica Coop Saúde — Clínica Geral (9001)') && !s.includes('Dr. Ricardo Mendes Almeida'),
        );
        await pane.keys('Enter');
        await pane.select(
          'Local de atendimento de Clínica Coop Saúde — Clínica Geral (9001)',
          'Clínica Coop Saúde — Unidade Paulista',
        );
        await pane.select('Data');
        expect(await pane.select('Horário em')).toMatch(
          /^\d\d:\d\d–\d\d:\d\d {2}tipo de evento 1 \(primeira consulta\)$/,
        );
        await pane.input('[ds_email]', '');
        expect((await pane.prompt('[nr_ddd_celular nr_celular]')).line).toContain('((11) 96028-9873)');
        await pane.keys('Enter');
        await pane.input('[ds_endereco]', '');
        await pane.input('Agendar esta consulta?', 's');
        expect(await pane.exitCode()).toBe(0);
        const history = await drawnOnce(pane);
        for (const month of months) {
          const [year, m] = month.split('-');
          expect(drawn(history, `${MONTHS[Number(m) - 1]} de ${year}`), history).toBe(1);
        }
        expect(history).toContain('dom seg ter qua qui sex sáb');
        expect(history).not.toMatch(/Su {2}Mo|November|December/);
        for (const phrase of ['[dd] horários livres', 'Consulta a agendar', 'Agendar esta consulta?'])
          expect(drawn(history, phrase), `${phrase}\n${history}`).toBe(1);
        expect(history).toContain('  celular    (11) 96028-9873');
        expect(await list()).toHaveLength(before + 1);
      } finally {
        await world.tmux.killSession(pane.name);
      }
    },
    120_000,
  );

  it('schedule cancel at 80 columns answered no: the appointment and the question once, "Nada foi enviado.", nothing cancelled', async () => {
    const pane = await start(['schedule', 'cancel', '880044', '--usuario-cartao', CARD], 80);
    try {
      await pane.input('Cancelar esta consulta?', 'n');
      expect(await pane.exitCode()).toBe(5);
      const history = await drawnOnce(pane);
      for (const phrase of ['Cancelar a consulta 880044', 'Cancelar esta consulta?', 'Nada foi enviado.'])
        expect(drawn(history, phrase), `${phrase}\n${history}`).toBe(1);
      // Never "cancelado", which reads as the appointment's new state.
      expect(history).not.toContain('cancelado');
      const mine = await readRecords(world.server.url, 'schedule.list', {
        usuario_cartao: CARD,
        ind_apenas_concluidas: 'N',
      });
      expect(mine.find((a) => String(a['cd_evento']) === '880044')).toMatchObject({ status_agendamento: 'aguardando' });
    } finally {
      await world.tmux.killSession(pane.name);
    }
  }, 120_000);

  it('enrol wizard at 80 columns: about 50 questions and the review each once; Enter on the sex leaves it out', async () => {
    const before = (await readRecords(world.server.url, 'enrol.contract.search', {})).length;
    const pane = await start(['enrol', 'wizard'], 80);
    try {
      await drive(pane, [...contractPt, ...payerPt, ...holderPt(undefined, { nome: 'Pedro Souza', sexo: ENTER })], {
        yes: 's',
      });
      await pane.select('E agora?', 'Enviar');
      expect(await pane.exitCode(60_000)).toBe(0);
      const history = await drawnOnce(pane);
      for (const phrase of ['Inclusão: contrato → responsável financeiro', 'Revise a inclusão', 'E agora?'])
        expect(drawn(history, phrase), `${phrase}\n${history}`).toBe(1);
      const contract = /1 beneficiário incluído no contrato (\d+)\./.exec(history)?.[1];
      expect(contract, history).toBeDefined();
      expect(await readRecords(world.server.url, 'enrol.contract.search', {})).toHaveLength(before + 1);
      const db = new Database(world.server.db, { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare('SELECT nome, details FROM beneficiary WHERE contract_id = ?').get(contract) as {
          nome: string;
          details: string;
        };
        expect(row.nome).toBe('Pedro Souza');
        expect(JSON.parse(row.details)).not.toHaveProperty('sexo');
      } finally {
        db.close();
      }
    } finally {
      await world.tmux.killSession(pane.name);
    }
  }, 240_000);
});
