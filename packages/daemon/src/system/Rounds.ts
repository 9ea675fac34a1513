/**
 * A job run every `intervalMs`, one round at a time: asked again while a round is under way (by the
 * timer or a caller), it answers that round instead of starting another, so a slow node or disk
 * never piles rounds up. The timer does not keep the process alive; errors are the round's own.
 */
export class Rounds {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  /** Starts the timer; `now` also runs a first round at once. */
  start({ now = false } = {}): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
    if (now) void this.run();
  }

  /** A round now, or the one under way. */
  run(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops the timer and waits for the round under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
