/**
 * A fake enrolment service for the wizard's in-process tests: each write
 * answers the next id of its kind (contracts from 801, beneficiaries from 151,
 * contacts from 31, documents from 41, addresses from 51), and the tests pick
 * requests to refuse or to answer with something that is not an answer.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { operationAt } from '../../src/catalogue/index.js';
import type { Harness } from '../cli/harness.js';
import type { CannedReply, RecordedRequest } from '../helpers/fake-service.js';
import { fakePrompter, type FakePrompter, type Scripted } from './fake-prompter.js';

const CREATED: Readonly<Record<string, readonly [field: string, from: number]>> = {
  contrato: ['contrato_id', 800],
  beneficiario: ['beneficiario_id', 150],
  'beneficiario/contato': ['contato_id', 30],
  'beneficiario/documento': ['documento_id', 40],
  'beneficiario/endereco': ['endereco_id', 50],
};

/** What to do with a request instead of doing it: refuse it, or answer what is not an answer (no id comes back). */
export type Twist = 'refuse' | 'garbage' | CannedReply | undefined;

/** Answers each write with the next id of its kind; `twist` picks requests to refuse or garble (nothing is created then). */
export function enrolService(h: Harness, twist: (req: RecordedRequest, name: string) => Twist = () => undefined): void {
  const next: Record<string, number> = {};
  h.base.reply((req) => {
    const name = operationAt(req.url.pathname)!.name;
    const t = twist(req, name);
    if (t === 'refuse') return { json: [{ confirma_operacao: 4, mensagem_erro: `refused ${name}` }] };
    if (t === 'garbage') return { raw: '<html>proxy error</html>', headers: { 'content-type': 'text/html' } };
    if (t) return t;
    const created = CREATED[name];
    if (!created) return { json: [{ confirma_operacao: 1, mensagem_erro: '' }] };
    next[name] = (next[name] ?? created[1]) + 1;
    return { json: [{ confirma_operacao: 1, mensagem_erro: '', [created[0]]: next[name] }] };
  });
}

/** The requests the service received, by operation name, with their JSON bodies. */
export function received(h: Harness, from = 0): Array<{ name: string; body: Record<string, unknown> }> {
  return h.base.requests.slice(from).map((r) => ({
    name: operationAt(r.url.pathname)!.name,
    body: r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {},
  }));
}

export const TTY = { stdin: true, stdout: true, stderr: true };

/** The enrolment drafts in a state folder. */
export function draftsIn(state: string): string[] {
  const dir = join(state, 'coopctl', 'drafts');
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}

/** Runs the wizard on a "terminal" with a scripted prompter and drafts in `home` (XDG_STATE_HOME). */
export async function wizard(
  { h, home }: { readonly h: Harness; readonly home: string },
  script: readonly Scripted[],
  args: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string; prompter: FakePrompter }> {
  const prompter = fakePrompter(script);
  const r = await h.run(['--retries', '0', 'enrol', 'wizard', ...args], {
    tty: TTY,
    prompter,
    env: { NO_COLOR: '1', XDG_STATE_HOME: home },
  });
  return { ...r, prompter };
}
