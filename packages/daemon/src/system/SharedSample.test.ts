import { describe, expect, it, vi } from 'vitest';
import { SharedSample } from './SharedSample.js';

describe('SharedSample', () => {
  it('takes one reading for a thousand askers at once, and answers them all from it', async () => {
    let readings = 0;
    const sample = new SharedSample(async () => ++readings, 60_000);
    const answers = await Promise.all(Array.from({ length: 1000 }, () => sample.get()));
    expect(readings).toBe(1);
    expect(new Set(answers)).toEqual(new Set([1]));
    // Later askers within the interval still get the same reading.
    expect(await sample.get()).toBe(1);
    expect(readings).toBe(1);
  });

  it('takes a new reading once the interval has passed', async () => {
    let readings = 0;
    const sample = new SharedSample(async () => ++readings, 20);
    expect(await sample.get()).toBe(1);
    await vi.waitFor(async () => expect(await sample.get()).toBe(2));
    expect(readings).toBe(2);
  });

  it('does not keep a failed reading: the next asker tries again', async () => {
    let readings = 0;
    const sample = new SharedSample(async () => {
      readings += 1;
      if (readings === 1) throw new Error('engine busy');
      return readings;
    }, 60_000);
    await expect(sample.get()).rejects.toThrow('engine busy');
    expect(await sample.get()).toBe(2);
  });
});
