/**
 * The enrolment wizard's code choices (the enrolCodes setting) in a real
 * pseudo-terminal (tmux, the bundled CLI) against the embedded server, in
 * each language: `origem` and the payer's `estado_civil` are a list of the
 * configured codes with their meanings in the run's language and "other
 * code…"; the codes picked are what the server stored for the contract and
 * its payer. tmux is required: without it these tests fail.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { beneficiaryAnswers, contractAnswers, ONE, payerAnswers, until } from './enrol-script.js';
import { drive } from './pane-script.js';
import { contractPt, holderPt, payerPt } from './portuguese-script.js';
import { usePtyWorld } from './pty-world.js';

/** Meanings in both languages, and one (CO's in English) left to the entry without a language. */
const CODES =
  'origem.WB@en=Web sale; origem.WB@pt-BR=Venda pela internet; origem.CO=Contrato empresarial; origem.CO@en=Company contract; ' +
  'estado_civil.C@en=Married; estado_civil.C@pt-BR=Casado(a); estado_civil.S@en=Single; estado_civil.S@pt-BR=Solteiro(a)';

const languages = [
  {
    lang: 'C.UTF-8',
    yes: undefined,
    script: {
      contract: contractAnswers,
      payer: payerAnswers,
      holder: [...beneficiaryAnswers(1, ONE[0]!, true), { q: 'Add another beneficiary?', a: false }],
    },
    origins: ['WB (Web sale)', 'CO (Company contract)', 'other code…'],
    states: ['C (Married)', 'S (Single)', 'other code…'],
    menu: 'What next?',
    submit: 'Submit',
    enrolled: /Enrolled 1 beneficiary on contract (\d+)\./,
  },
  {
    lang: 'pt_BR.UTF-8',
    yes: 's',
    script: { contract: contractPt, payer: payerPt, holder: holderPt() },
    origins: ['WB (Venda pela internet)', 'CO (Contrato empresarial)', 'outro código…'],
    states: ['C (Casado(a))', 'S (Solteiro(a))', 'outro código…'],
    menu: 'E agora?',
    submit: 'Enviar',
    enrolled: /1 beneficiário incluído no contrato (\d+)\./,
  },
] as const;

/** The choices under a select, without the pointer. */
const choicesOf = (below: readonly string[]) =>
  below.filter((l) => /^(❯ | {2})\S/.test(l)).map((l) => l.slice(2).trim());

describe.each(languages)('the wizard offers the configured codes, LANG=$lang', (l) => {
  const world = usePtyWorld('coopctl-pty-codes-', l.lang);

  it('origem and estado_civil are lists of code (meaning); the codes picked are stored', async () => {
    const pane = await world.tmux.start(
      `codes-${l.lang.slice(0, 2)}`,
      [process.execPath, world.cli.main, 'enrol', 'wizard'],
      world.env({ XDG_STATE_HOME: join(world.home, 'state'), COOPCTL_ENROL_CODES: CODES }),
      { columns: 100, rows: 30 },
    );
    const options = l.yes ? { yes: l.yes } : {};
    try {
      const contract = until(l.script.contract, '[origem]');
      await drive(pane, contract.before, options);
      const origin = await pane.prompt(/\[origem\]/);
      expect(choicesOf(origin.below)).toEqual(l.origins);
      expect(await pane.select(/\[origem\]/, 'CO')).toBe(l.origins[1]);
      await drive(pane, contract.after, options);

      const payer = until(l.script.payer, '[estado_civil]');
      await drive(pane, payer.before, options);
      const state = await pane.prompt(/\[estado_civil\]/);
      expect(choicesOf(state.below)).toEqual(l.states);
      expect(await pane.select(/\[estado_civil\]/, 'S')).toBe(l.states[1]);
      await drive(pane, payer.after, options);
      await drive(pane, l.script.holder, options);

      await pane.select(l.menu, l.submit);
      expect(await pane.exitCode(60_000)).toBe(0);
      const id = l.enrolled.exec(pane.last)?.[1];
      expect(id, pane.last).toBeDefined();
      const db = new Database(world.server.db, { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare('SELECT origem, payer FROM contract WHERE id = ?').get(Number(id)) as {
          origem: string;
          payer: string;
        };
        expect(row.origem).toBe('CO');
        expect(JSON.parse(row.payer)).toMatchObject({ estado_civil: 'S', grau_parentesco: 'TIT' });
      } finally {
        db.close();
      }
    } finally {
      await world.tmux.killSession(pane.name);
    }
  }, 240_000);
});
