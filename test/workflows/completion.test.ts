/**
 * `coopctl completion bash|zsh|fish` (docs/commands.md, "Shell completion and OpenAPI"). The bash script is
 * loaded in a real bash with COMP_WORDS/COMP_CWORD set, as bash sets them on
 * TAB. zsh and fish are checked for syntax and driven the same way; both are
 * required (scripts/test-tools.sh installs them), and these tests fail without them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../src/cli/help/areas.js';
import { fullTree } from '../../src/cli/completion/command.js';
import { ambiguousValueNames, type CompletionTree } from '../../src/cli/completion/model.js';
import { makeContext } from '../../src/cli/context.js';
import { flagOf } from '../cli/argv.js';
import { buildProgram } from '../../src/cli/run/program.js';
import { RunState } from '../../src/cli/run/state.js';
import { catalogue } from '../../src/catalogue/index.js';
import { startHarness, type Harness } from '../cli/harness.js';
import { execFileP, runBash } from './helpers.js';

let h: Harness;
let dir: string;
const scripts: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'coopctl-completion-'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const r = await h.run(['completion', shell]);
    expect(r.code, r.stderr).toBe(0);
    scripts[shell] = r.stdout;
    writeFileSync(join(dir, `coopctl.${shell}`), r.stdout);
  }
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function tree(): Promise<CompletionTree> {
  const io = new PassThrough();
  const run = new RunState(makeContext({ stdin: io, stdout: io, stderr: io, env: {} }));
  const root = await buildProgram(run, []);
  return fullTree(buildProgram, run, root);
}

describe('the tree', () => {
  it('has every command of the catalogue, with its field flags, --yes and --dry-run', async () => {
    const t = await tree();
    for (const op of catalogue) {
      const node = t.nodes.find((n) => n.words.join(' ') === op.command.join(' '));
      expect(node, op.id).toBeDefined();
      const names = node!.options.flatMap((o) => o.names);
      for (const name of Object.keys(op.params)) expect(names).toContain(flagOf(name));
      expect(names).toEqual(expect.arrayContaining(['-y', '--yes', '-n', '--dry-run', '--data']));
    }
    const top = t.root.subcommands.map((s) => s.words[0]);
    expect(top).toEqual(
      expect.arrayContaining([...Object.keys(areas), 'config', 'serve', 'openapi', 'api', 'completion', 'help']),
    );
  });

  it('no option takes a value in one command and not in another', async () => {
    expect(ambiguousValueNames(await tree())).toEqual([]);
  });

  it('closed choices of field flags come from the catalogue', async () => {
    const t = await tree();
    const withChoices = catalogue.flatMap((op) =>
      Object.entries(op.params)
        .filter(([, f]) => f.choices)
        .map(([name, f]) => ({ op, name, choices: f.choices! })),
    );
    expect(withChoices.length).toBeGreaterThan(0);
    for (const { op, name, choices } of withChoices) {
      const node = t.nodes.find((n) => n.words.join(' ') === op.command.join(' '))!;
      expect(node.options.find((o) => o.names.includes(flagOf(name)))!.choices).toEqual(choices);
    }
  });

  it('open code lists offer their documented codes (docs/decisions.md), which stay suggestions', async () => {
    const t = await tree();
    const offered = (words: string, flag: string) =>
      t.nodes.find((n) => n.words.join(' ') === words)!.options.find((o) => o.names.includes(flag))!.choices;
    expect(offered('notify device register', '--dispositivo-tipo')).toEqual(['1', '2', '3']);
    expect(offered('notify send', '--tipo-notificacao')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(offered('enrol beneficiary document', '--tipo-documento')).toEqual([
      'RG',
      'CPF',
      'CNH',
      'CNS',
      'CN',
      'CC',
      'PAS',
      'CTP',
      'RNE',
    ]);
    expect(offered('enrol beneficiary address', '--finalidade')).toEqual(['RES', 'COM', 'COB', 'COR']);
    expect(offered('enrol contract set-status', '--opcao-id')).toEqual(['1', '2', '3', '4']);
  });

  it('an unknown shell is a usage error', async () => {
    expect((await h.run(['completion', 'tcsh'])).code).toBe(2);
  });
});

/** Completions offered by bash for the words (the last one is the word being completed). */
async function bashComplete(...words: string[]): Promise<string[]> {
  const array = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `source ${join(dir, 'coopctl.bash')}
COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; COMP_LINE="\${COMP_WORDS[*]}"; COMP_POINT=\${#COMP_LINE}
_coopctl coopctl "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await runBash(script);
  return stdout.split('\n').filter(Boolean);
}

describe('bash', () => {
  it('the script is valid bash and registers the function', async () => {
    await execFileP('bash', ['-n', join(dir, 'coopctl.bash')]);
    const { stdout } = await runBash(`source ${join(dir, 'coopctl.bash')}; complete -p coopctl`);
    expect(stdout.trim()).toBe('complete -F _coopctl coopctl');
  });

  it('coopctl reg → registration', async () => {
    expect(await bashComplete('coopctl', 'reg')).toEqual(['registration']);
  });

  it('coopctl registration → its subcommands', async () => {
    expect((await bashComplete('coopctl', 'registration', '')).sort()).toEqual([
      'cep',
      'delete-address',
      'save-address',
      'show',
      'update-contact',
    ]);
  });

  it('coopctl schedule book -- → its flags (--cd-local among them) and the global ones', async () => {
    const got = await bashComplete('coopctl', 'schedule', 'book', '--');
    expect(got).toEqual(
      expect.arrayContaining(['--cd-local', '--prest-cod-svc-card', '--dry-run', '--yes', '--output', '--help']),
    );
    expect(got.every((w) => w.startsWith('--'))).toBe(true);
  });

  it('the top level lists every group', async () => {
    expect(await bashComplete('coopctl', '')).toEqual(
      expect.arrayContaining([...Object.keys(areas), 'config', 'serve', 'openapi', 'api', 'completion']),
    );
  });

  it('global options are skipped with their values before the command', async () => {
    expect(await bashComplete('coopctl', '-o', 'json', '--timeout', '100', 'sch')).toEqual(['schedule']);
    expect(await bashComplete('coopctl', '--output', '=', 'json', 'sch')).toEqual(['schedule']);
  });

  it('closed choices of options: --output, --body, and catalogue fields', async () => {
    expect(await bashComplete('coopctl', '--output', '')).toEqual(['table', 'json', 'jsonl', 'csv']);
    expect(await bashComplete('coopctl', '-o', 'js')).toEqual(['json', 'jsonl']);
    expect(await bashComplete('coopctl', '--output', '=', '')).toEqual(['table', 'json', 'jsonl', 'csv']);
    expect(await bashComplete('coopctl', 'notify', 'send-all', '--body', '')).toEqual(['json', 'form']);
    const op = catalogue.find((o) => Object.values(o.params).some((f) => f.choices))!;
    const [name, field] = Object.entries(op.params).find(([, f]) => f.choices)!;
    expect(await bashComplete('coopctl', ...op.command, flagOf(name), '')).toEqual([...field.choices!]);
  });

  it('documented codes of an open code list: coopctl notify device register --dispositivo-tipo → 1 2 3', async () => {
    expect(await bashComplete('coopctl', 'notify', 'device', 'register', '--dispositivo-tipo', '')).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('positional choices: completion <shell>, api <METHOD> <path>, help <command>', async () => {
    expect(await bashComplete('coopctl', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(await bashComplete('coopctl', 'api', '')).toEqual(['GET', 'HEAD', 'POST']);
    expect((await bashComplete('coopctl', 'api', 'GET', '/api/svcweb/contrato/s')).sort()).toEqual([
      '/api/svcweb/contrato/search',
    ]);
    expect(await bashComplete('coopctl', 'help', 'sch')).toEqual(['schedule']);
  });

  it('a card number after the command does not count as a subcommand; flags still complete', async () => {
    expect(await bashComplete('coopctl', 'registration', 'show', '00010001000001005', '--d')).toEqual([
      '--data',
      '--dry-run',
    ]);
    expect(await bashComplete('coopctl', 'registration', 'show', '00010001000001005', '')).toEqual([]);
  });

  it('file options complete file names', async () => {
    const { stdout } = await runBash(`cd ${dir} && source ./coopctl.bash
COMP_WORDS=(coopctl registration show --data coopctl.ba); COMP_CWORD=4; _coopctl; printf '%s\\n' "\${COMPREPLY[@]}"`);
    expect(stdout.trim()).toBe('coopctl.bash');
  });
});

describe('zsh', () => {
  it('the script names the commands and flags and hooks into compdef', () => {
    const s = scripts['zsh']!;
    expect(s.startsWith('#compdef coopctl\n')).toBe(true);
    expect(s).toContain('compdef _coopctl coopctl');
    for (const op of catalogue) expect(s).toContain(`'${op.command.join(' ')}'`);
    expect(s).toContain('--cd-local');
    expect(s).toContain("'registration:beneficiary registration");
  });

  it('zsh -n accepts it, and its driver completes (compadd and _describe stubbed)', async () => {
    await execFileP('zsh', ['-n', join(dir, 'coopctl.zsh')]);
    const script = `compdef() { : }
_describe() { local arr=\${@[-1]}; print -l -- \${(P)arr} }
compadd() { [[ $1 == -a ]] && print -l -- \${(P)2} }
_files() { print -- '<files>' }
compset() { : }
source ${join(dir, 'coopctl.zsh')}
words=(coopctl registration ''); CURRENT=3; _coopctl; print -- '--'
words=(coopctl schedule book --); CURRENT=4; _coopctl; print -- '--'
words=(coopctl -o ''); CURRENT=3; _coopctl; print -- '--'
words=(coopctl registration show --data ''); CURRENT=5; _coopctl`;
    const { stdout } = await execFileP('zsh', ['-f', '-c', script]);
    const [subs, flags, choices, files] = stdout.split('--\n');
    expect(subs).toContain('delete-address:Delete an address');
    expect(flags).toContain('--cd-local:');
    expect(choices!.trim().split('\n')).toEqual(['table', 'json', 'jsonl', 'csv']);
    expect(files!.trim()).toBe('<files>');
  });
});

describe('the descriptions', () => {
  it("are in the run's language, --help and help included", async () => {
    expect(scripts['zsh']).toContain("'--help:display help for command'");
    expect(scripts['zsh']).toContain("'help:display help for command'");
    const pt = await h.run(['--lang', 'pt-BR', 'completion', 'zsh']);
    expect(pt.code, pt.stderr).toBe(0);
    expect(pt.stdout).toContain("'--help:mostra a ajuda do comando'");
    expect(pt.stdout).toContain("'help:mostra a ajuda de um comando'");
    expect(pt.stdout).toContain("'-o:formato da saída'");
    expect(pt.stdout).not.toContain('display help for command');
  });
});

describe('fish', () => {
  it('the script names the commands and flags', () => {
    const s = scripts['fish']!;
    expect(s).toContain("complete -c coopctl -n '__coopctl_in \\'registration\\' 0' -a 'delete-address'");
    expect(s).toContain('-l cd-local');
    expect(s).toContain("-s o -l output -x -a 'table json jsonl csv'");
  });

  it('fish -n accepts it, and `complete -C` completes', async () => {
    await execFileP('fish', ['-n', join(dir, 'coopctl.fish')]);
    const complete = async (line: string) => {
      const { stdout } = await execFileP('fish', [
        '--no-config',
        '-c',
        `source ${join(dir, 'coopctl.fish')}; complete -C '${line}'`,
      ]);
      return stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]);
    };
    expect(await complete('coopctl reg')).toEqual(['registration']);
    expect((await complete('coopctl registration ')).sort()).toEqual([
      'cep',
      'delete-address',
      'save-address',
      'show',
      'update-contact',
    ]);
    expect(await complete('coopctl schedule book --')).toContain('--cd-local');
    expect(await complete('coopctl -o json sch')).toEqual(['schedule']);
    expect(await complete('coopctl --output ')).toEqual(expect.arrayContaining(['table', 'json', 'jsonl', 'csv']));
  });
});
