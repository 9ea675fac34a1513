import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './boundedQueue.js';

describe('BoundedQueue', () => {
  it('runs at most `concurrency` jobs at once, in arrival order, and refuses with 429 past `maxWaiting`', async () => {
    const queue = new BoundedQueue(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const job = (n: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((open) => gates.push(open));
        running--;
        return n;
      });
    const accepted = [1, 2, 3, 4, 5].map(job);
    await expect(job(6)).rejects.toMatchObject({ code: 'ErrTooManyRequests', status: 429, metadata: { retryAfter: 1 } });
    expect(queue.size).toBe(5);
    // Open each gate as its job arrives, until all have run.
    while (order.length < 5 || gates.length > 0) {
      await new Promise((tick) => setImmediate(tick));
      gates.shift()?.();
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('frees the slot of a job that throws', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
