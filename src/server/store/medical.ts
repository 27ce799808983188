/** The medical-record kinds, from the catalogue: the `record` command words (allergies, certificates, …) and their item fields. */
import { catalogue, type Fields, type Noun, type Said } from '../../catalogue/index.js';

export const medicalKinds: ReadonlyArray<{
  readonly kind: string;
  readonly fields: Fields;
  readonly nouns: Said<Noun>;
}> = catalogue
  .filter((op) => op.area === 'record')
  .map((op) => ({ kind: op.command[1]!, fields: op.response.fields, nouns: op.nouns! }));
