import { QUERY_INTERVAL_MS } from '@outpost/shared';
import type { QueryAnswer } from '@outpost/shared';
import { askGame } from './askGame.js';
import { ServerQuery, type QueriedServer, type ServerQueryOptions } from './ServerQuery.js';

/** A server as the node's queries see it: its query's inputs, and its deletion. */
export interface QueryableServer extends QueriedServer {
  readonly id: string;
  onGone(listener: () => void): () => void;
}

const DEFAULTS: ServerQueryOptions = { intervalMs: QUERY_INTERVAL_MS, settleMs: 5000, timeoutMs: 3000, now: Date.now, ask: askGame };

/** The game queries of a node's servers, one per server made when first asked of and dropped with it. */
export class ServerQueries {
  private readonly queries = new Map<string, ServerQuery>();
  private readonly options: ServerQueryOptions;

  constructor(
    /** The server by id, or undefined when the node has none. */
    private readonly find: (id: string) => QueryableServer | undefined,
    options: Partial<ServerQueryOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The game's answer for GET .../query (null: no query, not running or no answer). */
  latest(server: QueryableServer): Promise<QueryAnswer | null> {
    return this.of(server).latest();
  }

  /** Players online as last answered, for the stats history; undefined when unknown. */
  online(id: string): number | undefined {
    const server = this.find(id);
    return server?.definition.query ? this.of(server).online() : undefined;
  }

  private of(server: QueryableServer): ServerQuery {
    let query = this.queries.get(server.id);
    if (!query) {
      const made = new ServerQuery(server, this.options);
      this.queries.set(server.id, made);
      server.onGone(() => {
        made.close();
        this.queries.delete(server.id);
      });
      query = made;
    }
    return query;
  }
}
