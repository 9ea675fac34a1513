import type { FastifyInstance } from 'fastify';
import { AnyNodeToken, callArgs, nodeCalls, requestArg, routeOf, serverActionScopes, successStatus } from '@outpost/shared';
import type { NodeCall, NodeCaller, NodeClient } from '@outpost/shared';
import { callerOf } from './authorize.js';

type CallTable = Readonly<Record<string, NodeCall>>;
type Method = (caller: NodeCaller, ...args: unknown[]) => Promise<unknown>;

/**
 * The daemon's route of each row of the call table (shared contract/daemonRoutes.ts): the row's
 * scope is checked by the onRequest hook, the handler reads the row's arguments from the request,
 * makes its NodeApi call and answers the row's status. `calls` is the table; a test may add rows.
 */
export function callRoutes(app: FastifyInstance, api: NodeClient, calls: CallTable = nodeCalls): void {
  for (const [key, row] of Object.entries(calls)) {
    const { method, path } = routeOf(key);
    const args = callArgs(key, row);
    const status = successStatus(row);
    const call = (api as unknown as Record<string, Method>)[row.call];
    app.route({
      method,
      url: path,
      schema: schemaOf(row),
      config: { scope: row.action === AnyNodeToken ? AnyNodeToken : serverActionScopes[row.action], bodyField: row.bodyField },
      handler: async (request, reply) => {
        const result = await call.call(api, callerOf(request), ...args.map((name) => requestArg(request, name)));
        // A row that also names 204 answers it for a null result: nothing to say (GET .../query).
        if (status !== 200 || (result === null && row.response[204])) return reply.status(status === 200 ? 204 : status).send();
        return row.answer ? { [row.answer]: result } : result;
      },
    });
  }
}

/** The row's schemas as Fastify takes them (a body NodeApi reads itself is left unchecked). */
function schemaOf(row: NodeCall) {
  const { params, querystring, response } = row;
  const body = row.uncheckedBody ? undefined : row.body;
  return { response, ...(params && { params }), ...(querystring && { querystring }), ...(body && { body }) };
}
