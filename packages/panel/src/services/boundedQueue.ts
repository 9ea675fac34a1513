import { OutpostError } from '@outpost/shared';

const busy = () => new OutpostError('ErrTooManyRequests', 'the server is busy, try again shortly', { retryAfter: 1 }, 429);

interface Waiting {
  rank: number;
  start(): void;
  refuse(error: OutpostError): void;
}

/**
 * Runs at most `concurrency` jobs at once; at most `maxWaiting` may wait, and one more is refused
 * with 429 ErrTooManyRequests rather than queued without end. Jobs run by rank, lowest first, in
 * arrival order within a rank. When the queue is full, a job of a lower rank than the worst waiting
 * one takes that one's place (which is refused instead), so a flood that ranks itself high by its
 * own failures cannot keep a low-ranked caller out.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Jobs running now plus jobs waiting. */
  get size(): number {
    return this.running + this.waiting.length;
  }

  async run<T>(job: () => Promise<T>, rank = 0): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      this.makeRoomFor(rank);
      // The finishing job hands its slot over: `running` stays as it is.
      await new Promise<void>((start, refuse) => this.waiting.push({ rank, start, refuse }));
    }
    try {
      return await job();
    } finally {
      const next = this.takeNext();
      if (next) next.start();
      else this.running--;
    }
  }

  /** Throws 429 when no place is free and none waits with a worse rank than `rank`; else refuses that one. */
  private makeRoomFor(rank: number): void {
    if (this.waiting.length < this.maxWaiting) return;
    // The worst is the last of the highest rank: the one that would run last.
    let worst = -1;
    for (let i = 0; i < this.waiting.length; i++) if (worst < 0 || this.waiting[i]!.rank >= this.waiting[worst]!.rank) worst = i;
    if (worst < 0 || this.waiting[worst]!.rank <= rank) throw busy();
    this.waiting.splice(worst, 1)[0]!.refuse(busy());
  }

  /** The first waiting job of the lowest rank. */
  private takeNext(): Waiting | undefined {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) if (best < 0 || this.waiting[i]!.rank < this.waiting[best]!.rank) best = i;
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }
}
