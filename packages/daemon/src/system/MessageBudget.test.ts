import { describe, expect, it } from 'vitest';
import { MessageBudget } from './MessageBudget.js';

describe('MessageBudget', () => {
  it('accepts the burst, then drops with one warning a second', () => {
    const budget = new MessageBudget({ perSecond: 10, burst: 5, closeAfterDropped: 100 });
    const at = 1000;
    const verdicts = Array.from({ length: 20 }, () => budget.take(at));
    expect(verdicts.filter((v) => v === 'accept')).toHaveLength(5);
    expect(verdicts.filter((v) => v === 'warn')).toHaveLength(1);
    expect(verdicts.slice(6).every((v) => v === 'drop')).toBe(true);
    // A second later the rate has refilled ten messages, and a new warning may go out.
    expect(budget.take(at + 1000)).toBe('accept');
    expect(budget.retryAfter).toBe(1);
  });

  it('keeps the steady rate for a client that stays within it', () => {
    const budget = new MessageBudget({ perSecond: 20, burst: 40, closeAfterDropped: 200 });
    for (let i = 0; i < 2000; i++) expect(budget.take(i * 50)).toBe('accept');
  });

  it('closes a client that keeps flooding, even one that only slightly exceeds its rate', () => {
    const flood = new MessageBudget({ perSecond: 20, burst: 40, closeAfterDropped: 200 });
    const verdicts = Array.from({ length: 1000 }, () => flood.take(0));
    // 40 accepted, then the 201st dropped message closes.
    expect(verdicts.indexOf('close')).toBe(40 + 200);
    const steady = new MessageBudget({ perSecond: 20, burst: 40, closeAfterDropped: 200 });
    let closedAt = -1;
    // 25 messages a second: 5 too many each second.
    for (let i = 0; i < 25 * 120 && closedAt < 0; i++) if (steady.take(i * 40) === 'close') closedAt = i;
    expect(closedAt).toBeGreaterThan(0);
  });

  it('says close once, then drops whatever comes until the client is gone, however long it waits', () => {
    const flood = new MessageBudget({ perSecond: 20, burst: 40, closeAfterDropped: 200 });
    const verdicts = Array.from({ length: 1000 }, () => flood.take(0));
    expect(verdicts.filter((v) => v === 'close')).toHaveLength(1);
    expect(verdicts.slice(verdicts.indexOf('close') + 1).every((v) => v === 'drop')).toBe(true);
    // A refilled bucket does not reopen a socket being closed.
    expect(flood.take(60_000)).toBe('drop');
  });
});
