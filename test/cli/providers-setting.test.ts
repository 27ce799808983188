/** The `providers` setting (provider code → name, for the booking wizard): its form, its check, where it comes from. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProviders, providersProblem } from '../../src/cli/config/providers.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { demoDocument } from '../../src/server/store/datasets/demo.js';
import { useHarness, type RunOptions } from './harness.js';

describe('parseProviders', () => {
  it('reads code=name pairs separated by ";" or line breaks, codes without leading zeros', () => {
    const parsed = parseProviders(' 9001 = Clínica Geral;09002=Dr. Ricardo — Cardiologia\n9003=Pediatria; ');
    expect(parsed).toEqual({
      ok: true,
      directory: new Map([
        ['9001', 'Clínica Geral'],
        ['9002', 'Dr. Ricardo — Cardiologia'],
        ['9003', 'Pediatria'],
      ]),
    });
    expect(parseProviders('')).toEqual({ ok: true, directory: new Map() });
    expect(parseProviders('123456789012345678=A = B')).toEqual({
      ok: true,
      directory: new Map([['123456789012345678', 'A = B']]),
    });
  });

  it.each([
    ['9001', { kind: 'entry', entry: '9001' }, '"9001" is not'],
    ['9001=', { kind: 'entry', entry: '9001=' }, '"9001=" is not'],
    ['=Clínica', { kind: 'entry', entry: '=Clínica' }, '"=Clínica" is not'],
    ['90a1=Clínica', { kind: 'entry', entry: '90a1=Clínica' }, '"90a1=Clínica" is not'],
    [
      '1234567890123456789=Too long',
      { kind: 'entry', entry: '1234567890123456789=Too long' },
      '"1234567890123456789=Too long" is not',
    ],
    ['9001=A; 09001=B', { kind: 'twice', code: '9001' }, 'names provider 9001 twice'],
  ])('refuses %j', (value, fault, words) => {
    expect(parseProviders(value)).toEqual({ ok: false, fault });
    expect(providersProblem(value)?.(messagesFor('en'))).toContain(words);
  });
});

const setup = useHarness('coopctl-providers-');
const run = (argv: string[], options: RunOptions = {}) =>
  setup.h.run(argv, { ...options, env: { XDG_CONFIG_HOME: setup.home, ...options.env } });

describe('coopctl config set providers', () => {
  it('stores a valid directory and lists it; refuses a bad one naming the form (exit 2)', async () => {
    const set = await run(['config', 'set', 'providers', '9001=Clínica Geral; 9002=Cardiologia']);
    expect(set.code, set.stderr).toBe(0);
    const get = await run(['config', 'get', 'providers']);
    expect(get.stdout).toBe('9001=Clínica Geral; 9002=Cardiologia\n');

    const bad = await run(['config', 'set', 'providers', 'Clínica Geral']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('providers from the command line must be code=name pairs separated by ";"');
    expect((await run(['config', 'get', 'providers'])).stdout).toBe('9001=Clínica Geral; 9002=Cardiologia\n');
  });

  it('COOPCTL_PROVIDERS overrides the profile, and a bad one is a usage error naming it', async () => {
    const r = await run(['--json', 'config', 'list'], { env: { COOPCTL_PROVIDERS: '9003=Pediatria' } });
    const list = JSON.parse(r.stdout) as { settings: Record<string, { value: string; source: string }> };
    expect(list.settings['providers']).toEqual({ value: '9003=Pediatria', source: 'COOPCTL_PROVIDERS' });
    const bad = await run(['config', 'list'], { env: { COOPCTL_PROVIDERS: '9003' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('providers from COOPCTL_PROVIDERS must be code=name pairs');
  });
});

describe("the demo's directory in the docs", () => {
  it('names every provider of the demo dataset as the dataset does (docs/commands.md and docs/decisions.md)', () => {
    const providers = demoDocument(new Date()).providers as Array<{ prest_cod_svc_card: number; nome: string }>;
    const expected = new Map(providers.map((p) => [String(p.prest_cod_svc_card), p.nome]));
    for (const file of ['docs/commands.md', 'docs/decisions.md']) {
      const line = /^coopctl config set providers '([^']+)'$/m.exec(readFileSync(file, 'utf8'));
      expect(line, file).not.toBeNull();
      expect(parseProviders(line![1]!), file).toEqual({ ok: true, directory: expected });
    }
  });
});
