/** Waiting for SIGINT/SIGTERM (or an abort signal) to stop the server, and noticing a second one. */

export interface Stopper {
  /** Resolves on the first SIGINT or SIGTERM, or when `signal` aborts. */
  readonly stopped: Promise<void>;
  /** Called on the second SIGINT or SIGTERM. */
  onSecond: () => void;
  dispose(): void;
}

/**
 * Only process signals are counted towards the second stop: a caller's
 * `signal` may itself abort on the same Ctrl-C, which must not count twice.
 */
export function stopper(signal: AbortSignal | undefined): Stopper {
  let resolve!: () => void;
  let signals = 0;
  const self: Stopper = {
    stopped: new Promise<void>((r) => (resolve = r)),
    onSecond: () => undefined,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      signal?.removeEventListener('abort', onAbort);
    },
  };
  function onSignal(): void {
    signals += 1;
    resolve();
    if (signals === 2) self.onSecond();
  }
  function onAbort(): void {
    resolve();
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) resolve();
  return self;
}
