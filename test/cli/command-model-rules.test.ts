/**
 * Rules on the CLI's source for its one command model (docs/architecture.md,
 * "The CLI: commands and their modules"): every command is listed once, in
 * the registry (src/cli/commands/registry.ts) or, for an operation's module,
 * in commands/specs.ts's `operationModules`, the only modules that load a
 * command's module (through src/cli/lazy.ts), and the program builds the
 * tree from the registry (no dispatch on
 * the command line's words); an operation's steps are an explicit list passed
 * in (no global arrays of hooks filled at start-up, no order made by
 * `unshift`); and no module of src/cli keeps a run's state at module level
 * (what a run learns is carried in its objects).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../src/cli/', import.meta.url));
const sources = readdirSync(CLI, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ path: f.split('\\').join('/'), text: readFileSync(join(CLI, f), 'utf8') }));
const textOf = (path: string) => sources.find((s) => s.path === path)!.text;

/** The files that `import('…')` calls in `text` (of the file at `path`) load, as paths below src/cli. */
function dynamicImports(path: string, text: string): string[] {
  return [...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) =>
    relative(CLI, resolve(dirname(join(CLI, path)), m[1]!))
      .split('\\')
      .join('/')
      .replace(/\.js$/, '.ts'),
  );
}

/** src/cli/lazy.ts's functions and the file below src/cli each loads, when it loads one of coopctl's. */
const lazyLoads = new Map(
  textOf('lazy.ts')
    .split(/\nexport const /)
    .slice(1)
    .flatMap((part) => {
      const [target] = dynamicImports('lazy.ts', part);
      return target ? [[/^\w+/.exec(part)![0], target] as const] : [];
    }),
);

/** The files that the `lazy.name()` calls in `text` load, in their order. */
const lateImports = (text: string): string[] =>
  [...text.matchAll(/\blazy\.(\w+)\(/g)].flatMap((m) => lazyLoads.get(m[1]!) ?? []);

describe('the registry is the one list of commands', () => {
  const registered = [...lateImports(textOf('commands/registry.ts')), ...lateImports(textOf('commands/specs.ts'))];

  it('it loads every command module: the operations modules and the commands that are not one operation', () => {
    expect(registered).toEqual([
      'commands/command-def.ts',
      'commands/record/summary.ts',
      'commands/enrol/wizard.ts',
      'batch/command.ts',
      ...Array(6).fill('config/command.ts'),
      'serve/command.ts',
      'serve/admin.ts',
      'serve/admin.ts',
      ...Array(3).fill('audit/command.ts'),
      'backup/command.ts',
      'openapi/command.ts',
      'api/command.ts',
      'completion/command.ts',
      'commands/registration/show.ts',
      'commands/registration/save-address.ts',
      'commands/registration/delete-address.ts',
      'commands/schedule/dates.ts',
      'commands/schedule/book.ts',
      'commands/schedule/cancel.ts',
      'commands/notify/send.ts',
      'commands/notify/send-all.ts',
    ]);
  });

  it('no other module loads a command module', () => {
    // lazy.ts holds the loaders; the registry and specs.ts are their only callers.
    const elsewhere = sources
      .filter((s) => !['commands/registry.ts', 'commands/specs.ts', 'lazy.ts'].includes(s.path))
      .flatMap((s) =>
        [...dynamicImports(s.path, s.text), ...lateImports(s.text)]
          .filter((t) => registered.includes(t))
          .map((t) => `${s.path} → ${t}`),
      );
    expect(elsewhere).toEqual([]);
  });

  it('the operation modules are found by their operation, and every other command by its registry entry', () => {
    // A command module of an operation is a defineCommand of it; the tree adds it from its spec (specs.ts).
    for (const path of registered.filter((p) => /^commands\/(registration|schedule|notify)\//.test(p)))
      expect(textOf(path), path).toMatch(/= defineCommand\((?:operation\('|\w*[oO]p\b)/);
    expect(textOf('commands/tree.ts')).not.toMatch(/\bimport\(/);
  });

  it('every registry entry is a defineCommand or a catalogue operation', () => {
    const registry = textOf('commands/registry.ts');
    const list = registry.slice(registry.indexOf('export const commands'));
    const entries = [...list.matchAll(/^ {2}\{ words: .*$/gm)].map((m) => m[0]);
    expect(entries).toHaveLength(19);
    // Each command that is not one operation is loaded as a declaration (command-def.ts), not as a function of its own.
    const handBuilt = entries.filter(
      (e) => !/load: defined\(async \(\) => \(await lazy\.\w+\(\)\)\.\w+\) \},$/.test(e),
    );
    expect(handBuilt).toEqual([]);
    // …and that declaration is a defineCommand in the module it is imported from.
    for (const e of entries) {
      const [, loader, name] = /lazy\.(\w+)\(\)\)\.(\w+)/.exec(e)!;
      const path = lazyLoads.get(loader!)!;
      expect(textOf(path), `${path}: ${name}`).toMatch(new RegExp(`export const ${name} = defineCommand\\(\\{`));
    }
    // The operation modules are catalogue operations (the test above checks each is a defineCommand of one).
    const specs = textOf('commands/specs.ts');
    const operations = specs.slice(specs.indexOf('export const operationModules'));
    expect(operations).not.toMatch(/\bdefined\(/);
  });

  it("the program builds the tree from the registry, without dispatching on the command line's words", () => {
    const program = textOf('run/program.ts');
    expect(program).toContain("from '../commands/registry.js'");
    expect(program).not.toMatch(/argv\.includes\(/);
    // It loads the operations' commands late, and nothing else of its own.
    expect(program).not.toMatch(/\bimport\(/);
    expect(lateImports(program)).toEqual(['commands/tree.ts']);
  });
});

describe("an operation's steps are an explicit list", () => {
  it('no global arrays of hooks, no installing at start-up, no list of steps changed at run time', () => {
    const found = sources.flatMap((s) =>
      [
        [/^export const hooks\b/m, 'a module-level list of hooks'],
        [/\bhooks\.(options|params|preSend)\b/, 'a global hook list'],
        [/\b(?:hooks|steps|pipeline)\.\w+\.(?:unshift|push)\(/, 'a list of steps changed at run time'],
        [/^let installed\b/m, 'an install-once flag'],
      ]
        .filter(([re]) => (re as RegExp).test(s.text))
        .map(([, why]) => `${s.path}: ${why}`),
    );
    expect(found).toEqual([]);
  });

  it('the steps are listed in their order in one place, and passed to each operation command', () => {
    const steps = textOf('commands/pipeline.ts');
    expect(steps).toMatch(
      /options: \[safetyOptions\],\s*params: \[promptMissingParams\],\s*preSend: \[dryRun, confirm, keepRecentCard\],/,
    );
    expect(textOf('commands/tree.ts')).toMatch(/addOperationCommand\(.*, operationSteps\);/);
  });
});

describe('no module of src/cli keeps mutable state at module level', () => {
  /**
   * Values computed once on first use, the same for every run (they hold no run's data), and what belongs to the
   * process rather than to a run.
   */
  const allowed = new Map([
    ['output/width.ts', 'displayWidth: string-width, loaded on first use'],
    ['output/jq.ts', 'loaded: jq-web, loaded on first use'],
    ['output/mask.ts', "known: the catalogue's personal fields, read once"],
    ['output/wrap.ts', 'segmenter: one Intl.Segmenter'],
    ['output/json-fields.ts', "known: the catalogue's record fields, read once"],
    ['batch/dialect.ts', 'upper: a table of the columns, made once'],
    ['i18n/english.ts', 'english: the English messages, loaded once'],
    ['output/pager.ts', "running: the process's pagers, which main.ts waits for before exiting"],
    ['help/command.ts', "helpCommands: each command's help command, keyed by the run's own command objects"],
    [
      'help/conflicts.ts',
      "declared: an option's conflicts, keyed by the run's own options (commander's list is untyped)",
    ],
  ]);
  const MUTABLE = [
    /^(?:export )?(?:let|var) /m,
    /^(?:export )?const \w+(?:: [^=]+)? = new (?:WeakMap|WeakSet)\b/m,
    /^(?:export )?const \w+(?:: [^=]+)? = new (?:Map|Set)(?:<.*>)?\(\)/m,
    /^(?:export )?const \w+(?:: [^=]+)? = \[\];/m,
  ];

  it('the check finds a flag, a weak set, an empty map and an empty list, and leaves constant tables alone', () => {
    const found = (text: string) => MUTABLE.some((re) => re.test(text));
    expect(found('let installed = false;')).toBe(true);
    expect(found('const asked = new WeakSet<PendingCall>();')).toBe(true);
    expect(found('const byOperation = new Map<Operation, CommandSpec>();')).toBe(true);
    expect(found('export const preSend: PreSendHook[] = [];')).toBe(true);
    expect(found("const YES = new Set(['true', '1']);")).toBe(false);
    expect(found('  let params = raw;')).toBe(false);
  });

  it('none does, but the values computed once and the pagers', () => {
    const found = sources.filter((s) => MUTABLE.some((re) => re.test(s.text))).map((s) => s.path);
    expect(found.sort()).toEqual([...allowed.keys()].sort());
  });
});
