import { HttpNodeClient, NodeSessionsPool } from '@outpost/daemon';
import { OutpostError, type NodeClient } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import type { NodeRow } from '../db/nodes.js';

/**
 * Which NodeClient answers for a node: the in-process daemon for the local node (attached by
 * `outpost run` once it has started), HTTP with the node's secret for every other node.
 */
export class NodeClients {
  private local?: NodeClient;
  /** This panel's sockets to its nodes, shared by the clients it makes (one socket per node). */
  private readonly sessions = new NodeSessionsPool();

  constructor(private readonly repo: Repositories) {}

  /** Hands over the local node's in-process client; undefined detaches it (the daemon stopped). */
  attachLocal(client: NodeClient | undefined): void {
    this.local = client;
  }

  /** The client for a node row. */
  forRow(node: NodeRow): NodeClient {
    if (node.is_local) {
      if (!this.local) throw new OutpostError('ErrNodeUnreachable', `node ${node.name} is not running`, { node: node.id });
      return this.local;
    }
    // Without a private address the panel dials the public one (the node's form leaves it optional).
    const dial = node.private_host || node.public_host;
    const host = dial.includes(':') ? `[${dial}]` : dial;
    // HttpNodeClient itself answers 502 ErrNodeUnreachable when the node does not answer.
    return new HttpNodeClient({ baseUrl: `http://${host}:${node.private_port}`, nodeId: String(node.id), secret: node.secret, sessions: this.sessions });
  }

  /** The client of the node a server lives on. */
  async forNode(nodeId: number): Promise<NodeClient> {
    const node = await this.repo.nodes.byId(nodeId);
    if (!node) throw new OutpostError('ErrNotFound', `no node ${nodeId}`, { node: nodeId }, 404);
    return this.forRow(node);
  }
}
