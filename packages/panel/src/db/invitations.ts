import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface InvitationRow {
  tokenHash: string;
  email: string;
  serverId: string;
  scopes: string[];
  invitedBy: number | null;
  expiresAt: number;
}

const fromRow = (row: { token_hash: string; email: string; server_id: string; scopes: string; invited_by: number | null; expires_at: number | string }): InvitationRow => ({
  tokenHash: row.token_hash,
  email: row.email,
  serverId: row.server_id,
  scopes: row.scopes.split(' ').filter(Boolean),
  invitedBy: row.invited_by,
  expiresAt: Number(row.expires_at),
});

/** The invitations table: pending invitations of an email to a server. */
export function invitationsRepository(db: Kysely<Database>) {
  return {
    /** Stores an invitation, replacing any earlier one of the same email to the same server. */
    async replace(invitation: InvitationRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('invitations').where('server_id', '=', invitation.serverId).where('email', '=', invitation.email).execute();
        await trx
          .insertInto('invitations')
          .values({
            token_hash: invitation.tokenHash,
            email: invitation.email,
            server_id: invitation.serverId,
            scopes: invitation.scopes.join(' '),
            invited_by: invitation.invitedBy,
            expires_at: invitation.expiresAt,
          })
          .execute();
      });
    },

    async byHash(tokenHash: string): Promise<InvitationRow | undefined> {
      const row = await db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && fromRow(row);
    },

    /** The invitations of a server that have not expired. */
    async ofServer(serverId: string, now: number): Promise<InvitationRow[]> {
      const rows = await db.selectFrom('invitations').selectAll().where('server_id', '=', serverId).where('expires_at', '>', now).execute();
      return rows.map(fromRow);
    },

    /** The invitations of an email, to any server, that have not expired. */
    async ofEmail(email: string, now: number): Promise<InvitationRow[]> {
      const rows = await db.selectFrom('invitations').selectAll().where('email', '=', email).where('expires_at', '>', now).execute();
      return rows.map(fromRow);
    },

    /** Deletes one invitation; answers whether it was there, so only one request can use it. */
    async take(tokenHash: string): Promise<boolean> {
      const result = await db.deleteFrom('invitations').where('token_hash', '=', tokenHash).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async deleteFor(serverId: string, email: string): Promise<number> {
      const result = await db.deleteFrom('invitations').where('server_id', '=', serverId).where('email', '=', email).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('invitations').where('expires_at', '<=', now).execute();
    },

    async deleteForServer(serverId: string): Promise<void> {
      await db.deleteFrom('invitations').where('server_id', '=', serverId).execute();
    },
  };
}
