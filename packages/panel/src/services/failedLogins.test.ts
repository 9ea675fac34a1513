import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../test/factories.js';
import { checkCredentials } from './checkCredentials.js';
import { FailedLogins } from './failedLogins.js';
import { passwordWork } from './passwords.js';

describe('FailedLogins ranks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts guesses at an account from a new address each behind a login to an account nobody guesses at', async () => {
    const logins = new FailedLogins(t.app.panel.repo.attempts);
    // Every guess at the victim names a new address: no address or account-and-address has failed.
    for (let n = 0; n < 50; n++) await logins.begin(`2001:db8::${n}`, 'victim@example.com');
    const guess = await logins.begin('2001:db8::ffff', 'victim@example.com');
    const bystander = await logins.begin('192.0.2.7', 'bystander@example.com');
    expect(bystander.rank).toBe(0);
    expect(guess.rank).toBeGreaterThan(bystander.rank);
  });

  it('keeps the owner of a guessed account, from an address that has not failed, before the guessers whose addresses have', async () => {
    const logins = new FailedLogins(t.app.panel.repo.attempts);
    for (let n = 0; n < 20; n++) await logins.begin(`198.51.100.${n}`, 'owner@example.com');
    const nextGuess = await logins.begin('198.51.100.3', 'owner@example.com');
    const owner = await logins.begin('192.0.2.1', 'owner@example.com');
    expect(owner.rank).toBe(1);
    expect(nextGuess.rank).toBeGreaterThan(owner.rank);
  });
});

describe('checkCredentials in a full password queue', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createSignedInUser(t.app);
  });
  afterAll(() => t.close());

  it('queues an email with no account one place behind a real one of the same rank', async () => {
    // The hash an unknown email is checked against is made once, on first use: make it now.
    expect(await checkCredentials(t.app.panel.repo, 'warm-up@example.com', 'guess')).toBeUndefined();
    // Fill the queue: two running jobs held open, and every waiting place taken at rank 1.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const jobs = [passwordWork.run(() => held), passwordWork.run(() => held)];
    let refused = 0;
    const waiting = Array.from({ length: 32 }, () =>
      passwordWork.run(async () => undefined, 1).catch((error: unknown) => {
        refused++;
        return error;
      }),
    );
    try {
      // A made-up email at rank 0 goes in at rank 1, no better than what waits: refused as busy.
      await expect(checkCredentials(t.app.panel.repo, 'nobody-here@example.com', 'guess', 0)).rejects.toMatchObject({ code: 'ErrTooManyRequests' });
      // The real account at rank 0 takes the place of the worst waiting job.
      const signIn = checkCredentials(t.app.panel.repo, user.email, user.password, 0);
      await vi.waitUntil(() => refused === 1);
      release();
      expect((await signIn)?.id).toBe(user.id);
      const outcomes = await Promise.all(waiting);
      expect(outcomes.filter((outcome) => outcome instanceof Error)).toHaveLength(1);
    } finally {
      release();
      await Promise.all(jobs);
    }
  });
});
