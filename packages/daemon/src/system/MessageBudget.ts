/** How many messages one socket may send: a steady rate with a burst on top. */
export interface MessageBudgetOptions {
  perSecond: number;
  burst: number;
  /** Dropped messages, counted until the client has been quiet long enough to refill, before the socket is closed. */
  closeAfterDropped: number;
}

/** 20 messages a second with a burst of 40: the web app sends one `stat` every 3 s plus what a user clicks. */
export const DefaultMessageBudget: MessageBudgetOptions = { perSecond: 20, burst: 40, closeAfterDropped: 200 };

/**
 * What to do with a message: handle it, drop it and tell the client once (`warn`, at most once a
 * second), drop it quietly, or close the socket (1008) because the client keeps going.
 */
export type BudgetVerdict = 'accept' | 'warn' | 'drop' | 'close';

/**
 * A token bucket per socket. Messages past the budget are dropped; the client is told with one
 * ErrTooManyRequests error a second; a client that keeps flooding is cut off. The drop count
 * starts over only once the bucket is full again, so a client steadily over its rate is closed too.
 */
export class MessageBudget {
  private tokens: number;
  private at?: number;
  private dropped = 0;
  private warnedAt = -Infinity;
  private closing = false;

  constructor(private readonly options: MessageBudgetOptions = DefaultMessageBudget) {
    this.tokens = options.burst;
  }

  take(now = performance.now()): BudgetVerdict {
    // Closing is said once: whatever the client sends until it is gone is dropped quietly.
    if (this.closing) return 'drop';
    const { perSecond, burst, closeAfterDropped } = this.options;
    const elapsed = this.at === undefined ? 0 : Math.max(0, now - this.at);
    this.tokens = Math.min(burst, this.tokens + (elapsed / 1000) * perSecond);
    this.at = now;
    if (this.tokens >= burst) this.dropped = 0;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'accept';
    }
    this.dropped += 1;
    if (this.dropped > closeAfterDropped) {
      this.closing = true;
      return 'close';
    }
    if (now - this.warnedAt >= 1000) {
      this.warnedAt = now;
      return 'warn';
    }
    return 'drop';
  }

  /** Seconds until the next message would be accepted, for the error's retryAfter. */
  get retryAfter(): number {
    return Math.max(1, Math.ceil((1 - this.tokens) / this.options.perSecond));
  }
}

/**
 * Cuts off a socket whose client keeps flooding: the 1008 close goes out, and a client that does
 * not answer it within a second is disconnected, rather than being read until ws's 30 s close
 * timeout.
 */
export function cutOffFlood(socket: { close(code: number, reason: string): void; terminate(): void; once(event: 'close', listener: () => void): unknown }): void {
  socket.close(1008, 'too many messages');
  const timer = setTimeout(() => socket.terminate(), 1000);
  socket.once('close', () => clearTimeout(timer));
}
