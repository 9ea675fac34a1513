import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface OidcLinkRow {
  userId: number;
  providerId: number;
  subject: string;
  email: string;
  /** The provider made the account: its mapped scopes follow the claim at each sign-in. */
  createdAccount: boolean;
  createdAt: number;
}

type Row = { user_id: number; provider_id: number; subject: string; email: string; created_account: number; created_at: number | string };

const fromRow = (row: Row): OidcLinkRow => ({
  userId: Number(row.user_id),
  providerId: Number(row.provider_id),
  subject: row.subject,
  email: row.email,
  createdAccount: Number(row.created_account) === 1,
  createdAt: Number(row.created_at),
});

const columns = ['user_id', 'provider_id', 'subject', 'email', 'created_account', 'created_at'] as const;

/** The oidc_links table: which provider subject signs in to which account. */
export function oidcLinksRepository(db: Kysely<Database>) {
  return {
    async bySubject(providerId: number, subject: string): Promise<OidcLinkRow | undefined> {
      const row = await db.selectFrom('oidc_links').select(columns).where('provider_id', '=', providerId).where('subject', '=', subject).executeTakeFirst();
      return row && fromRow(row);
    },

    async ofUser(userId: number): Promise<OidcLinkRow[]> {
      return (await db.selectFrom('oidc_links').select(columns).where('user_id', '=', userId).orderBy('created_at').execute()).map(fromRow);
    },

    /** A duplicate subject (or a second link of one account to one provider) throws the driver's unique error. */
    async insert(link: Omit<OidcLinkRow, 'createdAt'>): Promise<void> {
      await db
        .insertInto('oidc_links')
        .values({ user_id: link.userId, provider_id: link.providerId, subject: link.subject, email: link.email, created_account: link.createdAccount ? 1 : 0, created_at: Date.now() })
        .execute();
    },

    async delete(userId: number, providerId: number): Promise<boolean> {
      const result = await db.deleteFrom('oidc_links').where('user_id', '=', userId).where('provider_id', '=', providerId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
