/**
 * Both wizards in Brazilian Portuguese in a real pseudo-terminal (tmux, the
 * bundled CLI, LANG=pt_BR.UTF-8) against the embedded server: the prompt
 * library's own words too (`(S/n)`, `Sim`, `↑↓ navegar • ⏎ escolher`), dates
 * as DD/MM/AAAA with their weekday, a rule broken and shown in Portuguese;
 * then what was booked or enrolled is checked over HTTP. tmux is required:
 * without it these tests fail.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drive } from './pane-script.js';
import { contractPt, holderPt, payerPt } from './portuguese-script.js';
import { readRecords } from './run.js';
import { Pane } from './tmux.js';
import { usePtyWorld } from './pty-world.js';

const CARD = '00010001000001005';
const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
/** `2026-12-01` → `01/12/2026 ter`: the calendar's own weekday of the date. */
function brDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y} ${WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()]}`;
}

describe('in a real pseudo-terminal, in Portuguese', () => {
  const world = usePtyWorld('coopctl-pty-pt-', 'pt_BR.UTF-8');
  const env = () => world.env({ XDG_STATE_HOME: join(world.home, 'state') });

  /** The help line under a list, as @inquirer/prompts draws it. */
  const keysHelp = (below: readonly string[]) => below.some((l) => /↑↓ navegar • ⏎ escolher/.test(l));

  it('schedule book: the card, a provider by name, a date and a time, the summary and (S/n), then one appointment', async () => {
    const [person] = await readRecords(world.server.url, 'registration.show', { usuario_cartao: CARD });
    const name = String(person!['nome']);
    const dates = await readRecords(world.server.url, 'schedule.dates', {
      cd_local: '101',
      prest_cod_svc_card: '9001',
    });
    const first = brDay(String(dates[0]!['data_consulta']));
    const pane = await world.tmux.start('agenda', [process.execPath, world.cli.main, 'schedule', 'book', CARD], {
      ...env(),
      COOPCTL_PROVIDERS: '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia',
    });
    try {
      await pane.prompt('Prestador (digite um nome ou um código)');
      expect(pane.last).toContain(`Beneficiário: ${name}`);
      // The search draws its list, and the keys' help under it, once its source has answered.
      await pane.waitFor('the providers offered', (s) =>
        (Pane.activePrompt(s)?.below ?? []).some((l) => l.includes('Clínica Coop Saúde — Clínica Geral (9001)')),
      );
      expect(keysHelp(Pane.activePrompt(pane.last)!.below)).toBe(true);
      await pane.type('geral');
      // The first provider is highlighted before the search has run too: wait for the other one to leave the list
      // (an Enter while the search is still looking is not taken).
      await pane.waitFor(
        'the provider by name',
        (s) => s.includes('❯ Clínica Coop Saúde — Clínica Geral (9001)') && !s.includes('Dr. Ricardo Mendes Almeida'),
      );
      await pane.keys('Enter');
      const location = await pane.prompt('Local de atendimento de Clínica Coop Saúde — Clínica Geral (9001)');
      expect(location.below.some((l) => l.includes('‹ Outro prestador'))).toBe(true);
      expect(keysHelp(location.below)).toBe(true);
      expect(await pane.select('Local de atendimento de Clínica Coop Saúde — Clínica Geral (9001)')).toBe(
        'Clínica Coop Saúde — Unidade Paulista (101)',
      );
      expect(await pane.select('Data')).toBe(first);
      const slot = await pane.select(`Horário em ${first}`);
      expect(slot).toMatch(
        /^\d\d:\d\d–\d\d:\d\d {2}tipo de evento \d+ \((primeira consulta|retorno|coleta de exame)\)$/,
      );
      await pane.prompt('[ds_email]');
      await pane.keys('Enter');
      await pane.input('[nr_ddd_celular nr_celular]', '(11)9876');
      await pane.waitFor('the rule in Portuguese', (s) =>
        s.includes('deve ter o DDD entre parênteses, depois 8 ou 9 dígitos'),
      );
      await pane.keys('C-u');
      await pane.keys('Enter');
      await pane.prompt('[ds_endereco]');
      await pane.keys('Enter');
      const question = await pane.prompt('Agendar esta consulta?');
      expect(question.line).toContain('Agendar esta consulta? (S/n)');
      expect(pane.last).toContain('Consulta a agendar');
      expect(pane.last).toContain(`  quando     ${first} ${slot.slice(0, 11)}, ${slot.slice(13)}`);
      await pane.input('Agendar esta consulta?', 's');
      expect(await pane.exitCode()).toBe(0);
      expect(pane.last).toContain('Agendar esta consulta? Sim');
      const id = new RegExp(`Consulta (\\d+) agendada para ${name}: ${first} ${slot.slice(0, 11)} em `).exec(
        pane.last,
      )?.[1];
      expect(id, pane.last).toBeDefined();
      const mine = await readRecords(world.server.url, 'schedule.list', {
        usuario_cartao: CARD,
        ind_apenas_concluidas: 'N',
      });
      expect(mine.find((a) => String(a['cd_evento']) === id)).toMatchObject({
        prest_cod_svc_card: 9001,
        data_consulta: String(dates[0]!['data_consulta']),
        hora_inicio: slot.slice(0, 5),
        status_agendamento: 'aguardando',
      });
    } finally {
      await world.tmux.killSession('agenda');
    }
  }, 120_000);

  it('enrol wizard: the questions, a rule refused in Portuguese, the review and Enviar, then one new contract', async () => {
    const before = (await readRecords(world.server.url, 'enrol.contract.search', {})).map((c) => c['cv_nro']);
    const pane = await world.tmux.start('inclusao', [process.execPath, world.cli.main, 'enrol', 'wizard'], env());
    try {
      await drive(pane, [...contractPt, ...payerPt], { yes: 's' });
      // A date of birth in the future: refused in Portuguese, and asked again.
      const holder = holderPt();
      const birth = holder.findIndex((s) => typeof s === 'object' && String(s.q).includes('data_nascimento'));
      await drive(pane, holder.slice(0, birth), { yes: 's' });
      await pane.input(/^Beneficiário 1 · .*\[data_nascimento\]/, '01/01/2099');
      await pane.waitFor('the rule in Portuguese', (s) =>
        s.includes('deve ser uma data de nascimento que não esteja no futuro'),
      );
      await pane.keys('C-u');
      await drive(pane, holder.slice(birth), { yes: 's' });

      const menu = await pane.prompt('E agora? (digite o número de uma seção para editá-la)');
      expect(pane.last).toContain('Revise a inclusão (nada é enviado antes de Enviar)');
      expect(pane.last).toMatch(/^3 Beneficiário 1 \(titular\) · Pedro Souza$/m);
      expect(pane.last).toMatch(/^ {4}declaração {3}formulário 1 · 1: N$/m);
      // Submit is the choice preselected.
      expect(menu.below).toContain('❯ Enviar o contrato e 1 beneficiário (6 requisições)');
      expect(await pane.select('E agora?', 'Enviar')).toBe('Enviar o contrato e 1 beneficiário (6 requisições)');
      expect(await pane.exitCode(60_000)).toBe(0);
      const contract = /1 beneficiário incluído no contrato (\d+)\./.exec(pane.last)?.[1];
      expect(contract, pane.last).toBeDefined();
      expect(pane.last).toMatch(/✔ beneficiário 1 · endereço: endereco_id \d+/);

      const after = await readRecords(world.server.url, 'enrol.contract.search', {});
      const added = after.filter((c) => !before.includes(c['cv_nro']));
      expect(added.map((c) => String(c['cv_nro']))).toEqual([contract]);
      expect(added[0]).toMatchObject({ cv_qtd_vida: 1, plano_nro_reg_ans: '123456' });
    } finally {
      await world.tmux.killSession('inclusao');
    }
  }, 240_000);
});
