/**
 * Completion scripts for bash and zsh. Both share the data functions (plain
 * `case` statements, valid in either shell) and the walk that reads the words
 * typed so far: which command they name, and how many positional arguments
 * follow it. Each shell then has its own small driver.
 */
import { shellQuote } from '../output/shell.js';
import type { CompletionNode, CompletionOption, CompletionTree } from './model.js';

const key = (n: CompletionNode) => shellQuote(n.words.join(' '));
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function caseFunction(
  name: string,
  comment: string,
  subject: string,
  branches: Array<[pattern: string, body: string]>,
  fallback: string,
): string {
  const lines = [`# ${comment}`, `${name}() {`, `  case ${subject} in`];
  for (const [pattern, body] of branches) lines.push(`    ${pattern}) ${body} ;;`);
  lines.push(`  esac`, `  ${fallback}`, '}');
  return lines.join('\n');
}

const words = (list: readonly string[]) => (list.length ? `echo ${list.map(shellQuote).join(' ')}` : 'echo');
const describeLines = (items: Array<[string, string]>) =>
  items.length ? `printf '%s\\n' ${items.map(([name, d]) => shellQuote(`${name}:${oneLine(d)}`)).join(' ')}` : ':';

function optionsOf(tree: CompletionTree, n: CompletionNode): CompletionOption[] {
  return [...n.options, ...tree.globals];
}

/** Subcommands and options of each command, and which options take a value. */
function commandFunctions(tree: CompletionTree): string[] {
  const { nodes } = tree;
  return [
    caseFunction(
      '_coopctl_subs',
      'subcommands of a command ("" is coopctl itself)',
      '"$1"',
      nodes.filter((n) => n.subcommands.length).map((n) => [key(n), words(n.subcommands.map((s) => s.words.at(-1)!))]),
      'return 0',
    ),
    caseFunction(
      '_coopctl_opts',
      "options of a command, the program's included",
      '"$1"',
      nodes.map((n) => [key(n), words(optionsOf(tree, n).flatMap((o) => o.names))]),
      'return 0',
    ),
    caseFunction(
      '_coopctl_takes_value',
      'whether an option takes a value',
      '"$1"',
      tree.valueNames.length ? [[tree.valueNames.map(shellQuote).join('|'), 'return 0']] : [],
      'return 1',
    ),
  ];
}

/** The closed choices of options, and which options take a file name. */
function optionValueFunctions(tree: CompletionTree): string[] {
  const choiceBranches: Array<[string, string]> = [];
  const fileBranches: string[] = [];
  const add = (pattern: string, o: CompletionOption) => {
    if (o.choices.length) choiceBranches.push([pattern, words(o.choices)]);
    if (o.file) fileBranches.push(pattern);
  };
  for (const n of tree.nodes)
    for (const o of n.options) add(o.names.map((name) => shellQuote(`${n.words.join(' ')}|${name}`)).join('|'), o);
  for (const o of tree.globals) add(o.names.map((name) => `*${shellQuote(`|${name}`)}`).join('|'), o);
  return [
    caseFunction(
      '_coopctl_choices',
      'closed choices of an option: _coopctl_choices COMMAND OPTION',
      '"$1|$2"',
      choiceBranches,
      'return 0',
    ),
    caseFunction(
      '_coopctl_file',
      'whether an option takes a file name: _coopctl_file COMMAND OPTION',
      '"$1|$2"',
      fileBranches.length ? [[fileBranches.join('|'), 'return 0']] : [],
      'return 1',
    ),
  ];
}

/** The candidates of positional arguments, and which are file names. */
function argumentFunctions(tree: CompletionTree): string[] {
  const argBranches: Array<[string, string]> = [];
  const argFiles: string[] = [];
  for (const n of tree.nodes) {
    for (const [i, a] of n.args.entries()) {
      const pattern = shellQuote(`${n.words.join(' ')}|${i}`);
      if (a.choices.length) argBranches.push([pattern, words(a.choices)]);
      if (a.file) argFiles.push(pattern);
    }
  }
  return [
    caseFunction(
      '_coopctl_args',
      'candidates of a positional argument: _coopctl_args COMMAND INDEX',
      '"$1|$2"',
      argBranches,
      'return 0',
    ),
    caseFunction(
      '_coopctl_argfile',
      'whether a positional argument is a file name',
      '"$1|$2"',
      argFiles.length ? [[argFiles.join('|'), 'return 0']] : [],
      'return 1',
    ),
  ];
}

const WALK = `# reads the words after "coopctl" up to the cursor: sets _coopctl_node (the command) and _coopctl_nargs (positional arguments after it)
_coopctl_walk() {
  _coopctl_node=''
  _coopctl_nargs=0
  local w skip=0
  for w in "$@"; do
    # bash splits --option=value into --option, =, value
    if [ "$w" = '=' ]; then skip=1; continue; fi
    if [ "$skip" -eq 1 ]; then skip=0; continue; fi
    case "$w" in
      --*=*) continue ;;
      -?*) if _coopctl_takes_value "$w"; then skip=1; fi; continue ;;
    esac
    if [ "$_coopctl_nargs" -eq 0 ]; then
      case " $(_coopctl_subs "$_coopctl_node") " in
        *" $w "*) _coopctl_node="\${_coopctl_node:+$_coopctl_node }$w"; continue ;;
      esac
    fi
    _coopctl_nargs=$((_coopctl_nargs + 1))
  done
}`;

/** The data and the walk, in the common subset of bash and zsh. */
export function posixData(tree: CompletionTree): string {
  return [...commandFunctions(tree), ...optionValueFunctions(tree), ...argumentFunctions(tree), WALK].join('\n\n');
}

/** zsh only: names with their descriptions. */
export function zshDescriptions(tree: CompletionTree): string {
  const subs = tree.nodes
    .filter((n) => n.subcommands.length)
    .map((n): [string, string] => [key(n), describeLines(n.subcommands.map((s) => [s.words.at(-1)!, s.description]))]);
  const opts = tree.nodes.map((n): [string, string] => [
    key(n),
    describeLines(optionsOf(tree, n).flatMap((o) => o.names.map((name): [string, string] => [name, o.description]))),
  ]);
  return [
    caseFunction(
      '_coopctl_subdesc',
      'subcommands with their descriptions, one "name:description" a line',
      '"$1"',
      subs,
      'return 0',
    ),
    caseFunction(
      '_coopctl_optdesc',
      'options with their descriptions, one "name:description" a line',
      '"$1"',
      opts,
      'return 0',
    ),
  ].join('\n\n');
}

export function bashScript(tree: CompletionTree): string {
  return `# bash completion for coopctl (generated by \`coopctl completion bash\`; regenerate after upgrading coopctl)
# Load it now:           source <(coopctl completion bash)
# Load it in every shell: coopctl completion bash > ~/.local/share/bash-completion/completions/coopctl

${posixData(tree)}

_coopctl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev='' opt='' node candidates=''
  [ "$COMP_CWORD" -ge 2 ] && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  _coopctl_walk "\${COMP_WORDS[@]:1:COMP_CWORD-1}"
  node="$_coopctl_node"
  if [ "$cur" = '=' ]; then
    opt="$prev"; cur=''
  elif [ "$prev" = '=' ] && [ "$COMP_CWORD" -ge 3 ]; then
    opt="\${COMP_WORDS[COMP_CWORD-2]}"
  elif [ -n "$prev" ] && _coopctl_takes_value "$prev"; then
    opt="$prev"
  fi
  if [ -n "$opt" ]; then
    if _coopctl_file "$node" "$opt"; then
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$(_coopctl_choices "$node" "$opt")" -- "$cur"))
    fi
    return 0
  fi
  case "$cur" in
    -*) COMPREPLY=($(compgen -W "$(_coopctl_opts "$node")" -- "$cur")); return 0 ;;
  esac
  [ "$_coopctl_nargs" -eq 0 ] && candidates="$(_coopctl_subs "$node")"
  candidates="$candidates $(_coopctl_args "$node" "$_coopctl_nargs")"
  if [ -z "\${candidates// /}" ] && _coopctl_argfile "$node" "$_coopctl_nargs"; then
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
    return 0
  fi
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
  return 0
}

complete -F _coopctl coopctl
`;
}

export function zshScript(tree: CompletionTree): string {
  return `#compdef coopctl
# zsh completion for coopctl (generated by \`coopctl completion zsh\`; regenerate after upgrading coopctl)
# Load it now (after compinit):  source <(coopctl completion zsh)
# Load it in every shell:        coopctl completion zsh > "\${fpath[1]}/_coopctl"

${posixData(tree)}

${zshDescriptions(tree)}

_coopctl() {
  local cur="\${words[CURRENT]}" opt='' node
  local -a subs args opts vals
  _coopctl_walk "\${(@)words[2,CURRENT-1]}"
  node="$_coopctl_node"
  if [[ "$cur" == --*=* ]]; then
    opt="\${cur%%=*}"
    compset -P '*='
  elif (( CURRENT > 2 )) && _coopctl_takes_value "\${words[CURRENT-1]}"; then
    opt="\${words[CURRENT-1]}"
  fi
  if [[ -n "$opt" ]]; then
    if _coopctl_file "$node" "$opt"; then
      _files
    else
      vals=(\${=$(_coopctl_choices "$node" "$opt")})
      (( \${#vals} )) && compadd -a vals
    fi
    return
  fi
  if [[ "$cur" == -* ]]; then
    opts=(\${(f)"$(_coopctl_optdesc "$node")"})
    _describe -t options 'option' opts
    return
  fi
  (( _coopctl_nargs == 0 )) && subs=(\${(f)"$(_coopctl_subdesc "$node")"})
  args=(\${=$(_coopctl_args "$node" "$_coopctl_nargs")})
  if (( \${#subs} == 0 && \${#args} == 0 )); then
    _coopctl_argfile "$node" "$_coopctl_nargs" && _files
    return
  fi
  (( \${#subs} )) && _describe -t commands 'command' subs
  (( \${#args} )) && compadd -a args
  return 0
}

if [ "$funcstack[1]" = "_coopctl" ]; then
  _coopctl "$@"
else
  compdef _coopctl coopctl
fi
`;
}
