import type { AttemptsRepository } from '../db/attempts.js';
import { StoredBudget, type StoredAttempt } from './budgets/StoredBudget.js';

export interface LoginLimits {
  /** Unsuccessful attempts per account from one client address. */
  perAccount: number;
  /** Unsuccessful attempts from one client address, whatever the account (a flood of made-up emails). */
  perAddress: number;
  /**
   * Unsuccessful SFTP attempts per account over every address nodes report: a node's word on the
   * address is only a claim, and anyone who holds its secret may name a new one per guess. Twice
   * `perAccount`, so one guessing client alone cannot lock the owner out of SFTP.
   */
  perAccountViaNodes: number;
  /** Unsuccessful SFTP attempts one node reports, whatever the account and address. */
  perNode: number;
  windowMs: number;
}

export const DefaultLoginLimits: LoginLimits = { perAccount: 5, perAddress: 30, perAccountViaNodes: 10, perNode: 100, windowMs: 5 * 60_000 };

/** A login attempt counted before its password is checked. A failure needs no call: it stays counted. */
export interface LoginAttempt {
  /** The password was right: the attempt and the earlier failures for this account from this address are forgotten. */
  succeeded(): Promise<void>;
  /** No password was checked (the server was too busy): the attempt does not count. */
  release(): Promise<void>;
  /**
   * The failures already counted against this client and account: the password queue serves
   * fewer first, so a flood whose addresses keep failing cannot crowd out a client that has not.
   */
  readonly rank: number;
}

/** Where an attempt comes from: the client's address, and the node that reports it for an SFTP login. */
export interface LoginOrigin {
  client: string;
  /** Set when a node reports the login (and names `client`): counted per account and per node too. */
  node?: number;
}

/**
 * Budgets for password and one-time-code checks, keyed by account and client address, so a
 * guesser locks out only itself: the owner, elsewhere, still signs in. Every attempt is counted
 * before any hashing and given back on success, so a hundred parallel guesses check at most
 * `perAccount` passwords, however many panels they are spread over (the budgets are in the
 * database). The client address is request.ip: the socket's, or the proxy-reported one when the
 * trustProxy setting says to believe it. An SFTP login a node reports is also counted per account
 * over all reported addresses and per node, since a node may name any address.
 */
export class FailedLogins {
  private readonly byAddress: StoredBudget;
  private readonly byAccount: StoredBudget;
  private readonly byAccountViaNodes: StoredBudget;
  private readonly byNode: StoredBudget;
  /**
   * Every attempt at an account, whatever the address: never a limit (a guesser must not lock the
   * owner out), only one place of rank for an account someone is guessing at, so a flood that
   * names a new address per guess still queues behind logins to accounts nobody guesses at, while
   * the owner, from an address that has not failed, still goes before the guessers.
   */
  private readonly byAccountAnywhere: StoredBudget;

  constructor(attempts: AttemptsRepository, limits: LoginLimits = DefaultLoginLimits) {
    this.byAddress = new StoredBudget(attempts, 'login.address', limits.perAddress, limits.windowMs, 'failed logins from this address');
    this.byAccount = new StoredBudget(attempts, 'login.account', limits.perAccount, limits.windowMs, 'failed logins');
    this.byAccountViaNodes = new StoredBudget(attempts, 'login.accountViaNodes', limits.perAccountViaNodes, limits.windowMs, 'failed logins');
    this.byNode = new StoredBudget(attempts, 'login.node', limits.perNode, limits.windowMs, 'failed logins reported by this node');
    this.byAccountAnywhere = new StoredBudget(attempts, 'login.accountAnywhere', Number.POSITIVE_INFINITY, limits.windowMs, 'logins');
  }

  /** Counts an attempt for `account` from `origin` (a client address), or throws 429 ErrTooManyRequests before any work. */
  async begin(origin: string | LoginOrigin, account: string): Promise<LoginAttempt> {
    const { client, node } = typeof origin === 'string' ? { client: origin, node: undefined } : origin;
    const accountKey = `${account.toLowerCase()}|${client}`;
    const charges: [StoredBudget, string][] = [
      [this.byAddress, client],
      [this.byAccount, accountKey],
    ];
    if (node !== undefined) charges.push([this.byAccountViaNodes, account.toLowerCase()], [this.byNode, String(node)]);
    const taken: StoredAttempt[] = [];
    const giveBack = async () => {
      await Promise.all(taken.map((attempt) => attempt.giveBack()));
    };
    // Each budget's count is read under the same lock that counts the attempt.
    const anywhere = await this.byAccountAnywhere.take(account.toLowerCase());
    taken.push(anywhere);
    let rank = Math.min(1, anywhere.before);
    try {
      for (const [budget, key] of charges) {
        const attempt = await budget.take(key);
        taken.push(attempt);
        // The node's own count is shared by all its users, so it does not rank one of them.
        if (budget !== this.byNode) rank += attempt.before;
      }
    } catch (error) {
      await giveBack();
      throw error;
    }
    return {
      rank,
      succeeded: async () => {
        await giveBack();
        await this.byAccount.forget(accountKey);
      },
      release: giveBack,
    };
  }

  /**
   * Runs a password check counted as one attempt: a found value is a success, undefined a
   * failure, and a throw (the server too busy to check) does not count. `check` gets the rank
   * to queue its password work with.
   */
  async guard<T>(origin: string | LoginOrigin, account: string, check: (rank: number) => Promise<T | undefined>): Promise<T | undefined> {
    const attempt = await this.begin(origin, account);
    let found: T | undefined;
    try {
      found = await check(attempt.rank);
    } catch (error) {
      await attempt.release();
      throw error;
    }
    if (found !== undefined) await attempt.succeeded();
    return found;
  }
}
