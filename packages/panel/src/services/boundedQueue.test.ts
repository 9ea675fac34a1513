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

  it('runs the lowest rank first, and when full lets a lower rank take the place of the worst waiting job', async () => {
    const queue = new BoundedQueue(1, 3);
    const order: string[] = [];
    const refused: string[] = [];
    const gates: (() => void)[] = [];
    const job = (name: string, rank: number) => {
      const done = queue.run(async () => {
        order.push(name);
        await new Promise<void>((open) => gates.push(open));
        return name;
      }, rank);
      done.catch((error: unknown) => refused.push(`${name}: ${(error as { status?: number }).status}`));
      return done;
    };
    const running = job('first', 5);
    // A flood ranked by its failures fills the queue; another like it is refused, but a caller
    // with no failures takes the place of the one that would run last.
    const flood = [job('flood a', 3), job('flood b', 3), job('flood c', 3), job('flood d', 3)];
    const honest = job('honest', 0);
    await new Promise((tick) => setImmediate(tick));
    expect(refused).toEqual(['flood d: 429', 'flood c: 429']);
    expect(queue.size).toBe(4);
    while (order.length < 4 || gates.length > 0) {
      await new Promise((tick) => setImmediate(tick));
      gates.shift()?.();
    }
    expect(await Promise.all([running, honest, flood[0], flood[1]])).toEqual(['first', 'honest', 'flood a', 'flood b']);
    expect(order).toEqual(['first', 'honest', 'flood a', 'flood b']);
    expect(queue.size).toBe(0);
  });

  it('frees the slot of a job that throws', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
