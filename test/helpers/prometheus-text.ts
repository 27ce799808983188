/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4, as
 * prometheus.io's "Exposition formats" page gives it), written here from the
 * format's description and independent of the code that writes /metrics: the
 * npm parsers at hand lost the labels, counts and sums of labelled
 * histograms. It refuses what Prometheus would: a malformed line, a label
 * value with a bad escape, a family whose lines are not together, a second
 * TYPE, a histogram whose buckets do not add up.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly type: string;
  readonly help: string;
  readonly samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** A value as Go's strconv.ParseFloat reads it (the format's rule): NaN and infinities in any case. */
function number(text: string, line: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a number: ${text} in ${line}`);
  return Number(text);
}

/** `{a="x",b="y"}` at the start of `rest`: the labels and what follows. */
function labelsOf(rest: string, line: string): [Record<string, string>, string] {
  const labels: Record<string, string> = {};
  if (!rest.startsWith('{')) return [labels, rest];
  let i = 1;
  for (;;) {
    if (rest[i] === '}') return [labels, rest.slice(i + 1)];
    const name = LABEL_NAME.exec(rest.slice(i))?.[0];
    if (!name || rest[i + name.length] !== '=' || rest[i + name.length + 1] !== '"')
      throw new Error(`bad label in ${line}`);
    i += name.length + 2;
    let value = '';
    for (;;) {
      const c = rest[i];
      if (c === undefined) throw new Error(`unterminated label value in ${line}`);
      i++;
      if (c === '"') break;
      if (c !== '\\') {
        value += c;
        continue;
      }
      const e = rest[i++];
      if (e === '\\' || e === '"') value += e;
      else if (e === 'n') value += '\n';
      else throw new Error(`bad escape \\${e} in ${line}`);
    }
    if (name in labels) throw new Error(`label ${name} twice in ${line}`);
    labels[name] = value;
    if (rest[i] === ',') i++;
    else if (rest[i] !== '}') throw new Error(`expected , or } in ${line}`);
  }
}

/** The family a sample name belongs to, given the families declared so far. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const base = families.get(name.slice(0, -suffix.length));
    if (base && (base.type === 'histogram' || (base.type === 'summary' && suffix !== '_bucket'))) return base;
  }
  return undefined;
}

/** Every family of a text, by name. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  let current: Family | undefined;
  const enter = (f: Family) => {
    if (current !== f) {
      if (current) closed.add(current.name);
      if (closed.has(f.name)) throw new Error(`the lines of ${f.name} are not together`);
      current = f;
    }
  };
  if (!text.endsWith('\n')) throw new Error('the text does not end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
    if (meta) {
      const [, kind, name, rest = ''] = meta;
      if (!NAME.test(name!) || NAME.exec(name!)![0] !== name) throw new Error(`bad metric name in ${line}`);
      const f = families.get(name!) ?? { name: name!, type: 'untyped', help: '', samples: [] };
      families.set(name!, f);
      enter(f);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`bad type in ${line}`);
        if (f.samples.length > 0 || f.type !== 'untyped')
          throw new Error(`a second TYPE, or TYPE after samples: ${line}`);
        (f as { type: string }).type = rest;
      } else (f as { help: string }).help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      continue;
    }
    if (line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`bad sample line: ${line}`);
    const [labels, after] = labelsOf(line.slice(name.length), line);
    const parts = after.trim().split(/\s+/);
    if (!/^\s/.test(after) || parts.length < 1 || parts.length > 2) throw new Error(`bad sample line: ${line}`);
    const family = familyOf(name, families) ?? { name, type: 'untyped', help: '', samples: [] };
    families.set(family.name, family);
    enter(family);
    family.samples.push({ name, labels, value: number(parts[0]!, line) });
  }
  for (const f of families.values()) if (f.type === 'histogram') checkHistograms(f);
  return families;
}

const key = (labels: Readonly<Record<string, string>>): string =>
  JSON.stringify(
    Object.entries(labels)
      .filter(([k]) => k !== 'le')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export interface HistogramSeries {
  /** Cumulative counts by upper bound (`+Inf` included). */
  readonly buckets: ReadonlyMap<number, number>;
  readonly sum: number;
  readonly count: number;
}

/** The series of a histogram family whose labels (besides `le`) are `labels`, or undefined. */
export function histogramSeries(f: Family, labels: Readonly<Record<string, string>>): HistogramSeries | undefined {
  const k = key(labels);
  const mine = f.samples.filter((s) => key(s.labels) === k);
  if (mine.length === 0) return undefined;
  const buckets = new Map<number, number>();
  let sum: number | undefined;
  let count: number | undefined;
  for (const s of mine) {
    if (s.name === `${f.name}_bucket`) buckets.set(number(s.labels['le'] ?? '', `le of ${f.name}`), s.value);
    else if (s.name === `${f.name}_sum`) sum = s.value;
    else if (s.name === `${f.name}_count`) count = s.value;
    else throw new Error(`${s.name} in histogram ${f.name}`);
  }
  if (sum === undefined || count === undefined) throw new Error(`${f.name}${k}: no _sum or no _count`);
  return { buckets, sum, count };
}

/** Every series of a histogram: cumulative buckets ending with +Inf equal to _count. */
function checkHistograms(f: Family): void {
  const seen = new Set(f.samples.map((s) => key(s.labels)));
  for (const k of seen) {
    const series = histogramSeries(f, Object.fromEntries(JSON.parse(k) as Array<[string, string]>))!;
    const bounds = [...series.buckets.keys()].sort((a, b) => a - b);
    if (bounds.at(-1) !== Number.POSITIVE_INFINITY) throw new Error(`${f.name}${k}: no +Inf bucket`);
    let last = 0;
    for (const b of bounds) {
      const n = series.buckets.get(b)!;
      if (n < last) throw new Error(`${f.name}${k}: buckets not cumulative at le=${b}`);
      last = n;
    }
    if (last !== series.count) throw new Error(`${f.name}${k}: +Inf bucket ${last} but _count ${series.count}`);
  }
}

/** The value of a counter or gauge sample with exactly these labels, or undefined. */
export function sampleValue(f: Family, labels: Readonly<Record<string, string>>): number | undefined {
  const k = JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  return f.samples.find((s) => JSON.stringify(Object.entries(s.labels).sort(([a], [b]) => a.localeCompare(b))) === k)
    ?.value;
}
