/** How a crashed server is brought back: exponential backoff, and a limit after which we give up. */
export interface RecoveryOptions {
  /** First delay; doubles per crash in the window. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Crashes within `windowMs` after which recovery stops. */
  maxCrashes: number;
  windowMs: number;
}

export const defaultRecovery: RecoveryOptions = { initialDelayMs: 1000, maxDelayMs: 60_000, maxCrashes: 5, windowMs: 600_000 };

/** Counts crashes in a sliding window and answers the delay before the next recovery, or undefined to give up. */
export class RecoveryPolicy {
  private crashes: number[] = [];

  constructor(private readonly options: RecoveryOptions) {}

  crashed(now = Date.now()): number | undefined {
    this.crashes = this.crashes.filter((at) => now - at < this.options.windowMs);
    this.crashes.push(now);
    if (this.crashes.length >= this.options.maxCrashes) {
      this.crashes = [];
      return undefined;
    }
    const { initialDelayMs, maxDelayMs } = this.options;
    return Math.min(maxDelayMs, initialDelayMs * 2 ** (this.crashes.length - 1));
  }

  /** The budget in words, e.g. "5 crashes within 10 minutes". */
  describe(what = 'crashes'): string {
    const minutes = Math.round(this.options.windowMs / 60_000);
    return `${this.options.maxCrashes} ${what} within ${minutes >= 1 ? `${minutes} minutes` : `${this.options.windowMs} ms`}`;
  }
}
