/** Masking of personal data and secrets in anything coopctl prints about a request. */

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

/** The URL with masked query values, for the verbose trace. */
export function maskedUrl(url: URL): string {
  if (!url.search) return url.href;
  const query = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(maskValue(k, v)).replace(/%2A/g, '*')}`);
  return `${url.origin}${url.pathname}?${query.join('&')}`;
}

/** `GET http://host/path`: names a request in error messages without its parameters. */
export function requestLabel(method: string, url: URL): string {
  return `${method} ${url.origin}${url.pathname}`;
}
