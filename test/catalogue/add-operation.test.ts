/**
 * docs/architecture.md's "How to add an operation", done: a 31st operation, a medical-record read of a new kind
 * (`record immunizations`, `buscaimunizacoes`), added to a copy of the repository (its sources, tests and build
 * scripts, node_modules linked) by editing exactly the files the section names: the area's declaration
 * (`src/catalogue/areas/record.ts`), its record shape with its fields' words (`src/catalogue/medical-records.ts`),
 * the demo's words for it (`src/server/store/datasets/demo/medical-words.ts`) and the spec's table of endpoints the tests
 * keep (`test/catalogue/spec-endpoints.ts`). The copy then builds, typechecks, its CLI has the command in both
 * languages, its server answers it from the demo data, and the catalogue's generated tests pass for it.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** One edit of a file of the copy: `find` (which must be there once) becomes `replace`. */
interface Edit {
  readonly file: string;
  readonly find: string;
  readonly replace: string;
}

/** The whole change, as a person following the section makes it. */
const EDITS: readonly Edit[] = [
  {
    file: 'src/catalogue/areas/record.ts',
    find: '] as const;',
    replace: `  medicalRead(
    'buscaimunizacoes',
    ['immunizations', 'imunizacoes'],
    said('List immunizations', 'Lista as imunizações'),
    nouns('immunization', 'immunizations', 'imunização', 'imunizações', 'f'),
    rec.immunization,
  ),
] as const;`,
  },
  {
    file: 'src/catalogue/medical-records.ts',
    find: 'export const problem = {',
    replace: `export const immunization = {
  data_aplicacao: req(r.dateISO, said('date given', 'data da aplicação'), label('Given', 'Aplicada')),
  vacina: req(r.text(120), said('vaccine', 'vacina')),
  dose: req(r.text(40), said('dose', 'dose')),
} satisfies Fields;

export const problem = {`,
  },
  {
    file: 'src/server/store/datasets/demo/medical-words.ts',
    find: '  problems: {',
    replace: `  immunizations: {
    fields: {
      vacina: ['Influenza (gripe)', 'Hepatite B', 'Febre amarela', 'Tétano e difteria (dT)'],
      dose: ['1ª dose', '2ª dose', 'Reforço', 'Dose única'],
    },
  },
  problems: {`,
  },
  {
    file: 'test/catalogue/spec-endpoints.ts',
    find: "  'GET|HEAD /api/svcmobile/prontuario/buscaproblemas',\n",
    replace:
      "  'GET|HEAD /api/svcmobile/prontuario/buscaproblemas',\n  'GET|HEAD /api/svcmobile/prontuario/buscaimunizacoes',\n",
  },
  {
    file: 'test/catalogue/spec-endpoints.ts',
    find: "  'record.problems',\n",
    replace: "  'record.problems',\n  'record.immunizations',\n",
  },
];

/** What a run in the copy gets: no vitest worker's variables, the suite's locale; outside git, the build's commit. */
const env = {
  PATH: process.env['PATH'],
  HOME: process.env['HOME'],
  LANG: 'C',
  LC_ALL: '',
  NO_COLOR: '1',
  COOPCTL_BUILD_COMMIT: 'copy',
};

let copy: string;
/** The sha1 of every file of the copy before the change. */
const before = new Map<string, string>();

const sha1 = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'coopctl-add-operation-'));
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root });
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (file === '.runtime' || file.startsWith('.runtime/')) continue;
    try {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      copyFileSync(join(root, file), join(copy, file));
      before.set(file, sha1(join(copy, file)));
    } catch {
      // A file git lists but the checkout no longer has (deleted, not yet committed).
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  for (const e of EDITS) {
    const path = join(copy, e.file);
    const text = readFileSync(path, 'utf8');
    if (text.split(e.find).length !== 2) throw new Error(`${e.file} does not hold ${JSON.stringify(e.find)} once`);
    writeFileSync(path, text.replace(e.find, e.replace));
  }
  await run(process.execPath, ['scripts/build.mjs'], { cwd: copy, env });
}, 120_000);
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a 31st operation, added as docs/architecture.md says', () => {
  it('touches four files: the area, its record shape and words, the demo data, the spec table of the tests', () => {
    const touched = [...before].filter(([file, hash]) => sha1(join(copy, file)) !== hash).map(([file]) => file);
    expect(touched.sort()).toEqual([
      'src/catalogue/areas/record.ts',
      'src/catalogue/medical-records.ts',
      'src/server/store/datasets/demo/medical-words.ts',
      'test/catalogue/spec-endpoints.ts',
    ]);
  });

  it('typechecks, sources and tests', async () => {
    const tsc = join(copy, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '--noEmit', '-p', '.'], { cwd: copy, env }).catch(
      (err: { stdout?: string; message: string }) => ({ stdout: err.stdout ?? err.message }),
    );
    expect(result.stdout).toBe('');
  }, 180_000);

  it('is a command of the built CLI, with its help in both languages', async () => {
    const bin = join(copy, 'bin', 'coopctl');
    const en = await run(process.execPath, [bin, 'record', 'immunizations', '--help'], { env });
    expect(en.stdout).toMatch(/^Usage: coopctl record immunizations \[options\] \[card\]\n\nList immunizations\n/);
    const pt = await run(process.execPath, [bin, 'prontuario', 'imunizacoes', '--help', '--lang', 'pt-BR'], { env });
    expect(pt.stdout).toContain('Lista as imunizações');
  });

  it("is answered by the copy's server from the demo data", async () => {
    const child = spawn(process.execPath, [join(copy, 'bin', 'coopctl'), 'serve', '--port', '0', '--db', ':memory:'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString('utf8');
          if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
        });
        child.on('exit', (code) => reject(new Error(`coopctl serve exited with ${code}`)));
      });
      const res = await fetch(`${url}/api/svcmobile/prontuario/buscaimunizacoes?usuario_cartao=00010001000001005`);
      expect(res.status).toBe(200);
      const records = (await res.json()) as Array<Record<string, unknown>>;
      expect(records.length).toBeGreaterThan(0);
      for (const r of records) {
        expect(r).toMatchObject({ confirma_operacao: 2 });
        expect(['Influenza (gripe)', 'Hepatite B', 'Febre amarela', 'Tétano e difteria (dT)']).toContain(r['vacina']);
        expect(['1ª dose', '2ª dose', 'Reforço', 'Dose única']).toContain(r['dose']);
        expect(r['data_aplicacao']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    } finally {
      child.kill('SIGTERM');
    }
  });

  it("passes the catalogue's generated tests of it: its call, its output, its field rules", async () => {
    const vitest = join(copy, 'node_modules', 'vitest', 'vitest.mjs');
    const files = ['test/cli/operations.test.ts', 'test/catalogue/rules.test.ts'];
    const result = await run(
      process.execPath,
      [vitest, 'run', '--project', 'sqlite', ...files, '-t', 'record.immunizations', '--reporter', 'json'],
      { cwd: copy, env, maxBuffer: 64 * 2 ** 20 },
    ).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(result.stdout) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ assertionResults: Array<{ fullName: string; status: string }> }>;
    };
    const passed = report.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status === 'passed'));
    expect(report.numFailedTests).toBe(0);
    // Its request and outputs (operations.test.ts, 8 cases of a read), its rules (rules.test.ts, 3 of a card read).
    expect(passed.length).toBeGreaterThanOrEqual(11);
    expect(passed.every((a) => a.fullName.includes('record.immunizations'))).toBe(true);
  }, 180_000);
});
