/**
 * `--json field1,field2`: JSON output of the named fields only, as gh's
 * `--json` selects fields; `--json` alone keeps every field.
 *
 * commander would take whatever word follows `--json` as its value, and in
 * `coopctl --json registration show …` or `coopctl record allergies --json
 * 00010001000001005` that word is a command or a card. So before parsing,
 * `--json WORD` keeps WORD as fields only when WORD is a comma list of names
 * of which at least one is a field of the catalogue's answers (`nome`,
 * `cd_evento,data_consulta`, `nome,nomee`) and none a command word (`cep` is
 * both: write `--json=cep`); otherwise
 * `--json` stands alone and WORD stays where it was. `--json=…` is always
 * fields. The names are then checked against the command's own records
 * (json-select.ts): an unknown one is a usage error listing those it has
 * (exit 2, nothing sent).
 */
import { catalogue, type Operation } from '../../catalogue/index.js';
import { envelope } from '../../catalogue/records.js';

/** How a list of field names looks. */
const FIELD_LIST = /^[a-z][a-z0-9_]*(?:,[a-z][a-z0-9_]*)*$/;

/** Every field name of an operation's records: the envelope's (when it carries one), its fields, its nested groups. */
export function recordFields(op: Operation): string[] {
  const own = [...Object.keys(op.response.fields), ...Object.keys(op.response.groups ?? {})];
  return op.response.envelope === 'none' ? own : [...Object.keys(envelope), ...own];
}

let known: { fields: Set<string>; words: Set<string> } | undefined;

/** Whether the word after `--json` is a list of fields (and not a command word or a positional argument). */
function isFieldList(word: string | undefined): word is string {
  if (word === undefined || !FIELD_LIST.test(word)) return false;
  known ??= {
    fields: new Set(catalogue.flatMap(recordFields)),
    words: new Set(catalogue.flatMap((op) => op.command)),
  };
  const { fields, words } = known;
  const names = word.split(',');
  return names.some((name) => fields.has(name)) && !names.some((name) => words.has(name));
}

/** argv with each `--json` written `--json=fields` or `--json=` (all fields), so that commander takes no other word. */
export function jsonArgv(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  if (!options.includes('--json')) return [...argv];
  const out: string[] = [];
  for (let i = 0; i < options.length; i++) {
    if (options[i] !== '--json') {
      out.push(options[i]!);
      continue;
    }
    const next = options[i + 1];
    if (isFieldList(next)) i++;
    out.push(`--json=${isFieldList(next) ? next : ''}`);
  }
  return end === -1 ? out : [...out, ...argv.slice(end)];
}
