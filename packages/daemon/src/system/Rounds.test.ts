import { describe, expect, it } from 'vitest';
import { Rounds } from './Rounds.js';

describe('Rounds', () => {
  it('answers the round under way instead of starting a second, and starts a new one after', async () => {
    let started = 0;
    let release!: () => void;
    const rounds = new Rounds(() => {
      started++;
      return new Promise<void>((resolve) => (release = resolve));
    }, 60_000);
    const first = rounds.run();
    const second = rounds.run();
    expect(second).toBe(first);
    expect(started).toBe(1);
    release();
    await first;
    void rounds.run();
    expect(started).toBe(2);
    release();
  });

  it('runs on its timer, at once when asked, and stop waits for the round under way', async () => {
    const times: number[] = [];
    let finished = 0;
    const rounds = new Rounds(async () => {
      times.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished++;
    }, 20);
    rounds.start({ now: true });
    await new Promise((resolve) => setTimeout(resolve, 120));
    await rounds.stop();
    const seen = times.length;
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(seen);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(times.length).toBe(seen);
  });
});
