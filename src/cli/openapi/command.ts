/**
 * `coopctl openapi`: the OpenAPI 3.1 document generated from the catalogue,
 * with the configured hosts as its servers (baseUrl, and testBaseUrl for the
 * section 4.1 paths). JSON, pretty by default (`-o table` and `-o json`);
 * `-o jsonl` prints it on one line; csv is a usage error.
 */
import { buildOpenApi } from '../../catalogue/openapi.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Output, Settings } from '../capabilities.js';
import { defineCommand } from '../commands/command-def.js';
import { version } from '../version.js';

export const openApiCommand = defineCommand({
  words: ['openapi'],
  examples: (m) => [
    { command: 'coopctl openapi > beneficiary-services.openapi.json', note: m.commandsHelp.openapi.file },
    {
      command: 'COOPCTL_BASE_URL=https://api.example.org coopctl openapi -o jsonl',
      note: m.commandsHelp.openapi.oneLine,
    },
  ],
  async run(io: Output & Settings) {
    if (io.format === 'csv') throw new UsageError(io.m.errors.openapiCsv, 'coopctl openapi --help');
    const s = await io.settings();
    const doc = buildOpenApi({ baseUrl: s.baseUrl.value!, testBaseUrl: s.testBaseUrl.value! }, version);
    io.out(`${io.format === 'jsonl' ? JSON.stringify(doc) : JSON.stringify(doc, null, 2)}\n`);
    return ExitCode.ok;
  },
});
