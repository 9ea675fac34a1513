import type { QueryAnswer, ServerDefinition } from '@outpost/shared';
import { queryTarget, type QueryTarget } from './queryTarget.js';

/** What a query reads of its server. */
export interface QueriedServer {
  readonly running: boolean;
  readonly definition: ServerDefinition;
  variables(): Record<string, unknown>;
  onStatus(listener: (running: boolean) => void): () => void;
}

export interface ServerQueryOptions {
  /** The least time between two asks (default QUERY_INTERVAL_MS); answers in between are the last one. */
  intervalMs: number;
  /** How long a program just started has before it is first asked: a game still loading does not answer. */
  settleMs: number;
  /** How long one ask may take. */
  timeoutMs: number;
  now: () => number;
  ask: (target: QueryTarget, timeoutMs: number) => Promise<QueryAnswer>;
}

/**
 * One server's game query: asked only while the program runs, at most once per interval and
 * never before it has settled; the answer (or that there was none) is kept until the next ask
 * is due, and forgotten when the program stops or starts. Nothing it does throws at its server.
 */
export class ServerQuery {
  private answer: QueryAnswer | null = null;
  private askedAt = -Infinity;
  /** The target the answer is of: a changed port or type asks afresh. */
  private askedOf = '';
  private startedAt: number;
  /** Bumped at each start and stop, so an ask under way when it came is not kept. */
  private life = 0;
  private pending?: Promise<QueryAnswer | null>;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly server: QueriedServer,
    private readonly options: ServerQueryOptions,
  ) {
    // A server already running when first seen is treated as just started: one settle's wait at most.
    this.startedAt = options.now();
    this.unsubscribe = server.onStatus(() => {
      this.life++;
      this.answer = null;
      this.askedAt = -Infinity;
      this.pending = undefined;
      this.startedAt = this.options.now();
    });
  }

  /** The game's answer, from the cache unless an ask is due; null when it has no query, is not running, is settling or did not answer. */
  latest(): Promise<QueryAnswer | null> {
    if (!this.server.running) return Promise.resolve(null);
    const target = this.target();
    if (!target) return Promise.resolve(null);
    const now = this.options.now();
    if (now - this.startedAt < this.options.settleMs) return Promise.resolve(null);
    // Callers who come during an ask wait for its answer rather than read the one before.
    if (this.pending) return this.pending;
    const key = `${target.type}:${target.host}:${target.port}`;
    if (key === this.askedOf && now - this.askedAt < this.options.intervalMs) return Promise.resolve(this.answer);
    const pending = this.ask(target, key).finally(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    this.pending = pending;
    return pending;
  }

  /** Players online as last answered, without waiting (the stats history's hook); starts an ask when one is due. */
  online(): number | undefined {
    void this.latest();
    return this.server.running && this.answer ? this.answer.online : undefined;
  }

  close(): void {
    this.unsubscribe();
  }

  private target(): QueryTarget | undefined {
    try {
      return queryTarget(this.server.definition, this.server.variables());
    } catch {
      // Variables that no longer fit their types: the start reports that, the query just has no port.
      return undefined;
    }
  }

  private async ask(target: QueryTarget, key: string): Promise<QueryAnswer | null> {
    const life = this.life;
    this.askedAt = this.options.now();
    this.askedOf = key;
    const answer = await this.options.ask(target, this.options.timeoutMs).catch(() => null);
    if (life !== this.life) return null;
    this.answer = answer;
    return answer;
  }
}
