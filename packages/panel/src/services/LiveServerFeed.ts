import { OutpostError, Scopes, type LiveServerState, type NodeCaller, type NodeClient } from '@outpost/shared';
import type { PanelContext } from '../context.js';

/** How often a watched server is read; the server page asks for stats every 3 s. */
export const LIVE_INTERVAL_MS = 2000;

/** How many servers' states a state-filtered list reads at once. */
const STATE_READS_AT_ONCE = 16;

/** One reading of a server, as every watcher of it gets it. */
export interface LiveReading {
  state: LiveServerState;
  cpu: number;
  memory: number;
  /** MiB, when the server has a memory limit. */
  memoryLimit?: number;
  /** Players online and slots, when the game answered its query. */
  players?: { online: number; max: number };
}

type Listener = (reading: LiveReading) => void;

interface Watched {
  listeners: Set<Listener>;
  last?: LiveReading;
  timer?: NodeJS.Timeout;
}

// The feed reads for every watcher at once, each of whom the list route checked first; it
// asks the node with only what a reading needs.
const feedCaller: NodeCaller = { user: 'panel', scopes: [Scopes.ServerView, Scopes.ServerStat] };

/**
 * The state, CPU, memory and players of the servers shown in server lists: each watched server is read
 * once per interval however many lists show it and however often they change (the node's own
 * stats are a shared sample too, sharedStats), and a reading is handed to every watcher.
 */
export class LiveServerFeed {
  private readonly watched = new Map<string, Watched>();
  private closed = false;

  constructor(private readonly clientOf: (serverId: string) => Promise<NodeClient | undefined>) {}

  /** Calls `listener` with each reading of the server (the last one at once); answers the unwatch. */
  watch(serverId: string, listener: Listener): () => void {
    let entry = this.watched.get(serverId);
    if (!entry) {
      entry = { listeners: new Set() };
      this.watched.set(serverId, entry);
      this.schedule(serverId, entry, 0);
    } else if (entry.last) {
      listener(entry.last);
    }
    entry.listeners.add(listener);
    const watched = entry;
    // The entry outlives its last watcher until its next reading is due (schedule), so lists that
    // leave the server and come back (paging back and forth, a flood of watch lists) cost its node
    // no extra read.
    return () => {
      watched.listeners.delete(listener);
    };
  }

  /**
   * The state of each server, for a list filtered by state: a watched server's last reading, the
   * others read now (status only), a few at a time so a thousand servers do not flood a node.
   */
  async statesOf(serverIds: readonly string[]): Promise<Map<string, LiveServerState>> {
    const states = new Map<string, LiveServerState>();
    let next = 0;
    const worker = async () => {
      while (next < serverIds.length) {
        const id = serverIds[next++];
        states.set(id, this.watched.get(id)?.last?.state ?? (await this.read(id, false)).state);
      }
    };
    await Promise.all(Array.from({ length: Math.min(STATE_READS_AT_ONCE, serverIds.length) }, worker));
    return states;
  }

  close(): void {
    this.closed = true;
    for (const entry of this.watched.values()) clearTimeout(entry.timer);
    this.watched.clear();
  }

  private schedule(serverId: string, entry: Watched, delay: number): void {
    entry.timer = setTimeout(() => {
      // Nobody watches it any more: forget it rather than read it.
      if (entry.listeners.size === 0) {
        this.watched.delete(serverId);
        return;
      }
      void this.read(serverId).then((reading) => {
        if (this.closed || this.watched.get(serverId) !== entry) return;
        entry.last = reading;
        for (const listener of entry.listeners) listener(reading);
        this.schedule(serverId, entry, LIVE_INTERVAL_MS);
      });
    }, delay);
  }

  private async read(serverId: string, withStats = true): Promise<LiveReading> {
    try {
      const client = await this.clientOf(serverId);
      if (!client) return { state: 'unknown', cpu: 0, memory: 0 };
      const status = await client.getStatus(feedCaller, serverId);
      const stats = status.running && withStats ? await client.getStats(feedCaller, serverId) : { cpu: 0, memory: 0 };
      const state: LiveServerState = status.installing ? 'installing' : status.running ? 'online' : 'offline';
      const memoryLimit = 'limits' in stats ? stats.limits?.memory : undefined;
      // The node answers from its cache between asks of the game (every 30 s), so this costs no game a packet.
      const query = status.running && withStats ? await client.getQuery(feedCaller, serverId) : null;
      const players = query ? { online: query.online, max: query.max } : undefined;
      return { state, cpu: Math.round(stats.cpu * 10) / 10, memory: stats.memory, ...(memoryLimit && { memoryLimit }), ...(players && { players }) };
    } catch (error) {
      // A node that answers "no such server" is up; anything else means it could not be reached.
      const known = error instanceof OutpostError && error.status < 500;
      return { state: known ? 'unknown' : 'nodeOffline', cpu: 0, memory: 0 };
    }
  }
}

// One feed per panel, shared by the list route and the live route (app.panel is the same object in both).
const feeds = new WeakMap<object, LiveServerFeed>();

/** The panel's feed, made on first use; serversLive.ts closes it with the app. */
export function liveServerFeed(panel: PanelContext): LiveServerFeed {
  let feed = feeds.get(panel);
  if (!feed) {
    feed = new LiveServerFeed(async (serverId) => {
      const server = await panel.repo.servers.byId(serverId);
      return server ? panel.nodes.forNode(server.node_id) : undefined;
    });
    feeds.set(panel, feed);
  }
  return feed;
}
