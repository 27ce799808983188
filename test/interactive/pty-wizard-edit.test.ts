/**
 * The enrolment review's edit of one answer, in a real pseudo-terminal (tmux,
 * the bundled CLI) against the embedded server, in each language: the section
 * offers its answers by their labels in the run's language, only the one
 * chosen is asked again, the others are kept, and the review comes back with
 * it changed; Submit sends it. tmux is required: without it these tests fail.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readRecords } from './run.js';
import { beneficiaryAnswers, contractAnswers, ONE, payerAnswers } from './enrol-script.js';
import { drive } from './pane-script.js';
import { contractPt, holderPt, payerPt } from './portuguese-script.js';
import { usePtyWorld } from './pty-world.js';

const languages = [
  {
    lang: 'C.UTF-8',
    yes: undefined,
    script: [
      ...contractAnswers,
      ...payerAnswers,
      ...beneficiaryAnswers(1, ONE[0]!, true),
      { q: 'Add another beneficiary?', a: false },
    ],
    menu: 'What next?',
    which: 'Beneficiary 1 (holder) · Pedro Souza: change which answer?',
    choice: 'contact · E-mail address: b1@example.com',
    other: 'person · Name: Pedro Souza',
    email: /^Beneficiary 1 · E-mail \[email\]/,
    contact: '    contact      Name: Pedro Souza · Main phone: (11) 98765-4321 · E-mail address: novo@example.com\n',
    submit: 'Submit',
  },
  {
    lang: 'pt_BR.UTF-8',
    yes: 's',
    script: [...contractPt, ...payerPt, ...holderPt()],
    menu: 'E agora?',
    which: 'Beneficiário 1 (titular) · Pedro Souza: alterar qual resposta?',
    choice: 'contato · E-mail: b1@example.com',
    other: 'pessoa · Nome: Pedro Souza',
    email: /^Beneficiário 1 · Endereço de e-mail \[email\]/,
    contact: '    contato      Nome: Pedro Souza · Telefone principal: (11) 98765-4321 · E-mail: novo@example.com\n',
    submit: 'Enviar',
  },
] as const;

describe.each(languages)('the review edits one answer in a real pseudo-terminal, LANG=$lang', (l) => {
  const world = usePtyWorld('coopctl-pty-edit-', l.lang);

  it('offers the answers by their labels, asks only the one chosen, keeps the others, and sends it', async () => {
    const before = (await readRecords(world.server.url, 'enrol.contract.search', {})).map((c) => c['cv_nro']);
    const name = `edit-${l.lang.slice(0, 2)}`;
    const pane = await world.tmux.start(
      name,
      [process.execPath, world.cli.main, 'enrol', 'wizard'],
      world.env({ XDG_STATE_HOME: join(world.home, 'state') }),
      {
        columns: 80,
        rows: 30,
      },
    );
    const options = l.yes ? { yes: l.yes } : {};
    try {
      await drive(pane, l.script, options);
      await pane.select(l.menu, '3');
      const which = await pane.prompt(l.which);
      expect(which.below.some((line) => line.includes(l.other))).toBe(true);
      await pane.select(l.which, l.choice);
      const email = await pane.prompt(l.email);
      expect(email.line).toContain('(b1@example.com)');
      await pane.input(l.email, 'novo@example.com');
      // Nothing else is asked: the review is back, the other answers kept.
      await pane.waitFor('the next question', (s) => !(pane.active(s)?.line.includes('[email]') ?? true));
      expect(pane.active()?.line).toContain(l.menu);
      // The review's lines are wrapped at 80 columns: read each as one line.
      expect((await pane.history()).replace(/\n {5,}/g, ' ')).toContain(l.contact);
      await pane.select(l.menu, l.submit);
      expect(await pane.exitCode(60_000)).toBe(0);
      const after = await readRecords(world.server.url, 'enrol.contract.search', {});
      expect(after.filter((c) => !before.includes(c['cv_nro']))).toHaveLength(1);
    } finally {
      await world.tmux.killSession(name);
    }
  }, 240_000);
});
