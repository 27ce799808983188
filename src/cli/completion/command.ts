/**
 * `coopctl completion bash|zsh|fish`: prints a completion script for the
 * whole command tree (commands, subcommands, flags, closed choices of flags
 * and arguments, file names where a flag or argument takes a file). The
 * script is static: it is generated from this version's tree, so regenerate
 * it after an upgrade; pressing TAB starts no process.
 */
import type { Command } from 'commander';
import { catalogue } from '../../catalogue/index.js';
import { apiMethods } from '../api/command.js';
import { ExitCode } from '../exit-codes.js';
import { defineCommand, type ProgramBuilder } from '../commands/command-def.js';
import type { ArgDecl } from '../flags/positional.js';
import { RunState } from '../run/state.js';
import { fishScript } from './fish.js';
import { completionTree, type CompletionTree } from './model.js';
import { bashScript, zshScript } from './posix.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

/** The shell to write the script for. */
const shellArgs = [
  { name: () => 'shell', help: (m) => m.commandsHelp.completion.shell, choices: shells },
] as const satisfies readonly ArgDecl[];

/** The tree of every command, built afresh with every group (the running program has only the groups its argv named). */
export async function fullTree(
  build: ProgramBuilder,
  run: Pick<RunState, 'ctx' | 'lang'>,
  root: Command,
): Promise<CompletionTree> {
  const fresh = new RunState(run.ctx, run.lang);
  const program = await build(
    fresh,
    root.commands.map((c) => c.name()),
  );
  const paths = [...new Set(catalogue.map((op) => op.path))];
  return completionTree(program, fresh.m.help, { api: [apiMethods, paths] });
}

export function script(shell: Shell, tree: CompletionTree): string {
  return shell === 'bash' ? bashScript(tree) : shell === 'zsh' ? zshScript(tree) : fishScript(tree);
}

export const completionCommand = defineCommand({
  words: ['completion'],
  args: shellArgs,
  examples: (m) => [
    { command: 'source <(coopctl completion bash)', note: m.commandsHelp.completion.thisShell },
    {
      command:
        'mkdir -p ~/.local/share/bash-completion/completions && coopctl completion bash > ~/.local/share/bash-completion/completions/coopctl',
      note: m.commandsHelp.completion.bashEvery,
    },
    { command: 'mkdir -p ~/.zfunc && coopctl completion zsh > ~/.zfunc/_coopctl', note: m.commandsHelp.completion.zsh },
    {
      command:
        'mkdir -p ~/.config/fish/completions && coopctl completion fish > ~/.config/fish/completions/coopctl.fish',
      note: m.commandsHelp.completion.fish,
    },
  ],
  notes: (m) => [m.commandsHelp.completion.note],
  async run(io, [shell], _flags, group, { program }) {
    let root = group;
    while (root.parent) root = root.parent;
    io.out(script(shell, await fullTree(program, io, root)));
    return ExitCode.ok;
  },
});
