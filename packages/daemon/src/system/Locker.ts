/**
 * A mutex for async work, as Wings' system/locker.go: power actions of one server run one at a
 * time, in arrival order, so a start cannot interleave with a stop or an install.
 */
export class Locker {
  private tail: Promise<unknown> = Promise.resolve();
  private held = false;

  get isLocked(): boolean {
    return this.held;
  }

  /** Runs `work` once every earlier holder has finished; answers its result. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      this.held = true;
      try {
        return await work();
      } finally {
        this.held = false;
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
