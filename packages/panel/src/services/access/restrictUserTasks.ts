import type { FastifyRequest } from 'fastify';
import { withinTime } from './endSftpSessions.js';
import { heldOnServer } from '../policy/policy.js';

/**
 * Tells the nodes what a user holds now on one server, or on every server (deleted, demoted), so
 * the tasks they saved there do no more than that (NodeClient.restrictTasks): a task that needs
 * more stops running on its schedule and shows as disabled until someone who may saves it. The
 * panel asks as the user themselves, as the call only narrows. A node that does not answer is
 * logged: its tasks keep what they had until one is saved again.
 */
export async function restrictUserTasks(request: FastifyRequest, userId: number, serverId?: string): Promise<void> {
  const { repo, nodes } = request.server.panel;
  const servers = serverId === undefined ? await repo.servers.matching({}) : [await repo.servers.byId(serverId)].filter((server) => server !== undefined);
  // What a session of theirs would hold on each server: their panel scopes and their scopes there (none once deleted).
  const session = { userId, tokenHash: '', scopes: await repo.permissions.panelScopes(userId) };
  const heldByNode = new Map<number, Record<string, string[]>>();
  for (const server of servers) {
    const held = heldByNode.get(server.node_id) ?? {};
    held[server.id] = await heldOnServer(repo, session, server.id);
    heldByNode.set(server.node_id, held);
  }
  const user = String(userId);
  await Promise.all(
    [...heldByNode].map(async ([nodeId, held]) => {
      try {
        await withinTime((async () => (await nodes.forNode(nodeId)).restrictTasks({ user, scopes: [] }, user, held))());
      } catch (error) {
        request.log.warn({ err: error, userId, serverId, node: nodeId }, 'could not restrict the tasks of a user on a node');
      }
    }),
  );
}
