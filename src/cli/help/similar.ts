/**
 * The names close to a mistyped one, for "did you mean": commander's own rule
 * (its suggestSimilar, which it does not export): the optimal string alignment
 * distance, at most 3 edits and more than 40 % alike, the closest ones only,
 * sorted; `--` is left out of the comparison of options.
 */

const MAX_DISTANCE = 3;
const MIN_SIMILARITY = 0.4;

/** Edits (deletion, insertion, substitution, transposition of neighbours) from `a` to `b`. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates closest to `word` (none when none is close). */
export function similarNames(word: string, candidates: readonly string[]): string[] {
  const options = word.startsWith('--');
  const strip = (s: string) => (options ? s.slice(2) : s);
  const given = strip(word);
  let similar: string[] = [];
  let best = MAX_DISTANCE;
  for (const candidate of new Set(candidates.map(strip))) {
    if (candidate.length <= 1) continue;
    const edits = distance(given, candidate);
    const length = Math.max(given.length, candidate.length);
    if ((length - edits) / length <= MIN_SIMILARITY) continue;
    if (edits < best) {
      best = edits;
      similar = [candidate];
    } else if (edits === best) similar.push(candidate);
  }
  similar.sort((a, b) => a.localeCompare(b));
  return options ? similar.map((s) => `--${s}`) : similar;
}
