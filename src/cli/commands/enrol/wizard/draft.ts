/**
 * The enrolment wizard's draft (src/cli/drafts.ts keeps the files): the
 * answers, where the questions are, what was sent (each done step with the
 * id it created, and the step sent without an answer), and the service it
 * is sent to. Saved after each part asked, before and after each request,
 * and when the wizard stops (Ctrl-C, quitting at the review, a failed send);
 * removed when the enrolment is finished or discarded.
 */
import { draftsDir, listDrafts, newDraftPath, readDraft, writeDraft } from '../../../drafts.js';
import { UsageError } from '../../../exit-codes.js';
import { formatIsoDate, type Messages } from '../../../i18n/index.js';
import type { Io } from '../../../capabilities.js';
import * as z from 'zod';
import { type Progress, progressSchema } from '../../../enrol/draft.js';
import { enrolmentSchema, nameOf, sexOf, text, type Enrolment } from './answers.js';
import { words as wizardWords } from './words.js';
import { words as draftWords } from '../../../enrol/draft-words.js';

export const DRAFT_KIND = 'enrol-wizard';
export const RESUME = 'coopctl enrol wizard --resume';

/** A wizard run's state: what the draft holds, and where it is. */
export interface WizardState {
  readonly path: string;
  readonly e: Enrolment;
  readonly progress: Progress;
  /** The base URL of the enrolment operations: a draft with requests sent goes on only there. */
  service: string;
}

const draftSchema = z.object({ service: z.string(), enrolment: enrolmentSchema, progress: progressSchema });

export function newState(inv: Io, e: Enrolment, service: string): WizardState {
  return { path: newDraftPath(inv.ctx.env, DRAFT_KIND), e, progress: { done: {} }, service };
}

export function saveState(s: WizardState): void {
  writeDraft(s.path, DRAFT_KIND, { service: s.service, enrolment: s.e, progress: s.progress });
}

/** The state a draft holds; a UsageError naming the file and its first problems when it is not one. */
export function loadState(m: Messages, path: string): WizardState & { readonly saved: Date } {
  const draft = readDraft(m, path, DRAFT_KIND);
  const parsed = draftSchema.safeParse(draft.data);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(draft)'}: ${i.message}`)
      .join('; ');
    throw new UsageError(draftWords[m.common.lang].unreadable(path, where));
  }
  const { service, enrolment, progress } = parsed.data as { service: string; enrolment: Enrolment; progress: Progress };
  const c = enrolment.asking;
  // A place past the beneficiaries (an edited draft): go on with "add another?".
  if (c?.at === 'beneficiary' && c.index >= enrolment.beneficiaries.length) enrolment.asking = { at: 'more' };
  return { path, e: enrolment, progress, service, saved: draft.saved };
}

/** `2026-05-02 14:03` in local time. */
export function localTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A draft in one line: when it was saved, the contract, the beneficiaries, what was sent. */
export function draftLine(inv: Io, s: WizardState & { readonly saved: Date }): string {
  const said = draftWords[inv.lang];
  const contract = s.e.existing ?? s.progress.done['contract']?.id;
  const names = s.e.beneficiaries.map((b, i) => nameOf(b) ?? wizardWords[inv.lang].stepBeneficiary(i + 1, sexOf(b)));
  const sent = Object.keys(s.progress.done).length;
  const payerName = text(s.e.payer?.['nome']).trim();
  return [
    said.saved(formatIsoDate(inv.lang, localTime(s.saved))),
    contract === undefined ? said.newContract : said.contract(contract),
    ...(payerName ? [said.payer(payerName)] : []),
    names.length ? names.join(', ') : said.noBeneficiaryYet,
    sent ? said.requestsSent(sent) : said.nothingSent,
  ].join(' · ');
}

/** The draft to resume: the only one, or the one picked; exit 2 when there is none. */
export async function pickDraft(inv: Io): Promise<WizardState & { readonly saved: Date }> {
  const paths = listDrafts(inv.ctx.env, DRAFT_KIND);
  const said = draftWords[inv.lang];
  if (paths.length === 0) throw new UsageError(said.noDraft(draftsDir(inv.ctx.env)), 'coopctl enrol wizard --help');
  if (paths.length === 1) return loadState(inv.m, paths[0]!);
  const lines = paths.map((path) => {
    try {
      return draftLine(inv, loadState(inv.m, path));
    } catch (err) {
      return said.unreadableLine((err as Error).message);
    }
  });
  const path = await inv.ctx.prompter.select({
    message: said.whichDraft,
    choices: paths.map((value, i) => ({ name: lines[i]!, value })),
  });
  return loadState(inv.m, path);
}

/** A note at the start of a new enrolment when drafts are waiting. */
export function draftsWaiting(inv: Io): string | undefined {
  const n = listDrafts(inv.ctx.env, DRAFT_KIND).length;
  if (n === 0) return undefined;
  return draftWords[inv.lang].waiting(n, RESUME);
}
