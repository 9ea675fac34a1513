import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './LoginLimiter.js';

describe('LoginLimiter', () => {
  it('blocks a key after too many failures within the window, then lets it try again later', () => {
    let now = 0;
    const limiter = new LoginLimiter({ attempts: 3, windowMs: 1000, blockMs: 5000 }, () => now);
    const keys = ['address:10.0.0.1', 'account:a@example.com|abcd1234|10.0.0.1'];
    for (let i = 0; i < 3; i++) limiter.begin(keys)!.fail();
    expect(limiter.begin(keys)).toBeUndefined();
    expect(limiter.isBlocked(['address:10.0.0.1'])).toBe(true);
    expect(limiter.isBlocked(['address:10.0.0.2', 'account:a@example.com|abcd1234|10.0.0.2'])).toBe(false);
    now = 5001;
    expect(limiter.isBlocked(keys)).toBe(false);
    expect(limiter.begin(keys)).toBeDefined();
  });

  it('counts attempts still being checked, so parallel ones cannot pass the limit', () => {
    const limiter = new LoginLimiter({ attempts: 5, windowMs: 1000, blockMs: 5000 }, () => 0);
    const started = Array.from({ length: 100 }, () => limiter.begin(['k']));
    expect(started.filter(Boolean)).toHaveLength(5);
  });

  it('gives a good login its attempt back and forgets the account key, but not the address', () => {
    let now = 0;
    const limiter = new LoginLimiter({ attempts: 3, windowMs: 1000, blockMs: 5000 }, () => now++);
    const keys = ['address:a', 'account:x|a'];
    limiter.begin(keys)!.fail();
    limiter.begin(keys)!.fail();
    limiter.begin(keys)!.succeed(['account:x|a']);
    // The address keeps its two failures: one more attempt, then it is full.
    expect(limiter.begin(['address:a'])).toBeDefined();
    expect(limiter.begin(['address:a'])).toBeUndefined();
  });

  it('forgets failures that fall out of the window', () => {
    let now = 0;
    const limiter = new LoginLimiter({ attempts: 2, windowMs: 1000, blockMs: 5000 }, () => now);
    limiter.begin(['k'])!.fail();
    now = 1500;
    limiter.begin(['k'])!.fail();
    expect(limiter.isBlocked(['k'])).toBe(false);
  });
});
