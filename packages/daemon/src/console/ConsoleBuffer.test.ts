import { describe, expect, it } from 'vitest';
import { ConsoleBuffer, CONSOLE_LIMIT, CONSOLE_TRIM_TO } from './ConsoleBuffer.js';

describe('ConsoleBuffer', () => {
  it('replays everything, or only what came after an epoch', async () => {
    const buffer = new ConsoleBuffer();
    buffer.append('first\n');
    const { epoch } = buffer.replay();
    await new Promise((r) => setTimeout(r, 5));
    buffer.append('second\n');
    expect(buffer.replay().logs).toEqual(['first\n', 'second\n']);
    expect(buffer.replay(epoch).logs).toEqual(['second\n']);
    const later = buffer.replay(epoch);
    expect(buffer.replay(later.epoch).logs).toEqual([]);
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

  it('stays fast: a million appends take well under a second', () => {
    const buffer = new ConsoleBuffer();
    const started = performance.now();
    for (let i = 0; i < 1_000_000; i++) buffer.append('line of console output ' + i + '\n');
    expect(performance.now() - started).toBeLessThan(1500);
    expect(buffer.length).toBeLessThanOrEqual(CONSOLE_LIMIT);
  });
});
