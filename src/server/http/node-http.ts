/**
 * node:http without an ES module import (as src/client/node-http.ts, which
 * the server does not import): importing a built-in module into an ES module
 * builds a facade of all its exports, and on Node ≥ 22 reading node:http's
 * exports runs the getters of its WebSocket, EventSource… exports, which load
 * Node's own bundled undici, tens of milliseconds of the server's start.
 */
import type * as Http from 'node:http';

export const http = process.getBuiltinModule('node:http') as typeof Http;
