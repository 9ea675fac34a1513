import { describe, expect, it, vi } from 'vitest';
import { ConsoleBuffer, CONSOLE_BATCH_CHARS, CONSOLE_LIMIT, CONSOLE_TRIM_TO } from './ConsoleBuffer.js';

describe('ConsoleBuffer', () => {
  it('replays everything, or only what came after an epoch', () => {
    // Epochs are the clock's milliseconds: the clock is set by hand so the two appends differ.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const buffer = new ConsoleBuffer();
      vi.setSystemTime(1_000_000);
      buffer.append('first\n');
      const { epoch } = buffer.replay();
      expect(epoch).toBe(1_000_000);
      vi.setSystemTime(1_000_005);
      buffer.append('second\n');
      expect(buffer.replay().logs).toEqual(['first\n', 'second\n']);
      expect(buffer.replay(epoch).logs).toEqual(['second\n']);
      const later = buffer.replay(epoch);
      expect(buffer.replay(later.epoch).logs).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('trims to 2097152 characters once 4194304 are exceeded, dropping the oldest', () => {
    const buffer = new ConsoleBuffer();
    const line = 'x'.repeat(1023) + '\n';
    for (let i = 0; i < CONSOLE_LIMIT / 1024; i++) buffer.append(line);
    expect(buffer.length).toBe(CONSOLE_LIMIT);
    buffer.append('newest\n');
    expect(buffer.length).toBeLessThanOrEqual(CONSOLE_TRIM_TO);
    const logs = buffer.replay().logs;
    expect(logs.at(-1)).toBe('newest\n');
    expect(logs.join('').length).toBe(buffer.length);
  });

  it('keeps the tail of a single chunk larger than the limit', () => {
    const buffer = new ConsoleBuffer(100, 50);
    buffer.append('a'.repeat(150) + 'END');
    expect(buffer.length).toBe(50);
    expect(buffer.replay().logs.join('').endsWith('END')).toBe(true);
  });

  it('delivers live output to every subscriber in batches, and stops after unsubscribe', async () => {
    const buffer = new ConsoleBuffer();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = buffer.subscribe((logs) => a.push(...logs));
    buffer.subscribe((logs) => b.push(...logs));
    buffer.append('one\n');
    buffer.append('two\n');
    await new Promise((r) => setImmediate(r));
    expect(a).toEqual(['one\n', 'two\n']);
    expect(b).toEqual(['one\n', 'two\n']);
    stopA();
    buffer.append('three\n');
    await new Promise((r) => setImmediate(r));
    expect(a).toEqual(['one\n', 'two\n']);
    expect(b.at(-1)).toBe('three\n');
  });

  it('cuts a turn of output into batches of at most CONSOLE_BATCH_CHARS, in order, a larger chunk alone', async () => {
    const buffer = new ConsoleBuffer();
    const batches: string[][] = [];
    const epochs: number[] = [];
    buffer.subscribe((logs, epoch) => {
      batches.push(logs);
      epochs.push(epoch);
    });
    const line = (i: number) => `line ${String(i).padStart(5, '0')} ${'x'.repeat(88)}\n`;
    const sent: string[] = [];
    for (let i = 0; i < 1000; i++) sent.push(line(i));
    sent.splice(500, 0, 'y'.repeat(CONSOLE_BATCH_CHARS * 2) + '\n');
    for (const text of sent) buffer.append(text);
    await new Promise((r) => setImmediate(r));
    expect(batches.flat()).toEqual(sent);
    expect(batches.length).toBeGreaterThan(5);
    for (const batch of batches) {
      const chars = batch.join('').length;
      if (batch.length > 1) expect(chars).toBeLessThanOrEqual(CONSOLE_BATCH_CHARS);
    }
    expect(batches.some((batch) => batch.length === 1 && batch[0].startsWith('yyy'))).toBe(true);
    // Each batch carries its last chunk's stamp: never going back, the last one the newest.
    expect(epochs).toEqual([...epochs].sort((a, b) => a - b));
    expect(epochs.at(-1)).toBe(buffer.replay().epoch);
  });

  // How fast appends are is measured by `npm run bench:console`, not asserted here: timings on a
  // shared machine swing too much to fail on. A buffer that copied itself per append would still
  // run past the test's timeout.
  it('keeps the newest output of a million appends, in order and within the limit', () => {
    const buffer = new ConsoleBuffer();
    const count = 1_000_000;
    for (let i = 0; i < count; i++) buffer.append('line of console output ' + i + '\n');
    expect(buffer.length).toBeLessThanOrEqual(CONSOLE_LIMIT);
    const logs = buffer.replay().logs;
    expect(logs.join('').length).toBe(buffer.length);
    const numbers = logs.map((line) => Number(/ (\d+)\n$/.exec(line)![1]));
    expect(numbers[0]).toBeGreaterThan(0);
    expect(numbers.at(-1)).toBe(count - 1);
    expect(numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1)).toBe(true);
  });

  it('takes saved chunks back, skipping anything that is not a stamp and a text, and keeps its limit', () => {
    const saved = new ConsoleBuffer();
    saved.append('one\n');
    saved.append('two\n');
    const buffer = new ConsoleBuffer(20, 10);
    buffer.restore([...saved.saved(), ['x', 'no stamp'], [5, 7], null, [Number.NaN, 'nan']]);
    expect(buffer.replay().logs).toEqual(['one\n', 'two\n']);
    buffer.restore('not a list');
    expect(buffer.length).toBe(8);
    buffer.restore([[1, 'a much longer line than twenty characters\n']]);
    expect(buffer.length).toBeLessThanOrEqual(20);
    expect(buffer.replay().logs.join('')).toContain('two');
  });
});
