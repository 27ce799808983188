/**
 * Issue point 6: `redocly lint` (Redocly CLI, its built-in recommended
 * rules, run offline on a file) finds no problem in the exported document:
 * no error and no warning (tag descriptions, license, examples that break
 * their schemas, …).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/catalogue/index.js';
import { hosts } from './openapi-validator.js';

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
// An empty directory: no redocly.yaml, so the built-in recommended rules apply.
const dir = mkdtempSync(join(tmpdir(), 'coopctl-redocly-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
}

async function lint(doc: unknown): Promise<LintReport> {
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const run = promisify(execFile)(process.execPath, [redocly, 'lint', 'openapi.json', '--format=json'], {
    cwd: dir,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  // redocly exits 1 when it finds errors; the report is on stdout either way.
  const { stdout } = await run.catch((e: { stdout: string }) => ({ stdout: e.stdout }));
  return JSON.parse(stdout) as LintReport;
}

const where = (r: LintReport) => r.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe('redocly lint', () => {
  it('reports no error and no warning on the exported document', async () => {
    const report = await lint(buildOpenApi(hosts));
    expect(where(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('does report a tag without a description and an example that breaks its schema', async () => {
    const doc = structuredClone(buildOpenApi(hosts)) as { tags: Array<{ description?: string }>; paths: never };
    delete doc.tags[0]!.description;
    const post = (
      doc.paths as Record<
        string,
        Record<string, { requestBody: { content: Record<string, { example: Record<string, unknown> }> } }>
      >
    )['/api/svccard/agendamento/enviaagendamento']!['post']!;
    post.requestBody.content['application/json']!.example['cd_local'] = '101';
    const rules = (await lint(doc)).problems.map((p) => p.ruleId).sort();
    expect(rules).toEqual(['no-invalid-media-type-examples', 'tag-description']);
  }, 60_000);
});
