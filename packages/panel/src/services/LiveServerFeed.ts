import { panelCaller } from '@outpost/daemon';
import { NODE_LIVE_MAX, OutpostError, Scopes, type LiveServerState, type NodeCaller, type NodeClient, type NodeLiveReading } from '@outpost/shared';
import type { PanelContext } from '../context.js';

/** How often a watched server is read; the server page asks for stats every 3 s. */
export const LIVE_INTERVAL_MS = 2000;

/** How many servers' states a node too old for the batch call (no POST /daemon/node/live) is asked at once. */
const STATE_READS_AT_ONCE = 16;

/** The group of servers no node holds (deleted since they were listed): read as unknown without asking. */
const NOWHERE = -1;

/** How many servers' readings are handed to their watchers in one turn of the event loop. */
const HAND_OUT_SLICE = 250;

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
}

/** The watched servers of one node, read together in one call per interval. */
interface NodeGroup {
  /** Servers read on each tick. */
  ids: Set<string>;
  /** Servers watched since the last read, read at once (then they join `ids`). */
  fresh: Set<string>;
  freshQueued: boolean;
  /** A read of `ids` is under way: a tick skips the node rather than ask it twice (a slow node). */
  reading: boolean;
}

/** Where the feed finds a server's node, and a node's client. */
export interface LivePlacement {
  /** The node of a server; undefined when there is no such server. Servers never change node. */
  nodeOf(serverId: string): Promise<number | undefined>;
  /** Throws ErrNodeUnreachable (502) when the node cannot be asked. */
  clientOf(nodeId: number): Promise<NodeClient>;
}

// A batch names no single server, so the node answers it to the panel's own token only; each
// watcher was checked by the list route first. A node without the batch call is asked per server
// with only what a reading needs.
const feedCaller: NodeCaller = { user: 'panel', scopes: [Scopes.ServerView, Scopes.ServerStat] };

const stateOf = (reading: { running: boolean; installing?: boolean }): LiveServerState => (reading.installing ? 'installing' : reading.running ? 'online' : 'offline');

/** A node's reading as the lists show it. */
function presentReading(reading: NodeLiveReading): LiveReading {
  const { memoryLimit, players } = reading;
  return { state: stateOf(reading), cpu: Math.round((reading.cpu ?? 0) * 10) / 10, memory: reading.memory ?? 0, ...(memoryLimit && { memoryLimit }), ...(players && { players }) };
}

/** What a failed ask means for each server in it: a node that answers "no such server" is up; anything else means it could not be reached. */
function failedReading(error: unknown): LiveReading {
  const known = error instanceof OutpostError && error.status < 500;
  return { state: known ? 'unknown' : 'nodeOffline', cpu: 0, memory: 0 };
}

/**
 * The state, CPU, memory and players of the servers shown in server lists: each watched server is read
 * once per interval however many lists show it and however often they change (the node's own
 * stats are a shared sample too, sharedStats), and a reading is handed to every watcher. A node's
 * watched servers are read in one call (POST /daemon/node/live), so 5,000 watched servers on 5 nodes
 * cost the panel a few requests per interval rather than thousands.
 */
export class LiveServerFeed {
  private readonly watched = new Map<string, Watched>();
  private readonly groups = new Map<number, NodeGroup>();
  // One tick for every node, so a list showing servers of several nodes gets their readings together.
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly placement: LivePlacement) {}

  /** Calls `listener` with each reading of the server (the last one at once); answers the unwatch. */
  watch(serverId: string, listener: Listener): () => void {
    let entry = this.watched.get(serverId);
    if (!entry) {
      entry = { listeners: new Set() };
      this.watched.set(serverId, entry);
      void this.place(serverId, entry);
    } else if (entry.last) {
      listener(entry.last);
    }
    entry.listeners.add(listener);
    const watched = entry;
    // The entry outlives its last watcher until its next reading is due (the next tick), so lists
    // that leave the server and come back (paging back and forth, a flood of watch lists) cost its
    // node no extra read.
    return () => {
      watched.listeners.delete(listener);
    };
  }

  /**
   * The state of each server, for a list filtered by state: a watched server's last reading, the
   * others read now, each node's in one call.
   */
  async statesOf(servers: readonly { id: string; node_id: number }[]): Promise<Map<string, LiveServerState>> {
    const states = new Map<string, LiveServerState>();
    const unread = new Map<number, string[]>();
    for (const { id, node_id: node } of servers) {
      const last = this.watched.get(id)?.last;
      if (last) states.set(id, last.state);
      else unread.set(node, [...(unread.get(node) ?? []), id]);
    }
    await Promise.all(
      [...unread].map(async ([node, ids]) => {
        for (const [id, reading] of await this.read(node, ids)) states.set(id, reading.state);
      }),
    );
    return states;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.groups.clear();
    this.watched.clear();
  }

  /** Finds a new entry's node and has it read with the node's next batch of new servers. */
  private async place(serverId: string, entry: Watched): Promise<void> {
    let node: number;
    try {
      node = (await this.placement.nodeOf(serverId)) ?? NOWHERE;
    } catch {
      node = NOWHERE;
    }
    if (this.closed || this.watched.get(serverId) !== entry) return;
    const group = this.groupOf(node);
    group.fresh.add(serverId);
    if (group.freshQueued) return;
    group.freshQueued = true;
    setTimeout(() => void this.readFresh(node), 0);
  }

  private groupOf(node: number): NodeGroup {
    let group = this.groups.get(node);
    if (!group) {
      group = { ids: new Set(), fresh: new Set(), freshQueued: false, reading: false };
      this.groups.set(node, group);
      this.timer ??= setInterval(() => this.tick(), LIVE_INTERVAL_MS);
    }
    return group;
  }

  /** Of `ids`, those somebody watches; the others are forgotten, unread. */
  private stillWatched(ids: Iterable<string>): string[] {
    const kept: string[] = [];
    for (const id of ids) {
      const entry = this.watched.get(id);
      if (entry && entry.listeners.size > 0) kept.push(id);
      else this.watched.delete(id);
    }
    return kept;
  }

  private async readFresh(node: number): Promise<void> {
    const group = this.groups.get(node);
    if (!group || this.closed) return;
    group.freshQueued = false;
    const ids = this.stillWatched(group.fresh).filter((id) => !group.ids.has(id));
    group.fresh.clear();
    if (ids.length === 0) return;
    await this.readAndHand(node, ids);
    if (this.closed) return;
    const now = this.groupOf(node);
    for (const id of ids) if (this.watched.has(id)) now.ids.add(id);
  }

  /** One read of every server somebody still watches, each node's in one call, all nodes at once. */
  private tick(): void {
    for (const [node, group] of this.groups) {
      if (group.reading) continue;
      const ids = this.stillWatched(group.ids);
      group.ids = new Set(ids);
      if (ids.length === 0) {
        if (group.fresh.size === 0 && !group.freshQueued) this.groups.delete(node);
        continue;
      }
      group.reading = true;
      void this.readAndHand(node, ids).finally(() => (group.reading = false));
    }
    if (this.groups.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /**
   * Reads the servers and hands each reading to its watchers, a slice per turn of the event loop:
   * the watchers' sends of a thousand servers' readings, done in one go, would hold up every
   * request meanwhile.
   */
  private async readAndHand(node: number, ids: string[]): Promise<void> {
    const readings = [...(await this.read(node, ids))];
    for (let at = 0; at < readings.length && !this.closed; at += HAND_OUT_SLICE) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const [id, reading] of readings.slice(at, at + HAND_OUT_SLICE)) {
        const entry = this.watched.get(id);
        if (!entry) continue;
        entry.last = reading;
        for (const listener of entry.listeners) listener(reading);
      }
    }
  }

  /** A reading of each of `ids` on `node`: one call per NODE_LIVE_MAX servers. */
  private async read(node: number, ids: readonly string[]): Promise<Map<string, LiveReading>> {
    const readings = new Map<string, LiveReading>();
    const unknown: LiveReading = { state: 'unknown', cpu: 0, memory: 0 };
    if (node === NOWHERE) {
      for (const id of ids) readings.set(id, unknown);
      return readings;
    }
    let client: NodeClient;
    try {
      client = await this.placement.clientOf(node);
    } catch (error) {
      for (const id of ids) readings.set(id, failedReading(error));
      return readings;
    }
    for (let at = 0; at < ids.length; at += NODE_LIVE_MAX) {
      const chunk = ids.slice(at, at + NODE_LIVE_MAX);
      try {
        for (const reading of await client.liveReadings(panelCaller, chunk)) readings.set(reading.id, presentReading(reading));
        // Servers the node does not hold.
        for (const id of chunk) if (!readings.has(id)) readings.set(id, unknown);
      } catch (error) {
        // A node older than the batch call has no such route: asked per server instead.
        if (error instanceof OutpostError && error.status === 404) await this.readEach(client, chunk, readings);
        else for (const id of chunk) readings.set(id, failedReading(error));
      }
    }
    return readings;
  }

  /** Per server, a few at a time so a thousand servers do not flood a node. */
  private async readEach(client: NodeClient, ids: readonly string[], into: Map<string, LiveReading>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        into.set(id, await readOne(client, id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(STATE_READS_AT_ONCE, ids.length) }, worker));
  }
}

async function readOne(client: NodeClient, serverId: string): Promise<LiveReading> {
  try {
    const status = await client.getStatus(feedCaller, serverId);
    if (!status.running) return { state: stateOf(status), cpu: 0, memory: 0 };
    // The node answers the query from its cache between asks of the game (every 30 s), so this costs no game a packet.
    const [stats, query] = await Promise.all([client.getStats(feedCaller, serverId), client.getQuery(feedCaller, serverId)]);
    return presentReading({ id: serverId, ...status, installing: status.installing ?? false, cpu: stats.cpu, memory: stats.memory, memoryLimit: stats.limits?.memory, ...(query && { players: { online: query.online, max: query.max } }) });
  } catch (error) {
    return failedReading(error);
  }
}

// One feed per panel, shared by the list route and the live route (app.panel is the same object in both).
const feeds = new WeakMap<object, LiveServerFeed>();

/** The panel's feed, made on first use; serversLive.ts closes it with the app. */
export function liveServerFeed(panel: PanelContext): LiveServerFeed {
  let feed = feeds.get(panel);
  if (!feed) {
    feed = new LiveServerFeed({
      nodeOf: async (serverId) => (await panel.repo.servers.byId(serverId))?.node_id,
      clientOf: (nodeId) => panel.nodes.forNode(nodeId),
    });
    feeds.set(panel, feed);
  }
  return feed;
}
