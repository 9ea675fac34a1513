import { OutpostError } from '@outpost/shared';

/**
 * Runs at most `concurrency` jobs at once, in arrival order; at most `maxWaiting` may wait, and
 * one more is refused with 429 ErrTooManyRequests rather than queued without end.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Jobs running now plus jobs waiting. */
  get size(): number {
    return this.running + this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw new OutpostError('ErrTooManyRequests', 'the server is busy, try again shortly', { retryAfter: 1 }, 429);
      }
      // The finishing job hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
