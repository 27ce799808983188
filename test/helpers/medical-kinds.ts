/**
 * The medical-record reads of the catalogue (section 4.2: one `record <word>` command each) and their words, for
 * the tests that go through every kind: taken from the catalogue, so that a new kind is covered without a line
 * here or in those tests (docs/architecture.md, "How to add an operation").
 */
import { catalogue } from '../../src/catalogue/index.js';

/** The medical-record reads, in the catalogue's order. */
export const MEDICAL_READS = catalogue.filter((op) => op.area === 'record');

/** Their command words (`allergies`, `certificates`, …): the kinds of the store, the fixtures and `record summary`. */
export const MEDICAL_KINDS: readonly string[] = MEDICAL_READS.map((op) => op.command.at(-1)!);
