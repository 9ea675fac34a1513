import { OutpostError, type BackupStorageState, type LimitEnforcement, type NodeCaller } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import type { NodeRow } from '../db/nodes.js';
import { Rounds } from '@outpost/daemon';
import type { NodeClients } from './NodeClients.js';

/** What the panel last learnt of a node. */
export interface NodeState {
  online: boolean;
  /** The daemon's version from its last answer; kept while it is down, null until it first answers. */
  version: string | null;
  /** How the node's backup storage last answered, as the node said; kept while it is down, null until it says. */
  backups: BackupStorageState | null;
  /** What the node can enforce of servers' limits, as it last said; kept while it is down, null until it says. */
  limits: LimitEnforcement | null;
  /** Its open SFTP sessions at the last check, when it is online and serves SFTP (the /metrics gauge). */
  sftpSessions?: number;
  /** Why the last check failed (an error code), when it did. */
  error?: string;
}

/** How often every node is asked: often enough that the node list and the server page catch up within seconds. */
export const NODE_HEALTH_INTERVAL_MS = 5000;

/** A check that takes longer than this counts as down: a daemon that accepts but never answers is no better. */
const CHECK_TIMEOUT_MS = 4000;

// The health route takes any token signed with the node's secret, so the check asks for nothing else.
const healthCaller: NodeCaller = { user: 'panel', scopes: [] };

/**
 * The panel's background health check: asks each node's daemon what it is (GET /daemon/node)
 * every interval and keeps the answer for the node list and the server page. Started when the
 * app is ready, stopped when it closes.
 */
export class NodeHealth {
  private readonly states = new Map<number, NodeState>();
  private readonly rounds: Rounds;
  private readonly watchers = new Set<(node: NodeRow, online: boolean) => void>();

  constructor(
    private readonly repo: Repositories,
    private readonly clients: NodeClients,
    intervalMs = NODE_HEALTH_INTERVAL_MS,
  ) {
    this.rounds = new Rounds(
      () =>
        this.repo.nodes
          .list()
          .then((rows) => Promise.all(rows.map((row) => this.check(row))))
          .then(() => undefined, () => undefined),
      intervalMs,
    );
  }

  start(): void {
    this.rounds.start({ now: true });
  }

  /** Stops the checks and waits for the one under way. */
  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Calls `watcher` each time a node goes from online to offline or back (not on its first check). */
  watch(watcher: (node: NodeRow, online: boolean) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** The last known state of a node; offline until a check has said otherwise. */
  stateOf(nodeId: number): NodeState {
    return this.states.get(nodeId) ?? { online: false, version: null, backups: null, limits: null };
  }

  /** Checks every node now (one round at a time: a slow node never piles rounds up). */
  checkAll(): Promise<void> {
    return this.rounds.run();
  }

  /** Checks one node now and keeps the answer. */
  async check(row: NodeRow): Promise<NodeState> {
    let state: NodeState;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new OutpostError('ErrNodeUnreachable', 'the node did not answer in time')), CHECK_TIMEOUT_MS);
      });
      const info = await Promise.race([this.clients.forRow(row).nodeInfo(healthCaller), timeout]);
      state = { online: true, version: info.version, backups: info.backups ?? null, limits: info.limits ?? null, ...(info.sftpSessions !== undefined && { sftpSessions: info.sftpSessions }) };
    } catch (error) {
      const last = this.stateOf(row.id);
      state = { online: false, version: last.version, backups: last.backups, limits: last.limits, error: error instanceof OutpostError ? error.code : 'ErrNodeUnreachable' };
    } finally {
      clearTimeout(timer);
    }
    const before = this.states.get(row.id);
    this.states.set(row.id, state);
    if (before && before.online !== state.online) for (const watcher of this.watchers) watcher(row, state.online);
    return state;
  }

  /** Drops what is known of a node that was deleted. */
  forget(nodeId: number): void {
    this.states.delete(nodeId);
  }
}
