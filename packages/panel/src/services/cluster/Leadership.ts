import pg from 'pg';

/**
 * Which panel of those sharing a database runs the work that must run once (issue 34): writing
 * node events and stats history, retention sweeps, roll-ups. A panel alone on its database always
 * leads (`SoleLeadership`); on PostgreSQL the one holding an advisory lock does
 * (`PostgresLeadership`), and another takes it when that one's connection ends.
 */
export interface Leadership {
  readonly leading: boolean;
  /** Calls `listener` at each change (and at once with true for a panel that leads from its start); answers the removal. */
  onChange(listener: (leading: boolean) => void): () => void;
  start(): void;
  /** Gives the lead up (the jobs are told first) and stops trying. */
  stop(): Promise<void>;
}

/** Tells listeners of each change, waiting for the ones that stop work. */
abstract class Listened {
  leading = false;
  private readonly listeners = new Set<(leading: boolean) => void | Promise<void>>();

  onChange(listener: (leading: boolean) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected async become(leading: boolean): Promise<void> {
    if (this.leading === leading) return;
    this.leading = leading;
    await Promise.all([...this.listeners].map(async (listener) => listener(leading)));
  }
}

/** A panel alone on its database (SQLite, MySQL): it leads from start to stop. */
export class SoleLeadership extends Listened implements Leadership {
  start(): void {
    void this.become(true);
  }

  async stop(): Promise<void> {
    await this.become(false);
  }
}

/**
 * The key of the lead's advisory lock, the same in every panel: advisory locks are per database,
 * so Outposts on other databases of one PostgreSQL server never meet.
 */
const LEAD_LOCK = [0x4f55, 0x7450] as const;
export const LEAD_RETRY_MS = 1000;

/**
 * Leads while holding a session advisory lock on a connection of its own. Followers try for it
 * every `retryMs`; the leader checks every `retryMs` that its connection still answers. A leader
 * that dies (even by SIGKILL) closes its socket, PostgreSQL frees the lock at once, and the next
 * try of a follower takes it. A leader whose connection fails stops its jobs before trying again.
 */
export class PostgresLeadership extends Listened implements Leadership {
  private client?: pg.Client;
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly options: { retryMs?: number; warn?: (details: object, msg: string) => void } = {},
  ) {
    super();
  }

  start(): void {
    this.stopped = false;
    this.runRound();
    this.timer = setInterval(() => this.runRound(), this.options.retryMs ?? LEAD_RETRY_MS);
    this.timer.unref();
  }

  private runRound(): void {
    this.round ??= this.tick().finally(() => (this.round = undefined));
  }

  private async tick(): Promise<void> {
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url });
        client.on('error', () => undefined);
        await client.connect();
        this.client = client;
      }
      if (this.leading) {
        await this.client.query('SELECT 1');
        return;
      }
      const { rows } = await this.client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [...LEAD_LOCK]);
      if (rows[0]?.taken && !this.stopped) await this.become(true);
    } catch (error) {
      // The lock went with the connection: stop leading before anyone else may start.
      const client = this.client;
      this.client = undefined;
      void client?.end().catch(() => undefined);
      if (this.leading) this.options.warn?.({ err: error }, 'lost the lead of the once-only jobs');
      await this.become(false);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
    await this.become(false);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
