/**
 * A row of `enrol batch` crosses into the enrolment engine once
 * (docs/architecture.md, "The enrolment engine"): the batch hands each
 * contract with its rows to `enrolContract` (src/cli/enrol/enrolment.ts),
 * which checks the parts, builds the steps and sends the chain; no module of
 * src/cli/batch calls the engine's check, its step builder or its sender
 * itself. What the batch may still take from the engine is its table of parts
 * (the file's columns) and its journal and sender, which it sets up once a run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BATCH = fileURLToPath(new URL('../../src/cli/batch/', import.meta.url));

/** The names a module imports as values (not `import type`, not `type X` inside braces) from the engine's modules. */
function engineValues(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'\.\.\/enrol\/([\w-]+)\.js'/g)) {
    if (m[1]) continue;
    for (const spec of m[2]!.split(',').map((s) => s.trim()))
      if (spec && !spec.startsWith('type ')) names.push(`${m[3]}.${spec.split(/\s+as\s+/)[0]}`);
  }
  return names;
}

const modules = readdirSync(BATCH)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(BATCH, f), 'utf8') }));

describe('a batch row crosses into the enrolment engine once', () => {
  it('engineValues reads value imports only', () => {
    const sample = [
      "import { enrolContract, type RawPart } from '../enrol/enrolment.js';",
      "import type { Step } from '../enrol/plan.js';",
      "import { sendChain as send } from '../enrol/chain.js';",
    ].join('\n');
    expect(engineValues(sample)).toEqual(['enrolment.enrolContract', 'chain.sendChain']);
  });

  it('only plan.ts calls the engine, through enrolContract, once', () => {
    const callers = modules.filter((m) => engineValues(m.text).includes('enrolment.enrolContract'));
    expect(callers.map((m) => m.file)).toEqual(['plan.ts']);
    expect(callers[0]!.text.match(/\benrolContract\(/g)).toHaveLength(1);
  });

  it("no batch module calls the engine's check, step builder or sender itself", () => {
    const inner = ['plan.checkPart', 'plan.stepOf', 'plan.withParent', 'chain.sendChain', 'enrolment.checkRaw'];
    const found = modules.flatMap((m) =>
      engineValues(m.text)
        .filter((n) => inner.includes(n))
        .map((n) => `${m.file}: ${n}`),
    );
    expect(found).toEqual([]);
  });
});
