import { GameDig, games } from 'gamedig';
import type { QueryAnswer } from '@outpost/shared';
import type { QueryTarget } from './queryTarget.js';

// One runner for the node: it keeps one UDP socket for every Source and Bedrock ask.
const runner = new GameDig();

/** The game's own query port: its port plus the offset gamedig knows for it (Valheim's +1, TShock's +101). */
export function queryPortOf(type: string, port: number): number {
  const offset = games[type]?.options.port_query_offset;
  return port + (Array.isArray(offset) ? offset[0] : (offset ?? 0));
}

/**
 * Asks the game once through gamedig, on its query port only (no guessing of others, so a game
 * that does not answer costs one timeout), and shapes the answer. Rejects when it does not answer.
 */
export async function askGame(target: QueryTarget, timeoutMs: number): Promise<QueryAnswer> {
  const result = await runner.query({
    type: target.type,
    host: target.host,
    port: queryPortOf(target.type, target.port),
    givenPortOnly: true,
    maxRetries: 1,
    // Minecraft's ask waits for its two UDP probes (GameSpy, Bedrock) as well: they must give up before the whole ask does.
    socketTimeout: Math.max(500, timeoutMs - 1000),
    attemptTimeout: timeoutMs,
  });
  // Sorted: games list players in join order or reversed, a card reads better alphabetically.
  const names = result.players
    .map((player) => player.name?.trim() ?? '')
    .filter((name) => name !== '')
    .sort((a, b) => a.localeCompare(b));
  return {
    online: Math.max(0, Math.trunc(result.numplayers || result.players.length)),
    max: Math.max(0, Math.trunc(result.maxplayers || 0)),
    ...(names.length > 0 && { players: names }),
    ...(result.version && { version: result.version }),
    ...(result.name && { motd: result.name }),
  };
}
