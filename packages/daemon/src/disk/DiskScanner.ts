import type { DiskUsage } from './DiskUsage.js';

export interface DiskScanOptions {
  /** How often the folder of a running server is measured (its program writes unseen). */
  runningEveryMs: number;
  /** How soon after its last scan a stopped server whose folder changed is measured again. */
  changedEveryMs: number;
  /** Pause between two scans, so a daemon opening with 1000 servers measures them one after another, not in a burst. */
  gapMs: number;
}

/**
 * A minute for running servers keeps a program writing a few MiB a second within a minute's
 * worth of its limit; with 1000 running servers that is 17 scans a second, one at a time. A
 * stopped server is measured only when something changed it (jail writes count at once anyway).
 */
export const defaultDiskScan: DiskScanOptions = { runningEveryMs: 60_000, changedEveryMs: 60_000, gapMs: 10 };

/** Longest sleep, so a server that starts or changes is noticed without a wake-up call. */
const MaxSleepMs = 1000;
/** How soon after its last scan a folder is measured again when a change asked for it soon (a folder deleted). */
const SoonMs = 1000;

/**
 * Measures the node's server folders, one at a time: each server when its turn comes (never
 * measured yet, running and due, or stopped with changes and due), the most overdue first, with a
 * short pause between scans. A server that did not run and got no writes since its last scan is
 * never scanned. Each turn is spread by up to a quarter either way so scans that began together
 * drift apart.
 */
export class DiskScanner {
  private readonly options: DiskScanOptions;
  private readonly due = new WeakMap<DiskUsage, number>();
  private closed = false;
  private loop?: Promise<void>;
  private sleeping?: { timer: NodeJS.Timeout; wake: () => void };

  constructor(
    /** The node's servers' disk use, asked each turn so servers created or deleted meanwhile count. */
    private readonly usages: () => Iterable<DiskUsage>,
    options: Partial<DiskScanOptions> = {},
  ) {
    this.options = { ...defaultDiskScan, ...options };
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops after the scan under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const now = Date.now();
      let next: DiskUsage | undefined;
      let nextAt = Infinity;
      for (const usage of this.usages()) {
        const at = this.dueAt(usage);
        if (at < nextAt) [next, nextAt] = [usage, at];
      }
      if (!next || nextAt > now) {
        await this.sleep(Math.min(MaxSleepMs, nextAt - now));
        continue;
      }
      await next.scan().catch(() => undefined);
      this.due.delete(next);
      await this.sleep(this.options.gapMs);
    }
  }

  /** When a server's folder should be measured next (Infinity: not until something changes). */
  private dueAt(usage: DiskUsage): number {
    if (usage.scannedAt === 0) return 0;
    if (usage.soon) return usage.scannedAt + SoonMs;
    const every = usage.running ? this.options.runningEveryMs : usage.dirty ? this.options.changedEveryMs : undefined;
    if (every === undefined) return Infinity;
    let at = this.due.get(usage);
    if (at === undefined || at < usage.scannedAt) {
      at = usage.scannedAt + every * (0.75 + Math.random() / 2);
      this.due.set(usage, at);
    }
    return at;
  }

  private sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleeping = undefined;
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      timer.unref();
      this.sleeping = { timer, wake };
    });
  }

  private wake(): void {
    this.sleeping?.wake();
  }
}
