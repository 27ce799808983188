/**
 * What test/cli/languages.test.ts runs and looks for: coopctl in-process in a
 * language against a server, the command tree, calls the demo data does not
 * know, and each language's stop-list of the other's words in what is said.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { catalogue, sampleParams, type Lang, type Operation, type Params } from '../../src/catalogue/index.js';
import { makeContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/run/program.js';
import { RunState } from '../../src/cli/run/state.js';
import { runCli } from '../../src/cli/run/run.js';
import { DEMO_NOW } from '../helpers/demo-walk/index.js';
import { commandLine } from './argv.js';

/**
 * English words that a Portuguese run may not say (none is a command's word, a field's name or a demo value, nor a
 * Portuguese word: `for` is, `se ela não for`).
 */
const ENGLISH = [
  'must required digits? characters? the only give cannot understood expected received found failed',
  'refused said service invalid integer should please with without and or of is are not error warning',
  'result request answer missing unknown option argument nothing again here has have this that to',
  'in be been any already choose try later free slot card appointments? provider location device',
  'contract beneficiary address date time code type key value source',
]
  .join(' ')
  .split(' ');

/** Portuguese words that an English run may not say. */
const PORTUGUESE = [
  'deve obrigatório dígitos? caracteres informe não foi foram lidos? nenhuma? serviço disse solicitação',
  'falhou recusou erro aviso resultado encontrado válido inválido sem com para uma ou é está até já',
  'veja opção argumento desconhecid[oa] tem este esta deste neste nesta horário livre escolha outro',
  'tente novo mudou agendamentos? contrato beneficiário dispositivo endereço',
]
  .join(' ')
  .split(' ');

const stopList = (words: readonly string[]) => new RegExp(`(?<![\\p{L}_-])(${words.join('|')})(?![\\p{L}_-])`, 'iu');
export const STOP: Readonly<Record<Lang, RegExp>> = { 'pt-BR': stopList(ENGLISH), en: stopList(PORTUGUESE) };

/**
 * The values the catalogue declares (examples, the input forms it accepts, codes): the same in both languages,
 * whatever language their words are (`sim`, `não` are forms of an S/N field; `COM` a code).
 */
const VALUES = [
  ...new Set(
    catalogue.flatMap((op) =>
      Object.values(op.params).flatMap((f) => [
        f.example,
        ...(f.forms ?? []),
        ...(f.choices ?? []),
        ...Object.keys(f.suggestions ?? {}),
      ]),
    ),
  ),
].filter((v) => /\p{L}/u.test(v));
const escaped = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The declared values and the command tree's words (`contract`, `beneficiary`: the CLI's syntax, in any language). */
let DECLARED: RegExp;
export async function declare(): Promise<void> {
  const words = (await commandPaths()).flat();
  const all = [...new Set([...VALUES, ...words])].sort((a, b) => b.length - a.length);
  DECLARED = new RegExp(`(?<![\\p{L}@.-])(${all.map(escaped).join('|')})(?![\\p{L}-])`, 'gu');
}

/** What a run says, without what is not words of either language: values, paths, commands, protocol words. */
export function said(text: string): string {
  return (
    text
      // URLs, paths and command lines are the same in both languages.
      .replace(/https?:\/\/\S+/g, '')
      .replace(/(?<!\S)\/[\w./-]+/g, '')
      .replace(/(?:^|\s)(?:coopctl|node|source <\()\b[^\n;)]*/g, ' ')
      // Text in quotes is a value given or received; but the service's message, after its mark, is words to check.
      .replace(/(the service said|o serviço disse): "([^"\n]*)"/g, '$1: $2')
      .replace(/"[^"\n]*"|'[^'\n]*'/g, '')
      // An HTTP status line's reason phrase is the protocol's (`HTTP 404 Not Found`).
      .replace(/HTTP \d{3}(?: [A-Z][\w-]*)+/g, '')
      .replace(DECLARED, '')
  );
}

/** The configuration and state homes of the runs (a temporary folder). */
export const home = mkdtempSync(join(tmpdir(), 'coopctl-languages-'));

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs coopctl in-process in `lang` (by its locale), against `url` for both hosts; no terminal unless `terminal`. */
export async function run(
  lang: Lang,
  argv: readonly string[],
  url: string,
  env: Record<string, string> = {},
  terminal = false,
): Promise<Ran> {
  const stdout = new Capture();
  const stderr = new Capture();
  const ctx = makeContext({
    stdin: Readable.from([]),
    stdout,
    stderr,
    env: {
      LANG: lang === 'pt-BR' ? 'pt_BR.UTF-8' : 'C',
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      COOPCTL_BASE_URL: url,
      COOPCTL_TEST_BASE_URL: url,
      ...env,
    },
    tty: { stdin: false, stdout: terminal, stderr: false },
    ...(terminal ? { screen: { columns: 100 } } : {}),
    clock: {
      now: () => performance.now(),
      sleep: async () => undefined,
      random: () => 0.5,
      date: () => DEMO_NOW,
    },
  });
  const code = await runCli(argv, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Every command of the tree, as its words, the root first. */
export async function commandPaths(): Promise<string[][]> {
  const io = new PassThrough();
  const groups = ['registration', 'record', 'schedule', 'enrol', 'notify', 'config', 'serve', 'openapi', 'api'];
  const program = await buildProgram(new RunState(makeContext({ stdin: io, stdout: io, stderr: io, env: {} }), 'en'), [
    ...groups,
    'completion',
  ]);
  const walk = (cmd: Command, words: string[]): string[][] => [
    words,
    ...cmd.commands.flatMap((c) => walk(c, [...words, c.name()])),
  ];
  return walk(program, []);
}

/** A card of a valid check digit that no demo beneficiary holds. */
const UNKNOWN_CARD = '00010001999999001';

/** The parameters of a call that the demo data does not know: every id large, the card unknown. */
export function unknownOf(op: Operation, params: Params): Params {
  const out: Params = { ...params };
  for (const [name, f] of Object.entries(op.params)) {
    if (out[name] === undefined) continue;
    if (name === 'usuario_cartao') out[name] = UNKNOWN_CARD;
    else if (f.kind === 'int' && /_id$|^cd_|^prest_|^endereco_ind$/.test(name))
      out[name] = name === 'endereco_ind' ? '77' : '987654';
    else if (name === 'pushid') out[name] = 'no-such-device';
  }
  return out;
}

/** The parameters that break a rule across fields (checks.ts). */
export function breaking(op: Operation): Params[] {
  return (op.checks ?? []).map((check) => {
    const params = sampleParams(op);
    if (check.kind === 'later-same-day') return { ...params, [check.end]: params[check.start] };
    for (const name of check.names) delete params[name];
    return params;
  });
}

/** The argv of a call with `params`, a value flags cannot carry in --data. */
export function argvOf(op: Operation, params: Params, data: Params = {}): { argv: string[]; stdin?: string } {
  return {
    argv: [
      ...commandLine(op, params),
      ...(op.confirm ? ['--yes'] : []),
      ...(Object.keys(data).length ? ['--data', JSON.stringify(data)] : []),
    ],
  };
}

/** The words said in `r` that are of the other language, with the text that holds them (empty when there are none). */
export function foreign(lang: Lang, what: string, text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = STOP[lang].exec(said(line));
    if (m) out.push(`${what}: "${m[1]}" in: ${line}`);
  }
  return out;
}
