import type { Kysely } from 'kysely';

/**
 * State several panels on one database must share (issue 34): the attempts counted against each
 * budget (logins, registrations, resets, notification mails), and short-lived one-use tickets
 * (a login waiting for its one-time code, an OpenID flow, a passkey challenge). Both are keyed by
 * a sha256, so neither an email nor a ticket is stored as given, and every key fits MySQL's indexes.
 */
export function attemptsAndTickets() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('attempts')
        // Random, made by the panel: every dialect knows the row to give back without returning ids.
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('budget', 'varchar(64)', (c) => c.notNull())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
        // When the attempt leaves its budget's window.
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('attempts_key').on('attempts').columns(['budget', 'key_hash', 'expires_at']).execute();
      await db.schema.createIndex('attempts_expires').on('attempts').column('expires_at').execute();

      await db.schema
        .createTable('tickets')
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tickets_pk', ['kind', 'ticket_hash'])
        .execute();
      await db.schema.createIndex('tickets_expires').on('tickets').column('expires_at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('tickets').execute();
      await db.schema.dropTable('attempts').execute();
    },
  };
}
