/**
 * The `-v` trace (and the error lines) through the CLI in-process against a
 * fake service: a card or a CPF never shows, in any form, in a path, a query
 * string or a body, whatever the parameter is called.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const CARD = '00010001000001005';
const CPF = '52998224725';

/** The text with separators removed and percent-encoded digits decoded: a number in any form becomes its digits. */
function digitsOf(text: string): string {
  return text.replace(/%3(\d)/g, '$1').replace(/%2[0bBdDeEfF]|%5[fF]|[ +.\-_/]/g, '');
}

function expectNoNumber(stderr: string): void {
  for (const number of [CARD, CPF]) expect(digitsOf(stderr)).not.toContain(number);
}

describe('-v trace', () => {
  it.each([
    ['a card in a path', ['/api/x/00010001000001005'], '/api/x/*************1005'],
    ['a card with spaces in a path', ['/api/x/0001 0001 000001 00 5'], '/api/x/****%20****%20*****1%2000%205'],
    ['a card with dots and a hyphen in a path', ['/api/x/0001.0001.000001.00-5'], '/api/x/****.****.*****1.00-5'],
    ['a CPF in a path', ['/api/x/52998224725'], '/api/x/*******4725'],
    ['a formatted CPF in a path', ['/api/x/529.982.247-25'], '/api/x/***.***.*47-25'],
    [
      'a CPF in percent-encoded digits in a path',
      ['/api/x/%35%32%39%39%38%32%32%34%37%32%35'],
      '/api/x/*******%34%37%32%35',
    ],
    [
      'a card with %20 in a query string',
      ['/api/x?doc=0001%200001%20000001%2000%205'],
      '/api/x?doc=****%20****%20*****1%2000%205',
    ],
    [
      'a card with + in a query string',
      ['/api/x?doc=0001+0001+000001+00+5'],
      '/api/x?doc=****%20****%20*****1%2000%205',
    ],
    ['a formatted CPF in a query string', ['/api/x?doc=529.982.247-25'], '/api/x?doc=***.***.*47-25'],
    [
      'a CPF in percent-encoded digits in a query string',
      ['/api/x?doc=%35%32%39%39%38%32%32%34%37%32%35'],
      '/api/x?doc=*******4725',
    ],
    [
      'a card with spaces in a field',
      ['/api/x', '-f', 'n=0001 0001 000001 00 5'],
      '/api/x?n=****%20****%20*****1%2000%205',
    ],
    ['a formatted CPF under its own name', ['/api/x', '-f', 'cpf=529.982.247-25'], '/api/x?cpf=**********7-25'],
  ])('masks %s', async (_name, args, traced) => {
    const r = await h.run(['-v', 'api', 'GET', ...args]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(`> GET ${h.base.url}${traced}`);
    expectNoNumber(r.stderr);
    // The service did get the number: only what is printed is masked.
    expect(digitsOf(decodeURIComponent(h.base.requests[0]!.url.href))).toMatch(new RegExp(`${CARD}|${CPF}`));
  });

  it.each([
    ['a card with spaces', 'n=0001 0001 000001 00 5'],
    ['a formatted CPF', 'doc=529.982.247-25'],
  ])('prints no body: %s in a POST body does not show', async (_name, field) => {
    const r = await h.run(['-v', 'api', 'POST', '/api/x', '-f', field]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(`> POST ${h.base.url}/api/x`);
    expectNoNumber(r.stderr);
    expect(digitsOf(h.base.requests[0]!.body)).toMatch(new RegExp(`${CARD}|${CPF}`));
  });

  it('masks the path in error lines and retry lines too', async () => {
    h.base.reply({ status: 503, json: [] }, { status: 404, json: [] });
    const r = await h.run(['-v', 'api', 'GET', '/api/x/529.982.247-25']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: GET ${h.base.url}/api/x/***.***.*47-25 answered HTTP 404 Not Found`);
    expect(r.stderr).toMatch(/retrying in \d+ ms \(HTTP 503\)/);
    expectNoNumber(r.stderr);
  });
});
