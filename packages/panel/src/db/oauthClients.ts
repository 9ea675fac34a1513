import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface OAuthClientRow {
  clientId: string;
  secretHash: string;
  userId: number;
  /** Null for an account client. */
  serverId: string | null;
  name: string;
  description: string;
}

const columns = ['client_id', 'secret_hash', 'user_id', 'server_id', 'name', 'description'] as const;

function fromRow(row: { client_id: string; secret_hash: string; user_id: number; server_id: string | null; name: string; description: string }): OAuthClientRow {
  return { clientId: row.client_id, secretHash: row.secret_hash, userId: row.user_id, serverId: row.server_id, name: row.name, description: row.description };
}

/** The oauth_clients table; a client's access tokens are rows of sessions with its client_id. */
export function oauthClientsRepository(db: Kysely<Database>) {
  return {
    async insert(client: Omit<OAuthClientRow, 'clientId'> & { clientId: string }): Promise<void> {
      await db
        .insertInto('oauth_clients')
        .values({
          client_id: client.clientId,
          secret_hash: client.secretHash,
          user_id: client.userId,
          server_id: client.serverId,
          name: client.name,
          description: client.description,
          created_at: Date.now(),
        })
        .execute();
    },

    async byId(clientId: string): Promise<OAuthClientRow | undefined> {
      const row = await db.selectFrom('oauth_clients').select(columns).where('client_id', '=', clientId).executeTakeFirst();
      return row && fromRow(row);
    },

    /** A user's clients on one server, or their account clients when serverId is null; oldest first. */
    async list(userId: number, serverId: string | null): Promise<OAuthClientRow[]> {
      let query = db.selectFrom('oauth_clients').select(columns).where('user_id', '=', userId);
      query = serverId === null ? query.where('server_id', 'is', null) : query.where('server_id', '=', serverId);
      return (await query.orderBy('created_at').orderBy('client_id').execute()).map(fromRow);
    },

    /** Removes a client and its access tokens together; answers the token hashes that were ended. */
    async delete(clientId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const tokens = await trx.selectFrom('sessions').select('token_hash').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('sessions').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('oauth_clients').where('client_id', '=', clientId).execute();
        return tokens.map((t) => t.token_hash);
      });
    },
  };
}
