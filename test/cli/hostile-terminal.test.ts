/**
 * In a real terminal (tmux): the bundled CLI shows a hostile service's record
 * (a table on stdout) and a hostile mensagem_erro (an error on stderr). The
 * terminal must not act on them: the window title stays (OSC 0 would set it),
 * the screen is not cleared (ESC[2J would wipe the line printed before), and
 * the sequences are on screen as visible text. tmux is required (see
 * test/interactive/pty.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';
import { HOSTILE, hostileRecord } from '../helpers/hostile.js';
import { MAIN } from '../helpers/built.js';
import { Tmux } from '../interactive/tmux.js';
import { callArgv } from './argv.js';

let service: FakeService;
let tmux: Tmux;

beforeAll(async () => {
  service = await startFakeService();
  tmux = new Tmux();
});
afterAll(async () => {
  await tmux?.close();
  await service?.close();
});

it('a hostile record and error message neither retitle nor clear the terminal, and read as visible text', async () => {
  const op = operation('schedule.locations');
  const { record } = hostileRecord(op);
  service.reply({ json: [record] }, { status: 422, json: [{ confirma_operacao: 4, mensagem_erro: HOSTILE.raw }] });
  const call = [process.execPath, MAIN, ...callArgv(op, sampleParams(op))].map((w) => `'${w}'`).join(' ');
  const pane = await tmux.start('hostile', ['sh', '-c', `echo before-coopctl; ${call}; ${call}`], {
    COOPCTL_BASE_URL: service.url,
    COOPCTL_TEST_BASE_URL: service.url,
    XDG_CONFIG_HOME: tmux.dir,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
  });
  expect(await pane.exitCode()).toBe(1);
  const screen = await pane.screen();
  expect(service.requests).toHaveLength(2);
  // ESC[2J did not clear the screen: the line printed before coopctl is still there.
  expect(screen).toContain('before-coopctl');
  // OSC 0 did not set the title.
  expect((await tmux.tmux('display-message', '-p', '-t', pane.name, '#{pane_title}')).trim()).not.toContain('pwned');
  // The record's name and the error are on screen, as text.
  expect(screen).toContain(`│ ${HOSTILE.shown} │`);
  // The error, wider than the pane, is wrapped on its spaces (docs/decisions.md, "Messages wrapped to the terminal").
  expect(screen).toContain('error: the service refused the request (HTTP 422); the service said:');
  expect(screen.replaceAll('\n', ' ')).toContain(
    `error: the service refused the request (HTTP 422); the service said: "${HOSTILE.shown}"`,
  );
});
