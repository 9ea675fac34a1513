import { AttemptBudget, type CountedAttempt } from './attemptBudget.js';

export interface LoginLimits {
  /** Unsuccessful attempts per account from one client address. */
  perAccount: number;
  /** Unsuccessful attempts from one client address, whatever the account (a flood of made-up emails). */
  perAddress: number;
  windowMs: number;
}

export const DefaultLoginLimits: LoginLimits = { perAccount: 5, perAddress: 30, windowMs: 5 * 60_000 };

/** A login attempt counted before its password is checked. A failure needs no call: it stays counted. */
export interface LoginAttempt {
  /** The password was right: the attempt and the earlier failures for this account from this address are forgotten. */
  succeeded(): void;
  /** No password was checked (the server was too busy): the attempt does not count. */
  release(): void;
}

/**
 * Budgets for password and one-time-code checks, keyed by account and client address, so a
 * guesser locks out only itself: the owner, elsewhere, still signs in. Every attempt is counted
 * before any hashing and given back on success, so a hundred parallel guesses check at most
 * `perAccount` passwords. The client address is request.ip: the socket's, or the proxy-reported
 * one when the trustProxy setting says to believe it.
 */
export class FailedLogins {
  private readonly byAddress: AttemptBudget;
  private readonly byAccount: AttemptBudget;

  constructor(limits: LoginLimits = DefaultLoginLimits) {
    this.byAddress = new AttemptBudget(limits.perAddress, limits.windowMs, 'failed logins from this address');
    this.byAccount = new AttemptBudget(limits.perAccount, limits.windowMs, 'failed logins');
  }

  /** Counts an attempt for `account` from `client`, or throws 429 ErrTooManyRequests before any work. */
  begin(client: string, account: string, now = Date.now()): LoginAttempt {
    const accountKey = `${account.toLowerCase()}|${client}`;
    const fromAddress = this.byAddress.take(client, now);
    let forAccount: CountedAttempt;
    try {
      forAccount = this.byAccount.take(accountKey, now);
    } catch (error) {
      fromAddress.giveBack();
      throw error;
    }
    return {
      succeeded: () => {
        fromAddress.giveBack();
        forAccount.giveBack();
        this.byAccount.forget(accountKey);
      },
      release: () => {
        fromAddress.giveBack();
        forAccount.giveBack();
      },
    };
  }

  /**
   * Runs a password check counted as one attempt: a found value is a success, undefined a
   * failure, and a throw (the server too busy to check) does not count.
   */
  async guard<T>(client: string, account: string, check: () => Promise<T | undefined>): Promise<T | undefined> {
    const attempt = this.begin(client, account);
    let found: T | undefined;
    try {
      found = await check();
    } catch (error) {
      attempt.release();
      throw error;
    }
    if (found !== undefined) attempt.succeeded();
    return found;
  }
}
