// The part of gamedig 5 (plain JavaScript, no types of its own) the node uses.
declare module 'gamedig' {
  export interface GamedigPlayer {
    name?: string;
  }
  export interface GamedigResult {
    name: string;
    version: string;
    numplayers: number;
    maxplayers: number;
    players: GamedigPlayer[];
  }
  export interface GamedigOptions {
    type: string;
    host: string;
    port: number;
    givenPortOnly?: boolean;
    socketTimeout?: number;
    attemptTimeout?: number;
    maxRetries?: number;
    requestRules?: boolean;
  }
  export class GameDig {
    query(options: GamedigOptions): Promise<GamedigResult>;
  }
  export const games: Record<string, { name: string; options: { port?: number; port_query?: number; port_query_offset?: number | number[]; protocol: string } }>;
}
