/**
 * A cap on the connections open at once (issue 23: 22,000 sockets sending
 * their headers a byte at a time refused service to everyone for 13 s, until
 * the header timeout cleared them). Past the cap, room is made by closing the
 * oldest connection that has not yet sent a whole request's headers, so that
 * a new client is answered; a connection that has (an established client,
 * keep-alive) is never closed for it. When every open connection is such a
 * client, the new connection is closed instead.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Connections open at once unless told otherwise (`--max-connections`). */
export const MAX_CONNECTIONS = 1024;

/** Called when a connection is closed to make room (at most once a minute: `open` connections at the cap). */
export type CapNotice = (open: number) => void;

/** Caps `server`'s open connections at `max`. */
export function capConnections(server: Server, max: number, notice?: CapNotice): void {
  /** Every open connection, oldest first; and those still waiting for their first request's headers. */
  const open = new Set<Socket>();
  const waiting = new Set<Socket>();
  let noticed = Number.NEGATIVE_INFINITY;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    waiting.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      waiting.delete(socket);
    });
    if (open.size <= max) return;
    const oldest: Socket = waiting.values().next().value ?? socket;
    open.delete(oldest);
    waiting.delete(oldest);
    oldest.destroy();
    const now = performance.now();
    if (now - noticed >= 60_000) {
      noticed = now;
      notice?.(max);
    }
  });
  server.on('request', (req: { socket: Socket }) => {
    waiting.delete(req.socket);
  });
}
