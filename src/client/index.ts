export * from './types.js';
export * from './errors.js';
export { buildRequest, operationUrl } from './request.js';
export { formEncode } from './encode.js';
export { maskValue, maskedUrl, requestLabel } from './mask.js';
export { createClient, type Client } from './client.js';
export { wireKind, type WireKind } from './wire.js';
