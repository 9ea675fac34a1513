import { parsePortBinding } from '@outpost/shared';
import type { QueryType, ServerDefinition } from '@outpost/shared';

/** Where a game is asked: its gamedig id, and the game's port on this node. */
export interface QueryTarget {
  type: QueryType;
  host: string;
  port: number;
}

const LOOPBACK = '127.0.0.1';

/**
 * The game's query target from a definition and the server's variable values, or undefined when
 * it names no query or its port variable holds no port. The program runs on this node, so it is
 * asked on the loopback; a Docker container's port is the one the node publishes for it.
 */
export function queryTarget(def: ServerDefinition, variables: Record<string, unknown>): QueryTarget | undefined {
  const query = def.query;
  if (!query) return undefined;
  const port = Number(typeof query.port === 'string' ? variables[query.port] : query.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  const env = def.environment;
  if (env?.type === 'docker' && env.networkMode !== 'host') {
    const published = (env.portBindings ?? []).map((text) => parsePortBinding(text)).find((binding) => binding?.insidePort === port);
    if (published) return { type: query.type, host: LOOPBACK, port: published.outsidePort };
  }
  return { type: query.type, host: LOOPBACK, port };
}
