/**
 * The Portuguese names in a real pseudo-terminal (tmux, the bundled CLI)
 * against the embedded server, in each language: a lookup by its Portuguese
 * words and short flag shows the beneficiary's appointments, and a mistyped
 * Portuguese name is answered with the names meant. tmux is required: without
 * it these tests fail.
 */
import { describe, expect, it } from 'vitest';
import { readRecords } from './run.js';
import { usePtyWorld } from './pty-world.js';

const CARD = '00010001000001005';

describe.each([
  ['pt_BR.UTF-8', 'Você quis dizer'],
  ['C.UTF-8', 'Did you mean'],
])('Portuguese names in a real pseudo-terminal, LANG=%s', (lang, didYouMean) => {
  const world = usePtyWorld('coopctl-pty-names-', lang);
  const size = { columns: 80, rows: 30 };

  it('agenda listar --cartao lists the appointments of the card', async () => {
    const appointments = await readRecords(world.server.url, 'schedule.list', {
      usuario_cartao: CARD,
      ind_apenas_concluidas: 'N',
    });
    expect(appointments.length).toBeGreaterThan(0);
    const pane = await world.tmux.start(
      `list-${lang.slice(0, 2)}`,
      [process.execPath, world.cli.main, 'agenda', 'listar', '--cartao', CARD, '--no-pager', '-o', 'csv'],
      world.env(),
      size,
    );
    try {
      expect(await pane.exitCode()).toBe(0);
      const screen = await pane.history();
      for (const a of appointments) expect(screen).toContain(`${a['cd_evento']},`);
    } finally {
      await world.tmux.killSession(pane.name);
    }
  });

  it.each([
    [['adesa'], 'adesao'],
    [['prontuario', 'alergia'], 'alergias'],
    [['agenda', 'agendr'], 'agendar'],
  ])('%j suggests %s', async (argv, meant) => {
    const pane = await world.tmux.start(
      `typo-${lang.slice(0, 2)}-${argv.join('-')}`,
      [process.execPath, world.cli.main, ...argv],
      world.env(),
      size,
    );
    try {
      expect(await pane.exitCode()).toBe(2);
      expect(pane.last).toContain(`(${didYouMean} ${meant}?)`);
    } finally {
      await world.tmux.killSession(pane.name);
    }
  });
});
