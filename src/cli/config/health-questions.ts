/**
 * The `healthQuestions` setting: the texts of the questions of the
 * cooperative's health-declaration forms, which the interface cannot list
 * (it takes a form's and a question's numbers only). Written
 * `form.question=text` pairs (pairs.ts): `1.1=Tem alguma doença crônica?;
 * 1.2=Fez alguma cirurgia nos últimos 5 anos?`. The enrolment wizard shows a
 * question's text when the setting has it, and offers the number of a form's
 * questions it knows.
 */
import type { Wording } from '../exit-codes.js';
import { faultWording, parsePairs } from './pairs.js';

/** `formulario_id.pergunta_id` (as the spec bounds them: up to 5 and 10 digits). */
const KEY = /^(\d{1,5})\.(\d{1,10})$/;

/** A number as the service writes it, without leading zeros. */
const plain = (n: string) => n.replace(/^0+(?=\d)/, '');

/** A question's key, numbers without leading zeros: `01.2` → `1.2`. */
export function questionKey(form: string, question: string): string {
  return `${plain(form)}.${plain(question)}`;
}

/** Question key → text. */
export type HealthQuestions = ReadonlyMap<string, string>;

/** The question texts a setting's value holds, or what is wrong with it. */
export function parseHealthQuestions(value: string): ReturnType<typeof parsePairs> {
  return parsePairs(value, (raw) => {
    const m = KEY.exec(raw);
    return m ? questionKey(m[1]!, m[2]!) : undefined;
  });
}

/** The problem with a `healthQuestions` value, for the setting's check, in the run's words. */
export function healthQuestionsProblem(value: string): Wording | undefined {
  const parsed = parseHealthQuestions(value);
  if (parsed.ok) return undefined;
  return faultWording(
    parsed.fault,
    (m) => m.config.problems.healthQuestions,
    (m) => m.config.problems.healthQuestionTwice,
  );
}

/** How many questions of `form` the texts know (its highest question number), or 0. */
export function questionsOf(texts: HealthQuestions, form: string): number {
  const prefix = `${plain(form)}.`;
  let most = 0;
  for (const key of texts.keys()) if (key.startsWith(prefix)) most = Math.max(most, Number(key.slice(prefix.length)));
  return most;
}
