/** A throwaway PostgreSQL cluster (scripts/postgres.mjs). */
export interface Cluster {
  /** postgres://coopctl:<password>@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly dir: string;
  /** Creates a database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Drops a database, closing its connections. */
  dropDatabase(name: string): Promise<void>;
  /** Stops the server (fast: its clients are disconnected), keeping the cluster for `resume`. */
  halt(): void;
  /** Starts the halted server again, on the same port. */
  resume(): void;
  /** Stops the server in `mode` (default fast) without blocking the event loop, keeping the cluster. */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the stopped server again, on the same port. */
  startServer(): Promise<void>;
  /** SIGSTOP to the postmaster and its processes: connections stay open, nothing is answered. */
  freeze(): void;
  /** SIGCONT to the same processes. */
  thaw(): void;
  /** Stops the cluster and removes its folder. */
  stop(): void;
}
export function findBinaries(): string | undefined;
export function admin(url: string, statement: string): Promise<void>;
export function startCluster(options?: { fsync?: boolean; log?: (line: string) => void }): Promise<Cluster>;
