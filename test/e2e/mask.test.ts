/**
 * `--mask` through the built bin/coopctl against the real embedded server,
 * in the run's language: the demo beneficiary's CPF, phones and e-mail
 * partly hidden in a table, CSV and JSON, her card in the record summary's
 * opening and in a message; COOPCTL_MASK does the same.
 */
import { describe, expect, it } from 'vitest';
import { useDemoWorld } from './demo-world.js';
import { inLang } from './locale.js';

const ANA = '00010001000001005';
/** The demo beneficiary's CPF (src/server/store/datasets/demo). */
const CPF = '52998224725';
const world = useDemoWorld('coopctl-e2e-mask-');

const { coopctl } = world;

/** Her contact as the server keeps it, read without --mask: what must not be shown with it. */
let contact: { telefone: string; celular: string; email: string };
const clear = () => [CPF, ANA, contact.telefone.slice(4), contact.celular.slice(4), contact.email.split('@')[0]!];

function expectNoneInClear(text: string): void {
  for (const value of clear()) expect(text).not.toContain(value);
}

describe('coopctl --mask', () => {
  it('shows the demo record in full without it (what is hidden with it)', async () => {
    const r = await coopctl(['registration', 'show', ANA, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const [record] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(record!['cpf']).toBe(CPF);
    contact = record!['contato'] as typeof contact;
    expect(contact.telefone).toMatch(/^\(\d{2}\)\d{8}$/);
    expect(contact.celular).toMatch(/^\(\d{2}\)\d{9}$/);
    expect(contact.email).toMatch(/^[a-z.]+\d*@example\.com$/);
  });

  it('JSON, CSV and a table', async () => {
    const json = await coopctl(['registration', 'show', ANA, '-o', 'json', '--mask']);
    expect(json.code, json.stderr).toBe(0);
    const [record] = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(record!['cpf']).toBe('***.982.247-**');
    // Section docs/security.md's forms: the area code and the last four digits; the first character and the domain.
    expect(record!['contato']).toMatchObject({
      telefone: `${contact.telefone.slice(0, 4)}****${contact.telefone.slice(-4)}`,
      celular: `${contact.celular.slice(0, 4)}*****${contact.celular.slice(-4)}`,
      email: `${contact.email[0]}***@example.com`,
    });
    const csv = await coopctl(['registration', 'show', ANA, '-o', 'csv', '--mask']);
    expect(csv.stdout).toContain(',***.982.247-**,');
    const table = await coopctl(['registration', 'show', ANA, '--mask'], { COOPCTL_FORCE_TTY: '1', COLUMNS: '100' });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ {2}CPF[^\n]* +\*\*\*\.982\.247-\*\*$/m);
    expect(table.stdout).toContain(inLang({ en: 'E-mail address', pt: 'E-mail' }));
    for (const r of [json, csv, table]) expectNoneInClear(r.stdout + r.stderr);
  });

  it('the record summary’s opening names the card masked, in the run’s language; COOPCTL_MASK too', async () => {
    const r = await coopctl(['record', 'summary', ANA], { COOPCTL_MASK: '1', COOPCTL_FORCE_TTY: '1', COLUMNS: '100' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toContain(
      inLang({
        en: 'Ana Beatriz Souza · card 0001 **** **** **05',
        pt: 'Ana Beatriz Souza · cartão 0001 **** **** **05',
      }),
    );
    expectNoneInClear(r.stdout + r.stderr);
  });

  it('a message: a mistyped command that is a card', async () => {
    const r = await coopctl([ANA, '--mask']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      inLang({ en: "unknown command '0001 **** **** **05'", pt: "comando desconhecido '0001 **** **** **05'" }),
    );
    expectNoneInClear(r.stderr);
  });
});
