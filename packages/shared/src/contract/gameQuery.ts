import { Type, type Static } from 'typebox';

// Issue 32, item 3: how many players a game server has, asked of the game itself (through gamedig
// on the node). A definition names the protocol and port; the node asks at most every 30 s.

/**
 * The gamedig game ids a definition may name, each tested or sharing a tested protocol: Minecraft
 * Java (server-list ping) and Bedrock, Source-engine games (A2S_INFO), and TShock's REST status
 * for Terraria. Factorio (gamedig asks factorio.com's lobby, not the server) and Palworld (its REST
 * API needs the admin password) are left out.
 */
export const QUERY_TYPES = [
  'minecraft',
  'mbe',
  'counterstrike2',
  'counterstrike15',
  'garrysmod',
  'teamfortress2',
  'left4dead2',
  'rust',
  'valheim',
  'projectzomboid',
  'terrariatshock',
] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** A definition's `query`: the protocol (a gamedig id) and the game's port, a number or the name of a variable holding it. */
export const GameQuery = Type.Object(
  {
    type: Type.Enum(QUERY_TYPES, { description: `a gamedig game id: ${QUERY_TYPES.join(', ')}` }),
    port: Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.String({ minLength: 1, maxLength: 100 })], {
      description: 'the port, or the name of a variable holding it (gamedig adds the game’s query offset, as Valheim’s +1)',
    }),
  },
  { additionalProperties: true },
);
export type GameQuery = Static<typeof GameQuery>;

/** GET .../query: what the game said. 204 instead when it has no query, is not running or did not answer. */
export const QueryAnswer = Type.Object({
  online: Type.Integer({ minimum: 0, description: 'players online' }),
  max: Type.Integer({ minimum: 0, description: 'player slots' }),
  players: Type.Optional(Type.Array(Type.String(), { description: 'names, when the game gives them' })),
  version: Type.Optional(Type.String()),
  motd: Type.Optional(Type.String({ description: 'the message of the day or server name' })),
});
export type QueryAnswer = Static<typeof QueryAnswer>;

/** How often a node asks a game at most; answers in between come from its cache. */
export const QUERY_INTERVAL_MS = 30_000;
