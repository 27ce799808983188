/**
 * A refusal (HTTP 4xx/5xx) whose body is not the spec's envelope: exit 1,
 * one line with the body's message and field errors, bounded and made safe
 * for the terminal.
 */
import { describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { callArgv } from '../cli/argv.js';
import { useHarness, type Harness } from '../cli/harness.js';

const run = useHarness('coopctl-answers-');

const book = operation('schedule.book');

async function refusal(reply: Parameters<Harness['base']['reply']>[0]): Promise<string> {
  run.h.base.reply(reply);
  const r = await run.h.run(callArgv(book, sampleParams(book)));
  expect(r.code, r.stderr).toBe(1);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe('a refusal whose body is not the envelope', () => {
  it('problem details (application/problem+json): title, detail and the field errors', async () => {
    const body = {
      title: 'Unprocessable Content',
      detail: 'the request does not match the schema',
      errors: [
        { pointer: '#/cd_evento', detail: 'must be integer' },
        { pointer: '#/cd_local', detail: 'must be integer' },
      ],
    };
    const line = await refusal({
      status: 422,
      raw: JSON.stringify(body),
      headers: { 'content-type': 'application/problem+json' },
    });
    expect(line).toBe(
      'error: the service refused the request (HTTP 422); the service said: "Unprocessable Content: the request does not match the schema (cd_evento: must be integer; cd_local: must be integer)"',
    );
  });

  it('{"message", "errors"}: bounded to 5 errors, control characters shown', async () => {
    const errors = Array.from({ length: 7 }, (_, i) => ({ field: `f${i}`, message: `bad\u001b[2J${i}` }));
    const line = await refusal({ status: 400, json: { message: 'Invalid\u0007 data', errors } });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the line must hold no control character
    expect(line).not.toMatch(/[\u0000-\u001f]/);
    expect(line).toBe(
      `error: the service refused the request (HTTP 400); the service said: "Invalid\\x07 data (${[0, 1, 2, 3, 4]
        .map((i) => `f${i}: bad\\x1b[2J${i}`)
        .join('; ')}; +2)"`,
    );
  });

  it('a plain-text body', async () => {
    const line = await refusal({
      status: 503,
      raw: 'maintenance until 02:00\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(line).toBe('error: the service refused the request (HTTP 503); the service said: "maintenance until 02:00"');
  });
});

describe('a code without a documented meaning', () => {
  it('the table shows the record, stderr names the code and its message, exit 1', async () => {
    const locations = operation('schedule.locations');
    run.h.base.reply({
      json: [{ confirma_operacao: 6, mensagem_erro: 'agenda parcial', cd_local: 101, nm_local: 'Clínica Sul' }],
    });
    const r = await run.h.run(callArgv(locations, sampleParams(locations)), {
      tty: { stdout: true },
      env: { NO_COLOR: '1' },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/101 +│ Clínica Sul/);
    expect(r.stderr).toBe(
      'error: the service answered confirma_operacao 6 (meaning not documented); the service said: "agenda parcial"\n',
    );
  });
});
