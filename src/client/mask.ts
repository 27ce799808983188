/** Masking of personal data and secrets in anything coopctl prints about a request. */
import { maskPersonalNumbers } from '../catalogue/mask.js';

/** Parameters that identify a person: all but their last 4 characters are masked. */
export const personalParams: ReadonlySet<string> = new Set(['usuario_cartao', 'cpf']);
/** Parameters that are secrets: masked whole. */
export const secretParams: ReadonlySet<string> = new Set(['dispositivo_token']);

export function maskValue(name: string, value: string): string {
  const key = name.replace(/\[\]$/, '');
  if (secretParams.has(key)) return '***';
  if (personalParams.has(key)) return '*'.repeat(Math.max(value.length - 4, 0)) + value.slice(-4);
  return value;
}

/** The URL for the verbose trace: query values masked by name, then cards and CPFs masked wherever they are (path and query). */
export function maskedUrl(url: URL): string {
  const path = `${url.origin}${maskPersonalNumbers(url.pathname)}`;
  if (!url.search) return path;
  const query = [...url.searchParams].map(
    ([k, v]) =>
      `${encodeURIComponent(maskPersonalNumbers(k))}=${encodeURIComponent(maskPersonalNumbers(maskValue(k, v)))}`,
  );
  return `${path}?${query.join('&')}`;
}

/** `GET http://host/path`: names a request in error messages without its parameters (cards and CPFs in the path masked). */
export function requestLabel(method: string, url: URL): string {
  return `${method} ${url.origin}${maskPersonalNumbers(url.pathname)}`;
}
