/**
 * Confirmations (docs/commands.md, "Safety: confirmations and dry runs"): registration delete-address,
 * schedule cancel and notify send-all always ask; notify send asks when no
 * audience filter is set. Without a terminal (or with --no-input) they need
 * --yes: exit 2, nothing sent. On a terminal: the facts, then a yes/no
 * question (default no); no → exit 1, nothing sent; Ctrl-C → 130.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  audienceFilters,
  catalogue,
  operation,
  sampleParams,
  sampleRecord,
  type Operation,
  type Params,
} from '../../src/catalogue/index.js';
import { startHarness, type Harness, type RunResult } from '../cli/harness.js';
import { argvOf, type ConfirmPrompter, confirmPrompter, ctrlC, leavingEmpty } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const TTY = { stdin: true, stdout: true, stderr: true } as const;
const CARD = '00010001000001005';

interface Case {
  readonly op: Operation;
  readonly params: Params;
  /** Words after the parameters. */
  readonly extra?: readonly string[];
}

/** The calls that ask: the three `always` operations, and notify send with no filter. */
const asking: Case[] = [
  { op: operation('registration.delete-address'), params: { usuario_cartao: CARD, endereco_ind: '2' } },
  // --force: on a terminal without a card, schedule cancel would first ask whose appointment it is (its card
  // check has tests of its own, test/cli/messages/confirm-cancel.test.ts); here it asks the question alone.
  { op: operation('schedule.cancel'), params: { cd_evento: '4242' }, extra: ['--force'] },
  { op: operation('notify.send-all'), params: sampleParams(operation('notify.send-all')) },
  { op: operation('notify.send'), params: sampleParams(operation('notify.send'), false) },
];

/** The requests that write (a command that asks may read first what it acts on, to say it). */
function requests(): number {
  return [...h.base.requests, ...h.test.requests].filter((r) => r.method !== 'GET').length;
}

/** The prompter of a terminal run: notify send first offers its audience filters (left empty here). */
const onTerminal = (op: Operation, p: ConfirmPrompter) => (op.confirm === 'unfiltered' ? leavingEmpty(p) : p);

/** The command line of a case. */
const argvOfCase = (c: Case, params: Params = c.params) => [...argvOf(c.op, params), ...(c.extra ?? [])];

function answerWith(op: Operation): void {
  h.base.reply({ json: [sampleRecord(op)] });
  h.test.reply({ json: [sampleRecord(op)] });
}

it('the catalogue marks exactly these operations', () => {
  expect(
    catalogue
      .filter((op) => op.confirm === 'always')
      .map((op) => op.id)
      .sort(),
  ).toEqual(['notify.send-all', 'registration.delete-address', 'schedule.cancel']);
  expect(catalogue.filter((op) => op.confirm === 'unfiltered').map((op) => op.id)).toEqual(['notify.send']);
});

describe.each(
  asking.map((c) => [`${c.op.command.join(' ')}${c.op.confirm === 'unfiltered' ? ' (no filter)' : ''}`, c] as const),
)('coopctl %s', (_name, c) => {
  const { op, params } = c;
  const argv = argvOfCase(c);

  it('without a terminal: exit 2 naming --yes, nothing sent', async () => {
    const prompter = confirmPrompter();
    const r = await h.run(argv, { prompter });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.stderr).toMatch(/without a terminal/);
    expect(r.stderr).toMatch(/Nothing was sent/);
    expect(r.stdout).toBe('');
    expect(prompter.asked).toHaveLength(0);
    expect(requests()).toBe(0);
  });

  it('with stdin alone a terminal (output piped): still exit 2, nothing sent', async () => {
    const r = await h.run(argv, { tty: { stdin: true }, prompter: confirmPrompter() });
    expect(r.code).toBe(2);
    expect(requests()).toBe(0);
  });

  it('on a terminal with --no-input: exit 2 naming --yes and --no-input, nothing sent', async () => {
    const r = await h.run(['--no-input', ...argv], { tty: TTY, prompter: confirmPrompter() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.stderr).toContain('--no-input');
    expect(requests()).toBe(0);
  });

  it.each([['--yes'], ['-y']])('%s proceeds without a terminal and without asking', async (flag) => {
    answerWith(op);
    const prompter = confirmPrompter();
    const r = await h.run([...argv, flag], { prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toHaveLength(0);
    expect(requests()).toBe(1);
  });

  it('--yes also skips the question on a terminal', async () => {
    answerWith(op);
    const prompter = confirmPrompter();
    const r = await h.run([...argv, '-y'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toHaveLength(0);
    expect(requests()).toBe(1);
  });

  it('on a terminal: asks once (default no); yes sends the request', async () => {
    answerWith(op);
    const prompter = onTerminal(op, confirmPrompter(true));
    const r = await h.run(argv, { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toHaveLength(1);
    expect(prompter.asked[0]!.default).toBe(false);
    expect(prompter.asked[0]!.message).toMatch(/\?/);
    expect(requests()).toBe(1);
  });

  it('on a terminal: no → exit 5 (declined, not a refusal), "cancelled", nothing sent', async () => {
    const prompter = onTerminal(op, confirmPrompter(false));
    const r = await h.run(argv, { tty: TTY, prompter });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('Nothing was sent.');
    expect(r.stdout).toBe('');
    expect(requests()).toBe(0);
  });

  it('on a terminal: Ctrl-C at the question → exit 130, nothing sent', async () => {
    const r = await h.run(argv, { tty: TTY, prompter: onTerminal(op, confirmPrompter(ctrlC())) });
    expect(r.code).toBe(130);
    expect(requests()).toBe(0);
  });

  it('invalid parameters are reported before any question (exit 2)', async () => {
    const firstField = Object.keys(op.params).find((n) => op.params[n]!.kind === 'int')!;
    const prompter = confirmPrompter();
    const r = await h.run(argvOfCase(c, { ...params, [firstField]: 'not-a-number' }), { tty: TTY, prompter, env: {} });
    expect(r.code).toBe(2);
    expect(prompter.asked).toHaveLength(0);
    expect(requests()).toBe(0);
  });

  it('--help says that it asks and what --yes does', async () => {
    const r = await h.run([...op.command, '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /for confirmation on a terminal \(default: no\); -y, --yes skips the question, and is needed without a terminal/,
    );
  });
});

describe('what the question shows', () => {
  async function shown(c: Case): Promise<RunResult> {
    return h.run(argvOfCase(c), { tty: TTY, prompter: onTerminal(c.op, confirmPrompter(false)) });
  }

  it('delete-address: the masked card and the address code, and the host', async () => {
    const r = await shown(asking[0]!);
    expect(r.stderr).toContain('Delete address 2 (endereco_ind) of card *************1005');
    expect(r.stderr).not.toContain(CARD);
    expect(r.stderr).toContain(`Service: POST ${h.test.url}${asking[0]!.op.path}`);
  });

  it('schedule cancel: the cd_evento', async () => {
    const r = await shown(asking[1]!);
    expect(r.stderr).toContain('Cancel appointment 4242 (cd_evento)');
  });

  it('notify send-all: ALL app users, the message, and that the audience size is not known before sending', async () => {
    const r = await shown(asking[2]!);
    expect(r.stderr).toContain('ALL app users');
    expect(r.stderr).toContain(`Message: "${String(asking[2]!.params['conteudo'])}"`);
    expect(r.stderr).toMatch(
      /Audience size: the service counts the recipients as it sends, and the answer says how many/,
    );
  });

  it('notify send without a filter: names the filters', async () => {
    const r = await shown(asking[3]!);
    for (const f of audienceFilters) expect(r.stderr).toContain(`--${f.replace(/_/g, '-')}`);
    expect(r.stderr).toContain('every app user');
  });

  it('--quiet does not hide the facts of the question', async () => {
    const c = asking[1]!;
    const r = await h.run(['-q', ...argvOfCase(c)], { tty: TTY, prompter: confirmPrompter(false) });
    expect(r.stderr).toContain('Cancel appointment 4242');
  });
});

describe('calls that do not ask', () => {
  const send = operation('notify.send');

  it.each(audienceFilters.map((f) => [f]))(
    'notify send narrowed by %s: sent without --yes and without a terminal',
    async (filter) => {
      answerWith(send);
      const params = { ...sampleParams(send, false), [filter]: sampleParams(send)[filter] };
      const prompter = confirmPrompter();
      const r = await h.run(argvOf(send, params), { prompter });
      expect(r.code, r.stderr).toBe(0);
      expect(prompter.asked).toHaveLength(0);
      expect(h.base.requests.length + h.test.requests.length).toBe(1);
    },
  );

  it.each(catalogue.filter((op) => !op.confirm).map((op) => [op.id, op] as const))(
    '%s: no question on a terminal; --yes is accepted',
    async (_id, op) => {
      answerWith(op);
      const prompter = confirmPrompter();
      const r = await h.run([...argvOf(op, sampleParams(op)), '--yes'], { tty: TTY, prompter });
      expect(r.code, r.stderr).toBe(0);
      expect(prompter.asked).toHaveLength(0);
      // Sent once (save-address reads the card's addresses around an insertion on a terminal, to say the new code).
      const sent = [...h.base.requests, ...h.test.requests].filter((q) => q.url.pathname.endsWith(op.path));
      expect(sent).toHaveLength(1);
    },
  );
});

describe('api: a catalogue path that asks, asks too', () => {
  const del = operation('registration.delete-address');
  const fields = ['-f', `usuario_cartao=${CARD}`, '-f', 'endereco_ind=1'];

  it('without a terminal: exit 2 naming --yes, nothing sent', async () => {
    const r = await h.run(['api', 'POST', del.path, ...fields]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.stderr).toContain(`coopctl api POST ${del.path}`);
    expect(requests()).toBe(0);
  });

  it('with --yes: sent', async () => {
    answerWith(del);
    const r = await h.run(['api', 'POST', del.path, ...fields, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.test.requests).toHaveLength(1);
  });

  it('notify send through api with a filter: no question', async () => {
    const send = operation('notify.send');
    answerWith(send);
    const r = await h.run([
      'api',
      'POST',
      send.path,
      '-f',
      'conteudo=hi',
      '-f',
      'tipo_notificacao=1',
      '-f',
      'usuario_envio=1',
      '-f',
      'grupo_usuario=2',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests.length + h.test.requests.length).toBe(1);
  });
});
