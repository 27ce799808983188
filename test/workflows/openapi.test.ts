/**
 * `coopctl openapi` (docs/commands.md, "Shell completion and OpenAPI"): the document generated from the
 * catalogue, with the configured hosts, validated by a third-party OpenAPI
 * validator (@readme/openapi-parser).
 */
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { startHarness, type Harness } from '../cli/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const env = { COOPCTL_BASE_URL: 'https://api.coop.example/base', COOPCTL_TEST_BASE_URL: 'https://test.coop.example' };
type Doc = {
  openapi: string;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
};

describe('coopctl openapi', () => {
  it("prints a valid OpenAPI 3.1 document (pretty JSON) with every operation's path and the configured hosts", async () => {
    const r = await h.run(['openapi'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('{\n  "openapi": "3.1.0"')).toBe(true);
    const doc = JSON.parse(r.stdout) as Doc;
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : JSON.stringify(result.errors, null, 1)).toBe(true);

    expect(Object.keys(doc.paths).sort()).toEqual(catalogue.map((op) => op.path).sort());
    for (const op of catalogue)
      for (const m of op.methods) expect(doc.paths[op.path]![m.toLowerCase()], `${m} ${op.path}`).toBeDefined();
    expect(doc.servers.map((s) => s.url)).toEqual([env.COOPCTL_BASE_URL, env.COOPCTL_TEST_BASE_URL]);
    expect(doc.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
    expect(doc.paths['/api/svccard/agendamento/cancelaagendamento']!['post']).toMatchObject({
      requestBody: { content: { 'application/json': { example: { cd_evento: 880044 } } } },
    });
    for (const op of catalogue.filter((o) => o.host === 'test'))
      expect(doc.paths[op.path]!['servers']).toEqual([expect.objectContaining({ url: env.COOPCTL_TEST_BASE_URL })]);
  });

  it('-o json is the same document; -o jsonl prints it on one line; -o csv is a usage error', async () => {
    const pretty = await h.run(['openapi'], { env });
    const json = await h.run(['-o', 'json', 'openapi'], { env });
    expect(json.stdout).toBe(pretty.stdout);
    const line = await h.run(['openapi', '-o', 'jsonl'], { env });
    expect(line.code).toBe(0);
    expect(line.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(line.stdout)).toEqual(JSON.parse(pretty.stdout));
    const csv = await h.run(['openapi', '-o', 'csv'], { env });
    expect(csv.code).toBe(2);
    expect(csv.stdout).toBe('');
  });

  it("the default hosts are the embedded server's address", async () => {
    const r = await h.run(['openapi'], { env: { COOPCTL_BASE_URL: undefined, COOPCTL_TEST_BASE_URL: undefined } });
    expect((JSON.parse(r.stdout) as Doc).servers.map((s) => s.url)).toEqual([
      'http://127.0.0.1:8787',
      'http://127.0.0.1:8787',
    ]);
  });
});
