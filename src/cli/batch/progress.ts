/**
 * Progress of a batch on stderr: on a terminal, one line redrawn in place
 * (a bar, rows done of all, failures, rate); otherwise a plain line at each
 * tenth of the way (at most one a second) and every 2 seconds while rows
 * complete, so a quick batch prints only its summary; nothing with --quiet.
 */
import type { Writable } from 'node:stream';

export interface ProgressOptions {
  readonly stream: Writable;
  readonly total: number;
  readonly mode: 'bar' | 'lines' | 'off';
  readonly now: () => number;
  /** Prefix of each line. */
  readonly label: string;
}

const BAR = 24;
const REDRAW_MS = 100;
const EVERY_MS = 2000;

export class Progress {
  readonly #o: ProgressOptions;
  readonly #started: number;
  #done = 0;
  #failed = 0;
  #lastDraw = -Infinity;
  #lastLine = -Infinity;
  #lastPrinted = 0;
  #nextTenth = 1;
  #timer: NodeJS.Timeout | undefined;
  #drawn = false;

  constructor(o: ProgressOptions) {
    this.#o = o;
    this.#started = o.now();
    if (o.mode === 'lines' && o.total > 0) {
      this.#lastLine = this.#started;
      this.#timer = setInterval(() => this.#heartbeat(), EVERY_MS);
      this.#timer.unref();
    }
  }

  /** One row settled. */
  tick(failed: boolean): void {
    this.#done++;
    if (failed) this.#failed++;
    const now = this.#o.now();
    if (this.#o.mode === 'bar') {
      if (now - this.#lastDraw >= REDRAW_MS || this.#done === this.#o.total) this.#draw(now);
    } else if (this.#o.mode === 'lines') {
      // A line at each tenth of the way, but not more than one a second (a quick batch prints only its summary).
      const tenth = Math.floor((this.#done * 10) / this.#o.total);
      if (tenth >= this.#nextTenth && now - this.#lastLine >= 1000) {
        this.#nextTenth = tenth + 1;
        this.#line(now);
      }
    }
  }

  /** Ends the display (the bar's line is finished so that what follows starts on its own line). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#o.mode === 'bar' && this.#drawn) {
      this.#draw(this.#o.now());
      this.#o.stream.write('\n');
      this.#drawn = false;
    }
  }

  #rate(now: number): string {
    const seconds = (now - this.#started) / 1000;
    return seconds > 0.5 ? `, ${Math.round(this.#done / seconds)} rows/s` : '';
  }

  #counts(): string {
    return `${this.#done}/${this.#o.total} rows${this.#failed ? `, ${this.#failed} not done` : ''}`;
  }

  #draw(now: number): void {
    this.#lastDraw = now;
    this.#drawn = true;
    const filled = this.#o.total ? Math.round((this.#done / this.#o.total) * BAR) : BAR;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}`;
    const pct = this.#o.total ? Math.floor((this.#done / this.#o.total) * 100) : 100;
    this.#o.stream.write(`\r\u001b[2K${this.#o.label} ${bar} ${pct}% ${this.#counts()}${this.#rate(now)}`);
  }

  #line(now: number): void {
    this.#lastLine = now;
    this.#lastPrinted = this.#done;
    const pct = this.#o.total ? Math.floor((this.#done / this.#o.total) * 100) : 100;
    this.#o.stream.write(`${this.#o.label}: ${this.#counts()} (${pct}%)${this.#rate(now)}\n`);
  }

  #heartbeat(): void {
    const now = this.#o.now();
    if (this.#done !== this.#lastPrinted && now - this.#lastLine >= EVERY_MS - 50) this.#line(now);
  }
}
