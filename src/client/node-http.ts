/**
 * node:http and node:https without an ES module import. Importing a built-in
 * module into an ES module builds a facade of all its exports, and on Node
 * ≥ 22 reading node:http's exports runs the getters of its WebSocket,
 * EventSource… exports, which load Node's own bundled undici: about 40 ms of
 * every command's start. process.getBuiltinModule (Node ≥ 20.16) gives the
 * module itself.
 */
import type * as Http from 'node:http';
import type * as Https from 'node:https';

export const http = process.getBuiltinModule('node:http') as typeof Http;

/** node:https, loaded on the first https request. */
export const https = (): typeof Https => process.getBuiltinModule('node:https') as typeof Https;

/** `OK`, `Not Found`…: the reason phrase of a status code, or ''. */
export const statusText = (status: number): string => http.STATUS_CODES[status] ?? '';
