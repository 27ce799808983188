/**
 * Every word the CLI shows a person comes from the message catalogue
 * (src/cli/i18n) or a command group's words module (src/cli/batch/words.ts…,
 * test/cli/words-modules.ts finds them): this test parses every other source file of src/cli with
 * the TypeScript compiler and reports each string literal, plain template and
 * template expression that reads like words for a person and is not in the
 * allow-list below (each entry says why its text is not a message).
 *
 * A text is reported when
 * - it holds three words in a row (`words for a person`), or
 * - it holds a word and is written where a person reads it: the argument of
 *   what writes to stdout/stderr (`inv.say/info/warn/notice/out`, a stream's
 *   `write`, `console.*`), of an error (`new UsageError`, `new Error`), of a
 *   commander description (`.description`, `.summary`, an option's or an
 *   argument's description, `addNote`), or the value of a `message`,
 *   `description`, `hint`, `note`, `label` or `title` property.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { groupWordsModules } from './words-modules.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'src', 'cli');
const CATALOGUE = join(CLI, 'i18n') + sep;

/** Three words in a row (the first may be capitalised). */
const WORDS = /[A-Za-zÀ-ÿ]{2,}[ ,;:]+[a-zà-ÿ]{2,}[ ,;:]+[a-zà-ÿ]{2,}/;
/** One word of at least two letters. */
const WORD = /[A-Za-zÀ-ÿ]{2,}/;

/** Calls whose arguments a person reads: `x.say(…)`, `stderr.write(…)`, `new UsageError(…)`… (name → which arguments). */
const SINK_CALLS: Readonly<Record<string, 'all' | number>> = {
  say: 'all',
  info: 'all',
  warn: 'all',
  notice: 0,
  out: 'all',
  write: 0,
  log: 'all',
  error: 'all',
  description: 'all',
  summary: 'all',
  addNote: 1,
  addHelpText: 1,
  option: 1,
  requiredOption: 1,
  argument: 1,
};
const SINK_NEW: Readonly<Record<string, number>> = { UsageError: 0, Error: 0, Option: 1, Argument: 1 };
const SINK_PROPERTIES = new Set(['message', 'description', 'hint', 'note', 'label', 'title']);

interface Finding {
  readonly file: string;
  readonly line: number;
  /** The text, a template's substitutions written `…`. */
  readonly text: string;
}

/** A literal's text, a template's substitutions written `gap`. */
function textOf(node: ts.Node, gap = '…'): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => gap + s.literal.text).join('');
  return undefined;
}

/** `bookWizard`: a key of the catalogue named where its text goes, not words. */
const KEY = /^[a-z]+(?:[A-Z][a-z\d]*)+$/;

/** Whether a text reads like words for a person; `shown` when it is written where a person reads it. */
function wordy(node: ts.Node, shown: boolean): boolean {
  const text = textOf(node, ' ')!;
  return WORDS.test(text) || (shown && WORD.test(text) && !KEY.test(text));
}

/** The texts an expression shows as they are: itself, the branches of `?:`, `??`, `||`, `+`; not what a call makes of its arguments. */
function shownTexts(node: ts.Expression, into: ts.Node[]): void {
  if (textOf(node) !== undefined) into.push(node);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) shownTexts(node.expression, into);
  else if (ts.isConditionalExpression(node)) {
    shownTexts(node.whenTrue, into);
    shownTexts(node.whenFalse, into);
  } else if (ts.isBinaryExpression(node)) {
    shownTexts(node.left, into);
    shownTexts(node.right, into);
  } else if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) shownTexts(span.expression, into);
}

const calleeName = (e: ts.Expression): string | undefined =>
  ts.isPropertyAccessExpression(e) ? e.name.text : ts.isIdentifier(e) ? e.text : undefined;

/** The texts of `source` (a file of src/cli, path relative to the repository) that read like words for a person. */
function scan(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const shown = new Set<ts.Node>();
  const sinkArgs = (args: readonly ts.Expression[] | undefined, which: 'all' | number | undefined) => {
    if (!args || which === undefined) return;
    const picked = which === 'all' ? args : args.slice(which, which + 1);
    const into: ts.Node[] = [];
    for (const a of picked) shownTexts(a, into);
    for (const n of into) shown.add(n);
  };
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name !== undefined && Object.hasOwn(SINK_CALLS, name)) sinkArgs(node.arguments, SINK_CALLS[name]);
    } else if (ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      if (name !== undefined && Object.hasOwn(SINK_NEW, name)) sinkArgs(node.arguments, SINK_NEW[name]);
    } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && SINK_PROPERTIES.has(node.name.text)) {
      sinkArgs([node.initializer], 0);
    }
    const text = textOf(node);
    if (text !== undefined && wordy(node, shown.has(node)))
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A command group's own words modules (src/cli/batch/words.ts…): messages, as the catalogue's are. */
const wordsModules = new Set(groupWordsModules());

function cliSources(): Array<{ file: string; source: string }> {
  return readdirSync(CLI, { recursive: true, encoding: 'utf8' })
    .map((f) => join(CLI, f))
    .filter((p) => p.endsWith('.ts') && !p.startsWith(CATALOGUE))
    .sort()
    .map((p) => ({ file: relative(ROOT, p).split(sep).join('/'), source: readFileSync(p, 'utf8') }))
    .filter(({ file }) => !wordsModules.has(file));
}

interface Allowed {
  readonly file: string;
  /** The exact text (a template's substitutions written `…`), or a pattern of it. */
  readonly text: string | RegExp;
  readonly why: string;
}

const COMMAND_LINE =
  'a command line (a help example, or a hint after a message worded by the catalogue): the same in every language';
const SHELL = 'code of the generated shell completion script (a comment in it), read by the shell, not a message';
const PREFIX = "the command's name opening a line whose words come from the catalogue: the same in every language";
const INTERNAL = 'an internal error, caught before anyone sees it or a bug in coopctl itself (reported as unexpected)';

const commands = (file: string, ...texts: string[]): Allowed[] =>
  texts.map((text) => ({ file, text, why: COMMAND_LINE }));
const shell = (file: string, ...texts: Array<string | RegExp>): Allowed[] =>
  texts.map((text) => ({ file, text, why: SHELL }));

/** The texts that read like words but are not messages, and why. */
const allowed: readonly Allowed[] = [
  ...commands(
    'src/cli/batch/command.ts',
    'coopctl enrol batch members.csv --dry-run',
    'coopctl enrol batch members.csv --concurrency 8 -o json',
  ),
  ...commands('src/cli/batch/input.ts', 'coopctl enrol batch --help'),
  ...['src/cli/batch/earlier-runs.ts', 'src/cli/batch/send.ts', 'src/cli/batch/run.ts'].map((file) => ({
    file,
    text: 'enrol batch: …',
    why: PREFIX,
  })),
  { file: 'src/cli/batch/send.ts', text: 'enrol batch …', why: PREFIX },
  {
    file: 'src/cli/batch/step-hash.ts',
    text: 'coopctl journal key id',
    why: 'the fixed text whose HMAC names the journal key: data that no one reads, never shown',
  },
  { file: 'src/cli/batch/send.ts', text: 'enrol batch', why: "the progress bar's label: the command's name" },
  { file: 'src/cli/enrol/journal.ts', text: 'not an entry', why: `${INTERNAL}: a journal line that is not an entry` },
  {
    file: 'src/cli/flags/positional.ts',
    text: 'argument … is not of its declared type: …',
    why: `${INTERNAL}: an argument declared without its parser or choices`,
  },
  ...commands('src/cli/commands/enrol/wizard.ts', 'coopctl enrol wizard', 'coopctl enrol wizard --contrato-id 6'),
  ...commands('src/cli/commands/enrol/wizard/draft.ts', 'coopctl enrol wizard --resume', 'coopctl enrol wizard --help'),
  ...commands('src/cli/commands/enrol/wizard/run.ts', 'coopctl enrol wizard --help', 'coopctl enrol wizard'),
  {
    file: 'src/cli/commands/enrol/wizard/run.ts',
    text: '--contrato-id: …',
    why: "the option's name opening the rule's problem, worded by the catalogue",
  },
  ...commands(
    'src/cli/commands/enrol/wizard/submit.ts',
    'coopctl enrol contract search --contrato-id …',
    'coopctl enrol contract search',
  ),
  ...commands(
    'src/cli/audit/command.ts',
    'coopctl audit purge --help',
    'coopctl audit purge --older-than 180',
    'coopctl audit verify',
  ),
  ...commands('src/cli/backup/command.ts', 'coopctl backup coopctl-backup.db'),
  ...commands('src/cli/commands/record/summary.ts', 'coopctl record summary --help', 'coopctl record summary …'),
  ...commands('src/cli/commands/schedule/book.ts', 'coopctl schedule book …'),
  ...commands(
    'src/cli/serve/admin.ts',
    'coopctl serve admin --help',
    'coopctl serve admin snapshot clean',
    'coopctl serve admin restore clean',
    'coopctl serve admin load fixtures.json',
    'coopctl serve admin reset',
    'coopctl serve journal --limit 20',
    'coopctl serve journal --operation schedule.book --json',
    'coopctl serve journal --card 00010001000001005 --since 2026-12-01T09:00:00Z',
  ),
  ...commands(
    'src/cli/commands/schedule/book/providers.ts',
    "coopctl config set providers '9001=Clínica Geral; 9002=Cardiologia'",
  ),
  {
    file: 'src/cli/commands/specs.ts',
    text: 'two command modules for …',
    why: `${INTERNAL}: a module registered twice`,
  },
  {
    file: 'src/cli/commands/command-def.ts',
    text: '… declares no inputs',
    why: `${INTERNAL}: a command's run asking for the inputs its declaration does not give`,
  },
  ...commands(
    'src/cli/completion/command.ts',
    'source <(coopctl completion bash)',
    'mkdir -p ~/.local/share/bash-completion/completions && coopctl completion bash > ~/.local/share/bash-completion/completions/coopctl',
    'mkdir -p ~/.zfunc && coopctl completion zsh > ~/.zfunc/_coopctl',
    'mkdir -p ~/.config/fish/completions && coopctl completion fish > ~/.config/fish/completions/coopctl.fish',
  ),
  ...shell(
    'src/cli/completion/fish.ts',
    '# fish completion for coopctl (generated by `coopctl completion fish`; regenerate after upgrading coopctl)',
    '# Load it now:            coopctl completion fish | source',
    '# Load it in every shell: coopctl completion fish > ~/.config/fish/completions/coopctl.fish',
    /^# the command named by the words before the cursor, and how many positional arguments follow it/,
    '# true when the cursor is in command $argv[1] (at positional argument $argv[2] when given)',
    '# subcommands of a command ("" is coopctl itself), one a line',
    '# whether an option takes a value',
  ),
  ...shell(
    'src/cli/completion/posix.ts',
    'subcommands of a command ("" is coopctl itself)',
    "options of a command, the program's included",
    'whether an option takes a value',
    'closed choices of an option: _coopctl_choices COMMAND OPTION',
    'whether an option takes a file name: _coopctl_file COMMAND OPTION',
    'whether a positional argument is a file name',
    /^# reads the words after "coopctl" up to the cursor: sets _coopctl_node \(the command\)/,
    'subcommands with their descriptions, one "name:description" a line',
    'options with their descriptions, one "name:description" a line',
    /^# bash completion for coopctl \(generated by `coopctl completion bash`;/,
    /^#compdef coopctl\n# zsh completion for coopctl \(generated by `coopctl completion zsh`;/,
  ),
  {
    file: 'src/cli/config/command.ts',
    text: 'config set token',
    why: 'the command named as what reads stdin (in the catalogue’s “cannot read” and “stdin twice” errors)',
  },
  ...['src/cli/config/command.ts', 'src/cli/config/settings.ts'].map((file) => ({
    file,
    text: 'the command line',
    why: "a setting's origin as `config list --json` writes it in every language; people read m.config.origin",
  })),
  ...commands(
    'src/cli/config/command.ts',
    'coopctl config path',
    'coopctl config list',
    'coopctl config list --json',
    'coopctl config get baseUrl',
    'coopctl config set lang pt-BR',
    'coopctl config set baseUrl https://services.example.coop --profile prod',
    'coopctl config unset lang',
  ),
  ...commands('src/cli/config/credentials.ts', 'coopctl …config set … <url>'),
  ...commands('src/cli/openapi/command.ts', 'COOPCTL_BASE_URL=https://api.example.org coopctl openapi -o jsonl'),
  ...commands(
    'src/cli/run/program.ts',
    'coopctl registration show 00010001000001005',
    'coopctl --lang pt-BR record summary 00010001000001005',
    'coopctl schedule dates --cd-local 101 --prest-cod-svc-card 9001',
    'coopctl enrol contract search --json',
  ),
  {
    file: 'src/cli/prompter.ts',
    text: 'No results found',
    why: "@inquirer/search's own English words, the key of their replacement from the catalogue",
  },
];

const matches = (a: Allowed, f: Finding) =>
  a.file === f.file && (typeof a.text === 'string' ? a.text === f.text : a.text.test(f.text));
/** `file:line: text`, the text's first line. */
const shown = (f: Finding) => `${f.file}:${f.line}: ${f.text.split('\n')[0]}`;

const findings = cliSources().flatMap(({ file, source }) => scan(file, source));

describe('user-facing strings', () => {
  it("are all in the message catalogue (src/cli/i18n) or a group's words module, but the ones allowed for a stated reason", () => {
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((f) => !allowed.some((a) => matches(a, f))).map(shown)).toEqual([]);
  });

  it('are allowed only for a reason, and every allowed text is still there', () => {
    for (const a of allowed) expect(a.why.length, `${a.file}: ${String(a.text)}`).toBeGreaterThan(20);
    expect(
      allowed.filter((a) => !findings.some((f) => matches(a, f))).map((a) => `${a.file}: ${String(a.text)}`),
    ).toEqual([]);
  });

  it('are found in a sentence of three words, and in a shorter text written where a person reads it', () => {
    const source = [
      "inv.say('hello there friend');",
      "inv.warn('Done');",
      `ctx.stderr.write(\`\${n} rows\\n\`);`,
      "throw new UsageError(ok ? 'bad value' : m.x);",
      "cmd.description('Lists things');",
      "cmd.option('--all', 'everything');",
      "const q = { message: 'Card?' };",
      "inv.info(m.said('two words'));",
      "const id = 'op.id';",
      "addExamples(cmd, [{ command: 'coopctl x', note: 'bookWizard' }]);",
      "inv.out('\\n');",
    ].join('\n');
    expect(scan('src/cli/x.ts', source).map(shown)).toEqual([
      'src/cli/x.ts:1: hello there friend',
      'src/cli/x.ts:2: Done',
      'src/cli/x.ts:3: … rows',
      'src/cli/x.ts:4: bad value',
      'src/cli/x.ts:5: Lists things',
      'src/cli/x.ts:6: everything',
      'src/cli/x.ts:7: Card?',
    ]);
  });
});
