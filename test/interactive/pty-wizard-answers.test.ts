/**
 * The enrolment wizard's answers that are the clerk's own, in a real
 * pseudo-terminal (tmux, the bundled CLI) against the embedded server, in
 * each language: a known CEP fills the street and district (Enter keeps
 * them); a health-declaration answer is typed, nothing preselected, and
 * Enter alone is refused, the question asked again; without the question
 * texts the wizard says they are not set and how to set them. tmux is
 * required: without it these tests fail.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asks, beneficiaryAnswers, contractAnswers, ONE, payerAnswers, until } from './enrol-script.js';
import { drive } from './pane-script.js';
import { contractPt, holderPt, payerPt } from './portuguese-script.js';
import { usePtyWorld } from './pty-world.js';

const languages = [
  {
    lang: 'C.UTF-8',
    yes: undefined,
    script: { contract: contractAnswers, payer: payerAnswers, holder: beneficiaryAnswers(1, ONE[0]!, true) },
    payerPrefix: 'Payer ·',
    found: 'CEP 22021001: Avenida Atlântica, Copacabana, Rio de Janeiro/RJ',
    answer: 'Beneficiary 1 · question 1 · Answer [resposta] (type S (yes), N (no); no answer is assumed)',
    refused: '> must be S or N (S = yes, N = no)',
    untold: 'The texts of questions 1 of form 1 are not set',
    howTo: "coopctl config set healthQuestions '1.1=",
  },
  {
    lang: 'pt_BR.UTF-8',
    yes: 's',
    script: { contract: contractPt, payer: payerPt, holder: holderPt() },
    payerPrefix: 'Responsável financeiro ·',
    found: 'CEP 22021001: Avenida Atlântica, Copacabana, Rio de Janeiro/RJ',
    answer: 'Beneficiário 1 · pergunta 1 · Resposta [resposta] (digite S (sim), N (não); nenhuma resposta é presumida)',
    refused: '> deve ser S ou N',
    untold: 'Os textos das perguntas 1 do formulário 1 não estão configurados',
    howTo: "coopctl config set healthQuestions '1.1=",
  },
] as const;

describe.each(languages)('the wizard in a real pseudo-terminal, LANG=$lang', (l) => {
  const world = usePtyWorld('coopctl-pty-answers-', l.lang);

  it('a known CEP fills the address; a health question cannot be left without a typed answer', async () => {
    const pane = await world.tmux.start(
      `answers-${l.lang.slice(0, 2)}`,
      [process.execPath, world.cli.main, 'enrol', 'wizard'],
      world.env({ XDG_STATE_HOME: join(world.home, 'state') }),
      { columns: 80, rows: 30 },
    );
    const options = l.yes ? { yes: l.yes } : {};
    try {
      await drive(pane, l.script.contract, options);
      // The payer's CEP, typed: the street and district of the service's CEP table are offered.
      const payer = until(l.script.payer, '[cep]');
      await drive(pane, payer.before, options);
      await pane.input(/\[cep\]/, '22021-001');
      const street = await pane.prompt(/\[logradouro\]/);
      expect(pane.last).toContain(l.found);
      expect(street.line).toContain('(Avenida Atlântica)');
      await pane.keys('Enter');
      const rest = payer.after.filter((s) => !asks(s, '[logradouro]') && !asks(s, '[bairro]'));
      const district = rest.findIndex((s) => asks(s, '[complemento]'));
      await drive(pane, rest.slice(0, district + 1), options);
      expect((await pane.prompt(/\[bairro\]/)).line).toContain('(Copacabana)');
      await pane.keys('Enter');
      await drive(pane, rest.slice(district + 1), options);

      // The holder, up to the health declaration's answer.
      const holder = until(l.script.holder, '[resposta]');
      await drive(pane, holder.before, options);
      const question = await pane.prompt(/\[resposta\]/);
      expect(question.line).toBe(`? ${l.answer}`);
      expect(question.below.some((line) => line.startsWith('❯ '))).toBe(false);
      expect(pane.last).toContain(l.untold);
      expect((await pane.history()).replace(/\n/g, ' ')).toContain(l.howTo);
      // Enter alone answers nothing: refused, and the same question stays.
      await pane.keys('Enter');
      await pane.waitFor('the refusal', (s) => s.includes(l.refused));
      expect(pane.active()?.line).toBe(`? ${l.answer}`);
      await pane.type('N');
      await pane.keys('Enter');
      await pane.waitFor('the next question', (s) => !(pane.active(s)?.line.includes('[resposta]') ?? true));
      await pane.keys('C-c');
      expect(await pane.exitCode()).toBe(130);
    } finally {
      await world.tmux.killSession(pane.name);
    }
  }, 240_000);
});
