/** Parameters as `application/x-www-form-urlencoded` (query strings and form bodies); arrays as `name[]=`. */
import type { Params } from '../catalogue/index.js';

export function formEncode(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) out.append(`${name}[]`, String(item));
    else out.append(name, String(value));
  }
  return out;
}
