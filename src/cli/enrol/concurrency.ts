/**
 * The two ways the batch limits what runs at once: a counting semaphore for
 * the requests in flight, and workers that take a list's items in order.
 */

/** A counting semaphore: at most `n` holders. */
export class Slots {
  #free: number;
  readonly #queue: Array<() => void> = [];
  constructor(n: number) {
    this.#free = n;
  }
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#free++;
  }
}

/** Runs `work` on every item, in order, at most `width` at once: each worker takes the next item when it is free. */
export async function inOrder<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
