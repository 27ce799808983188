/**
 * A cap on the connections open at once: 22,000 sockets sending their headers
 * a byte at a time, or 1,024 keep-alive connections each sending a probe now
 * and then, must not refuse service to a client with the right token. Past
 * the cap, room is made by closing, in this order:
 *
 * 1. a connection that has not sent a whole request's headers for more than
 *    FRESH_MS (a slow-header client), oldest first;
 * 2. an idle keep-alive connection whose requests never passed the token
 *    (probes, refusals), idle longest first;
 * 3. a connection newer than that still sending its headers, oldest first;
 * 4. an idle connection that passed the token, idle longest first;
 *
 * and when every open connection has a request in flight, the new one. A
 * connection that passed the token is one that carried an API request the
 * token gate let through (with no token configured, any API request).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Connections open at once unless told otherwise (`--max-connections`). */
export const MAX_CONNECTIONS = 1024;

/** How long a new connection may take to send its first request's headers before it counts as a slow one. */
const FRESH_MS = 1000;

/** Called when a connection is closed to make room (at most once a minute: `open` connections at the cap). */
export type CapNotice = (open: number) => void;

/** What the server tells the cap of a connection: its request was answered, by the token gate's leave or not. */
export interface ConnectionCap {
  answered(socket: Socket, trusted: boolean): void;
}

/** Caps `server`'s open connections at `max`. */
export function capConnections(server: Server, max: number, notice?: CapNotice): ConnectionCap {
  /** Every open connection (one closed to make room leaves it at once, before its 'close'). */
  const open = new Set<Socket>();
  /** Connections waiting for their first request's headers (with when they came), oldest first. */
  const waiting = new Map<Socket, number>();
  /** Idle connections between two requests, idle longest first: those never trusted, and those trusted. */
  const idle = new Set<Socket>();
  const idleTrusted = new Set<Socket>();
  const trusted = new WeakSet<Socket>();
  let noticed = Number.NEGATIVE_INFINITY;

  /** The connection to close for a new one, or undefined when every other one is busy. */
  function victim(now: number): Socket | undefined {
    const slow = waiting.entries().next().value;
    if (slow && now - slow[1] > FRESH_MS) return slow[0];
    return idle.values().next().value ?? slow?.[0] ?? idleTrusted.values().next().value;
  }

  function forget(socket: Socket): void {
    open.delete(socket);
    waiting.delete(socket);
    idle.delete(socket);
    idleTrusted.delete(socket);
  }

  server.on('connection', (socket: Socket) => {
    open.add(socket);
    const now = performance.now();
    socket.once('close', () => forget(socket));
    if (open.size > max) {
      const closed = victim(now) ?? socket;
      forget(closed);
      closed.destroy();
      if (now - noticed >= 60_000) {
        noticed = now;
        notice?.(max);
      }
      if (closed === socket) return;
    }
    waiting.set(socket, now);
  });
  // Before the server's own listener, which may answer (and make the connection idle) at once.
  server.prependListener('request', (req: { socket: Socket }) => {
    waiting.delete(req.socket);
    idle.delete(req.socket);
    idleTrusted.delete(req.socket);
  });
  return {
    answered(socket, passed) {
      if (socket.destroyed) return;
      if (passed) trusted.add(socket);
      (trusted.has(socket) ? idleTrusted : idle).add(socket);
    },
  };
}
