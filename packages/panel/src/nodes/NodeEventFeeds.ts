import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { panelCaller, Rounds } from '@outpost/daemon';
import { NODE_EVENTS_MAX_WAIT_SECONDS, SYSTEM_ACTOR, type ActivityEvent, type NodeEventBatch } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import type { NodeRow } from '../db/nodes.js';
import type { ActivityLog } from '../services/activity/ActivityLog.js';
import type { NodeClients } from './NodeClients.js';

/** How the feeds wait: back-off while a node is down, the long poll's hold, how often the node list is read. */
export interface NodeEventFeedTiming {
  firstRetryMs: number;
  maxRetryMs: number;
  waitSeconds: number;
  /** A node added or removed is followed or dropped within this long. */
  syncMs: number;
}

export const NODE_EVENT_FEED_TIMING: NodeEventFeedTiming = { firstRetryMs: 1000, maxRetryMs: 30_000, waitSeconds: NODE_EVENTS_MAX_WAIT_SECONDS, syncMs: 5000 };

/** Where the panel has read a node's journal up to: the daemon's start and the last number taken. */
export interface FeedPosition {
  boot: string;
  seq: number;
}

/**
 * The events of remote nodes' servers (crashes, install outcomes, task results, backups) into the
 * activity log: one long poll per remote node on its journal (GET /daemon/node/events), each event
 * emitted once. The local node's events come in-process (startLocalNode), so it is not read here.
 * Positions are kept in memory and in the node's row (events_boot, events_seq): a reconnect, a
 * restarted panel or another panel taking over the once-only jobs (services/cluster/) continues
 * where the last read stopped; a restarted daemon is read from its start. A node never read before
 * is read from its start when its daemon started after this panel process (no earlier panel saw
 * its events), from then on otherwise.
 */
export class NodeEventFeeds {
  private readonly loops = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private readonly positions = new Map<number, FeedPosition>();
  private readonly rounds: Rounds;
  private readonly timing: NodeEventFeedTiming;

  constructor(
    private readonly repo: Repositories,
    private readonly clients: NodeClients,
    private readonly activity: Pick<ActivityLog, 'emit'>,
    timing: Partial<NodeEventFeedTiming> = {},
    private readonly warn: (details: object, msg: string) => void = () => undefined,
  ) {
    this.timing = { ...NODE_EVENT_FEED_TIMING, ...timing };
    this.rounds = new Rounds(
      () =>
        this.repo.nodes
          .list()
          .then((rows) => {
            const remote = new Set(rows.filter((row) => !row.is_local).map((row) => row.id));
            for (const id of remote) if (!this.loops.has(id)) this.follow(id);
            for (const id of this.loops.keys()) if (!remote.has(id)) this.drop(id);
          })
          .catch((error: unknown) => this.warn({ err: error }, 'node event feeds: the node list could not be read')),
      this.timing.syncMs,
    );
  }

  /** Follows every remote node now, and those added later within syncMs. */
  start(): void {
    this.rounds.start({ now: true });
  }

  /** Ends every loop (their long polls are abandoned) and waits for them. */
  async stop(): Promise<void> {
    await this.rounds.stop();
    const loops = [...this.loops.values()];
    this.loops.clear();
    for (const loop of loops) loop.abort.abort();
    await Promise.all(loops.map((loop) => loop.done));
  }

  /** Starts a loop for each remote node without one and ends those of nodes removed (one round at a time). */
  sync(): Promise<void> {
    return this.rounds.run();
  }

  /** Where a node's journal has been read up to; undefined before its first answer. */
  positionOf(nodeId: number): FeedPosition | undefined {
    return this.positions.get(nodeId);
  }

  private follow(nodeId: number): void {
    const abort = new AbortController();
    const done = this.run(nodeId, abort.signal).catch((error: unknown) => this.warn({ err: error, node: nodeId }, 'node event feed stopped'));
    this.loops.set(nodeId, { abort, done });
  }

  private drop(nodeId: number): void {
    this.loops.get(nodeId)?.abort.abort();
    this.loops.delete(nodeId);
    this.positions.delete(nodeId);
  }

  private async run(nodeId: number, signal: AbortSignal): Promise<void> {
    let retryMs = this.timing.firstRetryMs;
    while (!signal.aborted) {
      try {
        const row = await this.repo.nodes.byId(nodeId);
        // Removed, or made the local one: the next sync drops the loop.
        if (!row || row.is_local) return;
        const at = this.positions.get(nodeId) ?? storedPosition(row);
        const batch = await this.clients.forRow(row).nodeEvents(panelCaller, at?.seq, this.timing.waitSeconds, at?.boot, signal);
        if (!at && batch.age * 1000 < performance.now()) {
          // First contact with a daemon younger than this panel: its whole journal is news.
          if (!signal.aborted) this.positions.set(nodeId, { boot: batch.boot, seq: 0 });
          continue;
        }
        await this.deliver(row, batch, signal);
        retryMs = this.timing.firstRetryMs;
      } catch (error) {
        if (signal.aborted) return;
        // One line, no stack, when a node stops answering: outpost run says the node went offline already.
        if (retryMs === this.timing.firstRetryMs) this.warn({ node: nodeId, reason: (error as Error).message }, 'node event feed: the node did not answer, retrying');
        await sleep(retryMs, undefined, { signal }).catch(() => undefined);
        retryMs = Math.min(retryMs * 2, this.timing.maxRetryMs);
      }
    }
  }

  /**
   * Emits a batch's events and moves the position past them in one synchronous step, so a loop
   * ended meanwhile emits none of them and the next read answers them again: each is emitted once.
   */
  private async deliver(node: NodeRow, batch: NodeEventBatch, signal: AbortSignal): Promise<void> {
    // A node speaks only for the servers the panel placed on it.
    const placed = new Map<string, boolean>();
    for (const { event } of batch.events) {
      if (!placed.has(event.server)) placed.set(event.server, (await this.repo.servers.byId(event.server))?.node_id === node.id);
    }
    if (signal.aborted) return;
    if (batch.lost) this.warn({ node: node.id, lost: batch.lost }, "node event feed: events of the node's journal were gone before the panel read them");
    const now = Date.now();
    for (const { time, event } of batch.events) {
      if (!placed.get(event.server)) {
        this.warn({ node: node.id, server: event.server, event: event.event }, 'node event feed: an event for a server not on this node was ignored');
        continue;
      }
      const { actor, ...rest } = event;
      // Dated when the node saw it; a node whose clock runs ahead never dates one in the future.
      const at = Math.min(Date.parse(time) || now, now);
      this.activity.emit({ ...rest, actor: actor ?? SYSTEM_ACTOR } as ActivityEvent, at);
    }
    this.positions.set(node.id, { boot: batch.boot, seq: batch.next });
    if (batch.events.length > 0 || batch.boot !== node.events_boot) {
      await this.repo.nodes.update(node.id, { events_boot: batch.boot, events_seq: batch.next }).catch((error: unknown) => this.warn({ err: error, node: node.id }, 'node event feed: its position could not be saved'));
    }
  }
}

function storedPosition(row: NodeRow): FeedPosition | undefined {
  return row.events_boot === null || row.events_seq === null ? undefined : { boot: row.events_boot, seq: Number(row.events_seq) };
}
