import type { Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';
import { withId } from './0001_foundation.js';

/**
 * Template repositories added by URL, besides the one shipped with Outpost. The one repository
 * the `panel.templates.repository` setting could name before becomes the first row.
 */
export function templateRepositories(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(dialect, db.schema.createTable('template_repositories'))
        .addColumn('url', 'varchar(500)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      const old = (await db.selectFrom('settings').select('value').where('key', '=', 'panel.templates.repository').executeTakeFirst()) as { value?: string } | undefined;
      const url = old?.value?.trim().replace(/\/+$/, '');
      if (url && url.length <= 500) await db.insertInto('template_repositories').values({ url, created_at: Date.now() }).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('template_repositories').execute();
    },
  };
}
