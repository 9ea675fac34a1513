import { AnyNodeToken, callArgs, NoContent, nodeCalls, requestArg, responses, routeOf, serverActionScopes, successStatus } from '@outpost/shared';
import type { NodeCall, NodeCaller } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { serverPaths } from './serverPaths.js';
import { actorOf, serverAccess } from '../../services/policy/policy.js';
import { emitCallOutcome } from '../../services/activity/callEvents.js';

type Method = (caller: NodeCaller, ...args: unknown[]) => Promise<unknown>;

const DAEMON_SERVER = '/daemon/server/:id';

/**
 * /proxy/daemon/server/{id}/... and /api/servers/{id}/... (serverPaths.ts): the panel's routes of
 * each row of the call table (shared nodeCalls) that has `proxy`. The scopes plugin checks the
 * row's action; the handler finds the server, the caller's scopes on it and its node's client,
 * makes the row's NodeClient call with the arguments the row names, and answers as the daemon
 * does (or with the row's proxy status).
 */
export function callProxyRoutes(calls: Readonly<Record<string, NodeCall>> = nodeCalls) {
  return async function (app: FastifyInstance): Promise<void> {
    for (const [key, row] of Object.entries(calls)) {
      if (!row.proxy || row.action === AnyNodeToken) continue;
      const { method, path } = routeOf(key);
      const args = callArgs(key, row);
      const status = row.proxy.status ?? successStatus(row);
      const { params, querystring, body } = row;
      if (!path.startsWith(DAEMON_SERVER)) throw new Error(`${key}: a proxied call is one on a server, under ${DAEMON_SERVER}`);
      for (const url of serverPaths(path.slice(DAEMON_SERVER.length))) app.route({
        method,
        url,
        schema: {
          summary: row.proxy.summary,
          tags: ['proxy'],
          ...(params && { params }),
          ...(querystring && { querystring }),
          ...(body && { body }),
          response: row.proxy.status ? responses({ [row.proxy.status]: NoContent }) : row.response,
        },
        config: { scope: serverActionScopes[row.action] },
        handler: async (request, reply) => {
          const { client, caller, server } = await serverAccess(request);
          if (row.actor) caller.actor = await actorOf(request);
          const call = (client as unknown as Record<string, Method>)[row.call];
          const askedAt = Date.now();
          const result = await call.call(client, caller, ...args.map((name) => (name === 'id' ? server.id : requestArg(request, name))));
          await emitCallOutcome(request, row.action, server.id, askedAt);
          if (status !== 200) return reply.code(status).send(null);
          return row.answer ? { [row.answer]: result } : result;
        },
      });
    }
  };
}
