/**
 * Editing from the review screen: the section's answers offered by their
 * labels (in the run's language) with what they hold, and only the one chosen
 * asked again (its answer the default); or the documents, the health
 * declaration, or every question of the section. What was sent is not offered.
 */
import { operation, type Operation } from '../../../../catalogue/index.js';
import type { Choice } from '../../../prompter.js';
import { stepKey, text, type Answers, type PartName } from './answers.js';
import { askNames } from './ask.js';
import { askPart, FIELDS, type Asking } from './beneficiary.js';
import {
  askSection,
  CONTRACT,
  CONTRACT_MORE,
  PAYER_ADDRESS,
  PAYER_MORE,
  PAYER_PERSON,
  type Section,
} from './collect.js';
import { words as wizardWords } from './words.js';

/** A group of answers the clerk may change one by one: the request's operation, its answers, the questions' prefix. */
interface Group {
  readonly key: string;
  readonly op: Operation;
  readonly into: Answers;
  readonly prefix: string;
  readonly names: readonly string[];
}

/** The groups of answers of a section that were not sent; and the parts asked as a whole (documents, declaration). */
function groupsOf(a: Asking, section: Section): { groups: Group[]; parts: PartName[] } {
  const w = wizardWords[a.inv.lang];
  const { e } = a;
  if (section.kind === 'contract') {
    const op = operation('enrol.contract.create');
    const names = [...CONTRACT, ...CONTRACT_MORE];
    return { groups: [{ key: 'contract', op, into: e.contract, prefix: w.contractPrefix, names }], parts: [] };
  }
  if (section.kind === 'payer') {
    if (!e.payer) return { groups: [], parts: [] };
    const names = [...PAYER_PERSON, ...PAYER_ADDRESS, ...PAYER_MORE];
    return {
      groups: [{ key: 'payer', op: operation('enrol.payer'), into: e.payer, prefix: w.payerPrefix, names }],
      parts: [],
    };
  }
  const b = e.beneficiaries[section.index]!;
  const prefix = w.beneficiaryPrefix(section.index + 1, text(b.person['sexo']));
  const ops = {
    person: operation('enrol.beneficiary.add'),
    contact: operation('enrol.beneficiary.contact'),
    address: operation('enrol.beneficiary.address'),
  };
  const groups = (['person', 'contact', 'address'] as const)
    .filter((part) => !a.sent(stepKey(b, part)))
    .map((part) => ({
      key: part,
      op: ops[part],
      into: b[part],
      prefix,
      names: [...FIELDS[part].asked, ...FIELDS[part].more],
    }));
  return { groups, parts: ['documents', 'declaration'] };
}

/**
 * Asks which answer of `section` to change and asks only that one again
 * (a CEP with its street and district, which it looks up); the documents or
 * the declaration as a whole; or every question of the section.
 */
export async function editSection(asking: Asking, section: Section, title: string): Promise<void> {
  const a: Asking = { ...asking, editing: true };
  const { m } = a.inv;
  const w = wizardWords[m.common.lang];
  const { groups, parts } = groupsOf(a, section);
  // No answers to choose from (a payer not registered): the section's questions.
  if (groups.length === 0 && parts.length === 0) return askSection(a, section);
  const several = groups.length > 1;
  const choices: Choice<string>[] = groups.flatMap((g) =>
    g.names.map((name) => {
      const field = g.op.params[name]!;
      const value = g.into[name];
      const said = value === undefined ? '' : `: ${field.written?.(value) ?? text(value)}`;
      const where = several ? `${w.part(g.key as PartName)} · ` : '';
      return { name: `${where}${m.common.said(field.words.label)}${said}`, value: `${g.key}:${name}` };
    }),
  );
  for (const part of parts) choices.push({ name: w.part(part), value: part });
  choices.push({ name: w.everyAnswer, value: 'all' }, { name: w.editNone, value: '' });
  const picked = await a.inv.ctx.prompter.select({ message: w.whichAnswer(title), choices });
  if (picked === '') return;
  if (picked === 'all') return askSection(a, section);
  if (section.kind === 'beneficiary' && (picked === 'documents' || picked === 'declaration'))
    return askPart(a, section.index, picked);
  const [key, name] = picked.split(':') as [string, string];
  const g = groups.find((x) => x.key === key)!;
  // A new CEP offers its street and district as the next answers.
  const names = name === 'cep' && g.names.includes('logradouro') ? ['cep', 'logradouro', 'bairro'] : [name];
  await askNames(a.inv, { op: g.op, prefix: g.prefix, into: g.into }, names);
}
