/**
 * A few buffers of one size, lent out and given back, for streams that move many megabytes: a
 * fresh buffer per chunk is external memory V8 pays for with full collections of the heap (in the
 * panel, ~45% of its CPU during a 200 MB transfer went to marking), a reused one costs nothing.
 */
export class BufferRing {
  private readonly free: Buffer[];
  private waiter?: (buffer: Buffer | undefined) => void;
  private closed = false;

  constructor(
    count: number,
    readonly size: number,
  ) {
    this.free = Array.from({ length: count }, () => Buffer.allocUnsafeSlow(size));
  }

  /** A free buffer, once one is given back; undefined after close(). One taker at a time. */
  take(): Buffer | undefined | Promise<Buffer | undefined> {
    if (this.closed) return undefined;
    return this.free.pop() ?? new Promise((resolve) => (this.waiter = resolve));
  }

  /** Gives a buffer back once whoever it was lent to no longer reads it. */
  give(buffer: Buffer): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter && !this.closed) waiter(buffer);
    else this.free.push(buffer);
  }

  /** Ends lending: a waiting taker gets undefined, and so does every later one. */
  close(): void {
    this.closed = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.(undefined);
  }
}
