/** Sizes in bytes as the user writes them (`1048576`, `512KiB`, `64MiB`) and as coopctl prints them (`64 MiB`). */

const UNITS: ReadonlyArray<readonly [name: string, bytes: number]> = [
  ['GiB', 1024 ** 3],
  ['MiB', 1024 ** 2],
  ['KiB', 1024],
];

/** Whole bytes, or a whole number of KiB, MiB or GiB (case-insensitive, a space allowed); undefined for anything else. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d{1,12})\s*(B|KiB|MiB|GiB)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = UNITS.find(([name]) => name.toLowerCase() === m[2]?.toLowerCase());
  return Number(m[1]) * (unit ? unit[1] : 1);
}

/** `64 MiB` when the size is a whole number of a unit, else `1000 bytes`. */
export function formatSize(bytes: number): string {
  const unit = UNITS.find(([, size]) => bytes >= size && bytes % size === 0);
  return unit ? `${bytes / unit[1]} ${unit[0]}` : `${bytes} byte${bytes === 1 ? '' : 's'}`;
}
