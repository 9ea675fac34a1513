import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './LoginLimiter.js';

describe('LoginLimiter', () => {
  it('blocks a key after too many failures within the window, then lets it try again later', () => {
    let now = 0;
    const limiter = new LoginLimiter({ attempts: 3, windowMs: 1000, blockMs: 5000 }, () => now);
    const keys = ['address:10.0.0.1', 'account:a@example.com|abcd1234'];
    limiter.fail(keys);
    limiter.fail(keys);
    expect(limiter.isBlocked(keys)).toBe(false);
    limiter.fail(keys);
    expect(limiter.isBlocked(['address:10.0.0.1'])).toBe(true);
    expect(limiter.isBlocked(['address:10.0.0.2', 'account:a@example.com|abcd1234'])).toBe(true);
    expect(limiter.isBlocked(['address:10.0.0.2', 'account:b@example.com|abcd1234'])).toBe(false);
    now = 5001;
    expect(limiter.isBlocked(keys)).toBe(false);
  });

  it('forgets failures that fall out of the window', () => {
    let now = 0;
    const limiter = new LoginLimiter({ attempts: 2, windowMs: 1000, blockMs: 5000 }, () => now);
    limiter.fail(['k']);
    now = 1500;
    limiter.fail(['k']);
    expect(limiter.isBlocked(['k'])).toBe(false);
  });
});
