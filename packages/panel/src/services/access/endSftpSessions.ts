import type { NodeClient } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';

// A node that does not answer must not hold up a logout; its sessions are logged as left open.
const NODE_ANSWER_MS = 5000;

/** `work`, or a failure once a node has taken NODE_ANSWER_MS to answer: what ending access waits for a node. */
export function withinTime(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${NODE_ANSWER_MS} ms`)), NODE_ANSWER_MS);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Ends a user's open SFTP sessions when their access ends (endAccess): on one server's node when
 * a permission there changes, or on every node at logout and password change; with `keyId`, only
 * those an SSH key opened. The panel asks as the user themselves, which a node allows as it only narrows.
 */
export async function endSftpSessions(request: FastifyRequest, userId: number, serverId?: string, keyId?: number): Promise<void> {
  const caller = { user: String(userId), scopes: [] };
  const { repo, nodes } = request.server.panel;
  const targets: { name: string; client: () => NodeClient | Promise<NodeClient> }[] = [];
  if (serverId !== undefined) {
    const server = await repo.servers.byId(serverId);
    if (!server) return;
    targets.push({ name: `node ${server.node_id}`, client: () => nodes.forNode(server.node_id) });
  } else {
    for (const node of await repo.nodes.list()) targets.push({ name: `node ${node.id}`, client: () => nodes.forRow(node) });
  }
  await Promise.all(
    targets.map(async (target) => {
      try {
        await withinTime((async () => (await target.client()).endSftpSessions(caller, String(userId), serverId, keyId === undefined ? undefined : String(keyId)))());
      } catch (error) {
        request.log.warn({ err: error, userId, serverId, keyId, node: target.name }, 'could not end SFTP sessions on a node');
      }
    }),
  );
}
