/** The answers of the booking wizard (`coopctl schedule book`) from the date on, for the fake prompter. */
import { type Answer, ENTER, type Scripted } from './fake-prompter.js';

/** Answers to the contact questions; Enter (the default) takes what is offered. */
export interface ContactAnswers {
  readonly email?: Answer;
  readonly mobile?: Answer;
  readonly address?: Answer;
}

/**
 * The date and time (the first ones offered, or `date`), the contact
 * questions, then whether to book: the questions the wizard asks once the
 * provider and the location are known.
 */
export function fromDateOn(book: Answer, contact: ContactAnswers = {}, date: Answer = ENTER): Scripted[] {
  return [
    { q: 'Date', a: date },
    { q: 'Time on', a: ENTER },
    { q: '[ds_email]', a: contact.email ?? ENTER },
    { q: '[nr_ddd_celular nr_celular]', a: contact.mobile ?? ENTER },
    { q: '[ds_endereco]', a: contact.address ?? ENTER },
    { q: 'Book this appointment?', a: book },
  ];
}
