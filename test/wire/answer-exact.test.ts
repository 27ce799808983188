/**
 * Issue "Talk to the real service", point 2: an answer's integer past 2^53
 * (the spec allows 18 digits) is read exactly, passes the response checks,
 * and is printed with all its digits in every output format; in JSON output
 * as the same number literal the service sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkResponse, operation } from '../../src/catalogue/index.js';
import { parseJson } from '../../src/client/json.js';
import { startHarness, type Harness, type RunOptions } from '../cli/harness.js';

const CD_LOCAL = '123456789012345678';
const PROVIDER = '987654321098765432';
const CD_EVENTO = '900000000000000001';

/** The answers as the service writes them: the long codes as JSON number literals. */
const LOCATIONS = `[{"confirma_operacao":2,"mensagem_erro":"","cd_local":${CD_LOCAL},"nm_local":"Unidade Paulista"}]`;
const APPOINTMENTS = `[{"confirma_operacao":2,"mensagem_erro":"","cd_evento":${CD_EVENTO},"cd_coop_prest":1,
  "prest_cod_svc_card":${PROVIDER},"data_consulta":"2026-01-16","hora_inicio":"09:00","hora_fim":"09:30",
  "status_agendamento":"aguardando","data_cadastro":"2026-01-15"}]`;

describe('the response checks take an 18-digit answer value', () => {
  it.each([
    ['schedule.locations', LOCATIONS],
    ['schedule.list', APPOINTMENTS],
  ])('%s', (id, text) => {
    const parsed = parseJson(text);
    expect(parsed.ok).toBe(true);
    const check = checkResponse(operation(id), parsed.ok ? parsed.value : undefined);
    expect(check.ok && check.outcome).toBe('found');
  });

  it('still refuses a code of 19 digits', () => {
    const parsed = parseJson(LOCATIONS.replace(CD_LOCAL, `${CD_LOCAL}9`));
    const check = checkResponse(operation('schedule.locations'), parsed.ok ? parsed.value : undefined);
    expect(check.ok).toBe(false);
  });
});

describe('an 18-digit answer value is printed exactly in every format', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const locations = async (format: string, options: RunOptions = {}) => {
    h.base.reply({ raw: LOCATIONS, headers: { 'content-type': 'application/json' } });
    const r = await h.run(['schedule', 'locations', '--prest-cod-svc-card', PROVIDER, '-o', format], options);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };

  it('table on a terminal', async () => {
    const out = await locations('table', { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(out).toMatch(new RegExp(`│ ${CD_LOCAL} +│ Unidade Paulista +│`));
  });

  it('table into a pipe', async () => {
    expect(await locations('table')).toBe(`${CD_LOCAL}\tUnidade Paulista\n`);
  });

  it('csv', async () => {
    expect(await locations('csv')).toBe(`cd_local,nm_local\n${CD_LOCAL},Unidade Paulista\n`);
  });

  it('json: the same number literal', async () => {
    const out = await locations('json');
    expect(out).toContain(`"cd_local": ${CD_LOCAL},`);
  });

  it('jsonl: the same number literal', async () => {
    expect(await locations('jsonl')).toBe(`${LOCATIONS.slice(1, -1)}\n`);
  });

  it('several long codes of one record, in JSON and CSV', async () => {
    h.base.reply({ raw: APPOINTMENTS, headers: { 'content-type': 'application/json' } });
    const json = await h.run(['schedule', 'list', '00010001000001005', '-o', 'jsonl']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toContain(`"cd_evento":${CD_EVENTO},`);
    expect(json.stdout).toContain(`"prest_cod_svc_card":${PROVIDER},`);
    const csv = await h.run(['schedule', 'list', '00010001000001005', '-o', 'csv']);
    expect(csv.stdout.split('\n')[1]).toContain(`${CD_EVENTO},1,${PROVIDER},`);
  });

  it('coopctl api: an 18-digit -F value is sent as the number literal, and the answer printed with it', async () => {
    h.base.reply({ raw: LOCATIONS, headers: { 'content-type': 'application/json' } });
    const cancel = operation('schedule.cancel');
    const r = await h.run(['api', 'POST', cancel.path, '-F', `cd_evento=${CD_EVENTO}`, '--yes']);
    expect(h.base.requests[0]!.body).toBe(`{"cd_evento":${CD_EVENTO}}`);
    expect(r.stdout).toContain(`"cd_local": ${CD_LOCAL},`);
  });
});
