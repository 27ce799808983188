/**
 * What a one-shot command loads: a run initialises the modules of its own
 * command group only (the registry loads a group's modules when the command
 * line names it: src/cli/commands/registry.ts), seen in a real process of a
 * bundle that records every source module it runs (loaded-modules.ts),
 * against a fake service over loopback HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';
import { moduleRecorder, type ModuleRecorder } from './loaded-modules.js';

/** The command group a module belongs to, when it belongs to one (else undefined: shared by every command). */
function groupOf(path: string): string | undefined {
  const [, dir, below] = /^src\/cli\/([^/]+)\/(.*)$/.exec(path) ?? [];
  if (path.startsWith('src/server/')) return 'serve';
  if (dir === 'commands') return below!.includes('/') ? below!.split('/')[0] : undefined;
  if (dir === 'batch' || dir === 'enrol') return 'enrol';
  if (dir === 'config') return below === 'command.ts' ? 'config' : undefined;
  return ['serve', 'audit', 'backup', 'api', 'openapi', 'completion'].includes(dir ?? '') ? dir : undefined;
}

/** The command groups' own words modules (docs/architecture.md, "What a command loads"), each with its group. */
const GROUP_WORDS: ReadonlyArray<readonly [path: string, group: string]> = [
  ['src/cli/audit/words.ts', 'audit'],
  ['src/cli/backup/words.ts', 'backup'],
  ['src/cli/batch/words.ts', 'enrol'],
  ['src/cli/batch/file-words.ts', 'enrol'],
  ['src/cli/batch/journal-words.ts', 'enrol'],
  ['src/cli/enrol/draft-words.ts', 'enrol'],
  ['src/cli/commands/enrol/wizard/words.ts', 'enrol'],
  ['src/cli/commands/schedule/book/words.ts', 'schedule'],
  ['src/cli/serve/words.ts', 'serve'],
];

describe('a read loads no module of another command group', () => {
  let recorder: ModuleRecorder;
  let service: FakeService;
  beforeAll(async () => {
    [recorder, service] = await Promise.all([moduleRecorder(), startFakeService()]);
  }, 120_000);
  afterAll(async () => {
    recorder?.close();
    await service?.close();
  });

  it('groupOf: what a module path belongs to', () => {
    expect(groupOf('src/cli/commands/schedule/book/steps.ts')).toBe('schedule');
    expect(groupOf('src/cli/commands/registry.ts')).toBeUndefined();
    expect(groupOf('src/cli/batch/run.ts')).toBe('enrol');
    expect(groupOf('src/cli/config/command.ts')).toBe('config');
    expect(groupOf('src/cli/config/settings.ts')).toBeUndefined();
    expect(groupOf('src/server/http/dispatch.ts')).toBe('serve');
    expect(groupOf('src/cli/output/table.ts')).toBeUndefined();
    expect(groupOf('src/cli/i18n/messages/prompts.ts')).toBeUndefined();
  });

  it.each(GROUP_WORDS)('groupOf: the words module %s is of %s', (path, group) => {
    expect(groupOf(path)).toBe(group);
  });

  const cases = [
    { group: 'record', argv: ['record', 'allergies', '--usuario-cartao', '00010001000001005'] },
    { group: 'registration', argv: ['registration', 'show', '00010001000001005'] },
    { group: 'schedule', argv: ['schedule', 'list', '--usuario-cartao', '00010001000001005'] },
  ];

  for (const { group, argv } of cases) {
    it(`coopctl ${argv.join(' ')}: only modules of ${group} and shared ones`, async () => {
      service.reset();
      service.reply({ json: [] });
      const { code, modules } = await recorder.run(argv, {
        COOPCTL_BASE_URL: service.url,
        COOPCTL_TEST_BASE_URL: service.url,
        COOPCTL_TOKEN: 't0k3n',
      });
      expect(service.requests).toHaveLength(1);
      expect(code).toBe(3);
      expect(modules).toContain('src/cli/main.ts');
      expect(modules).toContain('src/cli/operations/execute.ts');
      // node:crypto (with its X.509 code) costs a read 15–20 M instructions to load, and a read hashes nothing: it is
      // loaded by what writes a private file, at a terminal only (src/cli/lazy.ts, privateFile).
      expect(modules).toContain('node:http');
      expect(modules).not.toContain('node:crypto');
      const others = modules.filter((path) => ![undefined, group].includes(groupOf(path)));
      expect(others).toEqual([]);
      // The shared catalogue, and no words module of another group (they are not in the catalogue).
      expect(modules).toContain('src/cli/i18n/messages.ts');
      expect(modules).toContain('src/cli/i18n/messages/prompts.ts');
      for (const [path, of] of GROUP_WORDS) if (of !== group) expect(modules).not.toContain(path);
    });
  }
});
