/**
 * A costly reading (a /proc scan, a call to the container engine) taken at most once per
 * interval, however many ask: callers within the interval get the last value, callers during a
 * reading wait for that same reading. A failed reading is not kept; the next caller tries again.
 */
export class SharedSample<T> {
  private last?: { value: T; at: number };
  private pending?: Promise<T>;

  constructor(
    private readonly take: () => Promise<T>,
    private readonly intervalMs: number,
  ) {}

  get(): Promise<T> {
    if (this.pending) return this.pending;
    if (this.last && performance.now() - this.last.at < this.intervalMs) return Promise.resolve(this.last.value);
    const startedAt = performance.now();
    const pending = this.take()
      .then((value) => {
        this.last = { value, at: startedAt };
        return value;
      })
      .finally(() => {
        if (this.pending === pending) this.pending = undefined;
      });
    this.pending = pending;
    return pending;
  }
}
