/**
 * Progress of a batch on stderr: on a terminal, one line redrawn in place
 * (a bar, rows done of all, rows failed, rate); otherwise (a log) a plain
 * line at each tenth of the way up to 90% (at most one a second) and every
 * 30 seconds while rows complete, so a quick batch prints only its summary
 * and a long one a few lines a minute; nothing with --quiet.
 *
 * A row counts as done once every request of it is answered and journaled;
 * a row left unsent by an interruption counts as nothing, so that the bar
 * drawn last (at stop) shows what was really done.
 */
import type { Writable } from 'node:stream';
import type { Messages } from '../i18n/index.js';
import { words as batchWords } from './words.js';

export interface ProgressOptions {
  readonly stream: Writable;
  readonly total: number;
  readonly mode: 'bar' | 'lines' | 'off';
  readonly now: () => number;
  /** Prefix of each line. */
  readonly label: string;
  /** The run's messages. */
  readonly m: Messages;
}

const BAR = 24;
const REDRAW_MS = 100;
const EVERY_MS = 30_000;

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

  /** One row settled: done, failed (or in doubt), or not sent (sending stopped: it does not count). */
  tick(outcome: 'done' | 'failed' | 'not-run'): void {
    if (outcome === 'not-run') return;
    if (outcome === 'done') this.#done++;
    else this.#failed++;
    const settled = this.#settled;
    const now = this.#o.now();
    if (this.#o.mode === 'bar') {
      if (now - this.#lastDraw >= REDRAW_MS || settled === this.#o.total) this.#draw(now);
    } else if (this.#o.mode === 'lines') {
      // A line at each tenth of the way up to 90% (the summary tells the end), not more than one a second (a quick batch prints only its summary).
      const tenth = Math.floor((settled * 10) / this.#o.total);
      if (tenth >= this.#nextTenth && tenth < 10 && now - this.#lastLine >= 1000) {
        this.#nextTenth = tenth + 1;
        this.#line(now);
      }
    }
  }

  /** Ends the display: the bar drawn a last time (with `why` it stopped early), its line finished so that what follows starts on its own line. */
  stop(why?: string): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#o.mode === 'bar' && this.#drawn) {
      this.#draw(this.#o.now());
      this.#o.stream.write(why ? ` (${why})\n` : '\n');
      this.#drawn = false;
    }
  }

  get #settled(): number {
    return this.#done + this.#failed;
  }

  #rate(now: number): string {
    const seconds = (now - this.#started) / 1000;
    return seconds > 0.5 ? batchWords[this.#o.m.common.lang].rate(Math.round(this.#settled / seconds)) : '';
  }

  #counts(): string {
    return batchWords[this.#o.m.common.lang].rowsDone(this.#done, this.#o.total, this.#failed);
  }

  #draw(now: number): void {
    this.#lastDraw = now;
    this.#drawn = true;
    // The bar and the percentage: rows settled (done or failed); the counts tell them apart.
    const filled = this.#o.total ? Math.round((this.#settled / this.#o.total) * BAR) : BAR;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}`;
    const pct = this.#o.total ? Math.floor((this.#settled / this.#o.total) * 100) : 100;
    this.#o.stream.write(`\r\u001b[2K${this.#o.label} ${bar} ${pct}% ${this.#counts()}${this.#rate(now)}`);
  }

  #line(now: number): void {
    this.#lastLine = now;
    this.#lastPrinted = this.#settled;
    const pct = this.#o.total ? Math.floor((this.#settled / this.#o.total) * 100) : 100;
    this.#o.stream.write(`${this.#o.label}: ${this.#counts()} (${pct}%)${this.#rate(now)}\n`);
  }

  #heartbeat(): void {
    const now = this.#o.now();
    if (this.#settled !== this.#lastPrinted && now - this.#lastLine >= EVERY_MS - 50) this.#line(now);
  }
}
