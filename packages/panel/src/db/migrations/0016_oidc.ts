import type { Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';
import { withId } from './0001_foundation.js';

/**
 * OpenID Connect providers and the accounts linked to them (issue 33). The client secret is kept
 * as it is, like a webhook's: every code exchange sends it, and the panel has no key to seal it
 * with. A subject is linked to one account per provider; a provider's links go with it.
 */
export function oidc(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(dialect, db.schema.createTable('oidc_providers'))
        .addColumn('label', 'varchar(60)', (c) => c.notNull())
        .addColumn('icon', 'varchar(16)', (c) => c.notNull())
        .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('client_secret', 'varchar(500)', (c) => c.notNull())
        // Space-separated, as sent in the authorization request.
        .addColumn('scopes', 'varchar(500)', (c) => c.notNull())
        .addColumn('create_accounts', 'integer', (c) => c.notNull())
        // Space-separated email domains; empty: any.
        .addColumn('allowed_domains', 'text', (c) => c.notNull())
        // JSON {claim, values: {value: scopes[]}} or null.
        .addColumn('claim_mapping', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('oidc_links')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (c) => c.notNull().references('oidc_providers.id').onDelete('cascade'))
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('email', 'varchar(255)', (c) => c.notNull())
        // 1 when the provider made the account: its mapped scopes are synced at each sign-in.
        .addColumn('created_account', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oidc_links_subject').on('oidc_links').columns(['provider_id', 'subject']).unique().execute();
      await db.schema.createIndex('oidc_links_user').on('oidc_links').columns(['user_id', 'provider_id']).unique().execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('oidc_links').execute();
      await db.schema.dropTable('oidc_providers').execute();
    },
  };
}
