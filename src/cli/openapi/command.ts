/**
 * `coopctl openapi`: the OpenAPI 3.1 document generated from the catalogue,
 * with the configured hosts as its servers (baseUrl, and testBaseUrl for the
 * section 4.1 paths). JSON, pretty by default (`-o table` and `-o json`);
 * `-o jsonl` prints it on one line; csv is a usage error.
 */
import type { Command } from 'commander';
import { buildOpenApi } from '../../catalogue/openapi.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { addExamples } from '../help/sections.js';
import type { RunState } from '../run/state.js';
import { version } from '../version.js';

export function defineOpenApiCommand(cmd: Command, run: RunState): void {
  const words = run.m.commandsHelp.openapi;
  addExamples(cmd, [
    { command: 'coopctl openapi > beneficiary-services.openapi.json', note: words.file },
    { command: 'COOPCTL_BASE_URL=https://api.example.org coopctl openapi -o jsonl', note: words.oneLine },
  ]);
  run.bind(cmd, async (inv) => {
    if (inv.format === 'csv') throw new UsageError(inv.m.errors.openapiCsv, 'coopctl openapi --help');
    const s = await inv.settings();
    const doc = buildOpenApi({ baseUrl: s.baseUrl.value!, testBaseUrl: s.testBaseUrl.value! }, version);
    inv.out(`${inv.format === 'jsonl' ? JSON.stringify(doc) : JSON.stringify(doc, null, 2)}\n`);
    return ExitCode.ok;
  });
}
