/** Why a file could not be read, in the run's words: the system's code (`ENOENT`) as a person says it. */
import type { Messages } from './i18n/index.js';

type Faults = Messages['errors']['fileFaults'];

export function fileFault(m: Messages, err: unknown): string {
  const faults: Faults = m.errors.fileFaults;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return faults.other((err as Error | undefined)?.message ?? String(err));
  const known = Object.hasOwn(faults, code) && code !== 'other' ? faults[code as keyof Faults] : undefined;
  return typeof known === 'string' ? known : faults.other(code);
}
