/** The explanation of an error answer's body: envelope, message with field errors, problem details, plain text. */
import { describe, expect, it } from 'vitest';
import { errorExplanation } from '../../src/client/error-body.js';

const json = (value: unknown) => JSON.stringify(value);

describe('errorExplanation', () => {
  it('the envelope: its mensagem_erro', () => {
    expect(errorExplanation(json([{ confirma_operacao: 4, mensagem_erro: 'cep inválido' }]), 'application/json')).toBe(
      'cep inválido',
    );
  });

  it('{"message", "errors": [...]}: the message, then each field error', () => {
    const body = {
      message: 'The given data was invalid.',
      errors: [
        { field: 'cd_local', message: 'must be an integer' },
        { path: ['body', 'tp_evento'], msg: 'expected number' },
        'ds_email is required',
      ],
    };
    expect(errorExplanation(json(body), 'application/json')).toBe(
      'The given data was invalid. (cd_local: must be an integer; body.tp_evento: expected number; ds_email is required)',
    );
  });

  it('errors as an object of field names to messages', () => {
    const body = { message: 'Invalid.', errors: { cep: ['is required', 'must be digits'], nome: 'too long' } };
    expect(errorExplanation(json(body), 'application/json')).toBe(
      'Invalid. (cep: is required, must be digits; nome: too long)',
    );
  });

  it('RFC 9457 problem details: title and detail, errors by JSON pointer', () => {
    const body = {
      type: 'https://example.net/validation-error',
      title: 'Your request is not valid',
      status: 422,
      detail: 'Two fields are wrong',
      errors: [
        { detail: 'must be a positive integer', pointer: '#/cd_evento' },
        { detail: "must be 'green', 'red' or 'blue'", pointer: '#/profile/color' },
      ],
    };
    expect(errorExplanation(json(body), 'application/problem+json')).toBe(
      "Your request is not valid: Two fields are wrong (cd_evento: must be a positive integer; profile.color: must be 'green', 'red' or 'blue')",
    );
  });

  it('RFC 7807 invalid-params, and a title alone', () => {
    const body = { title: 'Bad Request', 'invalid-params': [{ name: 'age', reason: 'must be a positive integer' }] };
    expect(errorExplanation(json(body), 'application/problem+json')).toBe(
      'Bad Request (age: must be a positive integer)',
    );
  });

  it('field errors without a message', () => {
    expect(errorExplanation(json({ errors: [{ field: 'cep', message: 'required' }] }), 'application/json')).toBe(
      'cep: required',
    );
  });

  it('at most 5 field errors, then how many more; each cut to 120 characters', () => {
    const errors = Array.from({ length: 8 }, (_, i) => ({ field: `f${i}`, message: 'x'.repeat(200) }));
    const text = errorExplanation(json({ message: 'Invalid', errors }), 'application/json');
    const cut = `${'x'.repeat(116)}…`;
    expect(text).toBe(`Invalid (${[0, 1, 2, 3, 4].map((i) => `f${i}: ${cut}`).join('; ')}; +3)`);
  });

  it('a plain-text body, trimmed and cut to 300 characters', () => {
    expect(errorExplanation('Service down\r\nretry later\n', 'text/plain; charset=utf-8')).toBe(
      'Service down\r\nretry later',
    );
    expect(errorExplanation('y'.repeat(1000), 'text/plain')).toBe(`${'y'.repeat(300)}…`);
  });

  it('card numbers and CPFs in a message are masked', () => {
    const body = {
      message: 'card 00010001000001005 unknown',
      errors: [{ field: 'cpf', message: '529.982.247-25 taken' }],
    };
    expect(errorExplanation(json(body), 'application/json')).toBe(
      'card *************1005 unknown (cpf: ***.***.*47-25 taken)',
    );
  });

  it('nothing for an empty body, an HTML page or JSON of no known shape', () => {
    expect(errorExplanation('', 'application/json')).toBe('');
    expect(errorExplanation('<html><body>Bad Gateway</body></html>', 'text/html')).toBe('');
    expect(errorExplanation(json({ code: 17 }), 'application/json')).toBe('');
    expect(errorExplanation(json([1, 2]), 'application/json')).toBe('');
  });
});
